/** Placeholder: replaced by the real screen (spec 2.7 Mis trámites). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function ProviderClaimsPage() {
  return <PlaceholderPage title="Mis trámites" />
}
