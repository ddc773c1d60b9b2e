/** Placeholder: replaced by the real screen (spec 2.11 Assign provider). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { StaffArea } from '../../lib/profile'

export function AssignProviderPage(_props: { area: StaffArea }) {
  return <PlaceholderPage title="Asignar proveedor" />
}
