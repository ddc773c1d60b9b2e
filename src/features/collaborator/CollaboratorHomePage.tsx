/** Placeholder: replaced by the real screen (spec 2.8 Collaborator home). Keep the export name and props; the route table uses them. */
import { PlaceholderPage } from '../../app/PlaceholderPage'


export function CollaboratorHomePage() {
  return <PlaceholderPage title="Mis trámites" />
}
