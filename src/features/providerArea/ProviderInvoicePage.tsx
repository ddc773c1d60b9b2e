/** Placeholder: replaced by the real screen (spec 2.7 Cargar factura). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function ProviderInvoicePage() {
  return <PlaceholderPage title="Factura trámite" />
}
