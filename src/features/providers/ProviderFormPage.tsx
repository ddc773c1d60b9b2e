/** Placeholder: replaced by the real screen (spec 2.6, 5 Provider form). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { FormMode } from '../../lib/profile'

export function ProviderFormPage(_props: { mode: FormMode }) {
  return <PlaceholderPage title="Proveedor" />
}
