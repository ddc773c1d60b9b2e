/** Placeholder: replaced by the real screen (spec 2.11 Reportes). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { StaffArea } from '../../lib/profile'

export function ReportsPage(_props: { area: StaffArea }) {
  return <PlaceholderPage title="Reportes" />
}
