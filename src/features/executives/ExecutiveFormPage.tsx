/** Placeholder: replaced by the real screen (spec 2.6, 5 Executive form). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { FormMode } from '../../lib/profile'

export function ExecutiveFormPage(_props: { mode: FormMode }) {
  return <PlaceholderPage title="Ejecutivo" />
}
