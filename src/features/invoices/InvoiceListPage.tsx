/** Placeholder: replaced by the real screen (spec 2.6 Facturas). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function InvoiceListPage() {
  return <PlaceholderPage title="Facturas" />
}
