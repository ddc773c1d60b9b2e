/** Chunk of the two sign-in screens and their shell: all a signed-out visitor downloads besides the entry. */
export { PublicLayout } from '../shell/PublicLayout'
export { RootRoute } from '../../features/auth/RootRoute'
export { CollaboratorLoginPage } from '../../features/auth/CollaboratorLoginPage'
