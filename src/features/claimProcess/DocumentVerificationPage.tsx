/** Placeholder: replaced by the real screen (spec 2.11 Document verification). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'
import type { ClaimArea } from '../../lib/profile'

export function DocumentVerificationPage(_props: { area: ClaimArea }) {
  return <PlaceholderPage title="Verificación de documentos" />
}
