/** Placeholder: replaced by the real screen (spec 2.5, 2.11 New claim page). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { StaffArea } from '../../lib/profile'

export function NewClaimPage(_props: { area: StaffArea }) {
  return <PlaceholderPage title="Nuevo trámite" />
}
