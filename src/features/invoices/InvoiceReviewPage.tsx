/** Placeholder: replaced by the real screen (spec 2.6 Invoice review). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function InvoiceReviewPage() {
  return <PlaceholderPage title="Revisión de factura" />
}
