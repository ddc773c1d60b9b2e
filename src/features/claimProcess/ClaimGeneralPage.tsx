/** Placeholder: replaced by the real screen (spec 2.11 General data). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { ClaimArea } from '../../lib/profile'

export function ClaimGeneralPage(_props: { area: ClaimArea }) {
  return <PlaceholderPage title="Datos generales del trámite" />
}
