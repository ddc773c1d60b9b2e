/** Placeholder: replaced by the real screen (spec 2.11 Mis trámites). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { ClaimArea } from '../../lib/profile'

export function ClaimListPage(_props: { area: ClaimArea }) {
  return <PlaceholderPage title="Mis trámites" />
}
