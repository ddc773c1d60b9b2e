/** Placeholder: replaced by the real screen (spec 2.6 Proveedores). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function ProviderListPage() {
  return <PlaceholderPage title="Proveedores" />
}
