/** Placeholder: replaced by the real screen (spec 2.8 Carga de datos). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function CollaboratorUploadPage() {
  return <PlaceholderPage title="Carga de datos" />
}
