/** Chunk of the collaborator's area (spec 2.8): two screens. */
export { CollaboratorHomePage } from '../../features/collaborator/CollaboratorHomePage'
export { CollaboratorUploadPage } from '../../features/collaborator/CollaboratorUploadPage'
