/** Placeholder: replaced by the real screen (spec 2.6, 2.11 Executives list). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function ExecutiveListPage() {
  return <PlaceholderPage title="Ejecutivos" />
}
