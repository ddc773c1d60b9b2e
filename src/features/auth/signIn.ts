/** The real actors of the sign-in machines: API calls that resolve with the answer or throw its ApiError. */
import type { LoginResponse } from '../../../domain/contract/auth'
import type { RoleCatalog } from '../../../domain/contract/catalog'
import { loginCollaborator, login, type CollaboratorLoginPayload, type LoginPayload } from '../../api/auth'
import { getUserRoles } from '../../api/catalog'
import { fromRequest } from '../../lib/requestActor'
import { pageRoleCatalog } from '../../lib/runtimeConfig'

/** The catalogue that came with the page (/app-config.js); the API only when the page had none. */
export const loadRolesActor = fromRequest<RoleCatalog, void>(({ signal }) => {
  const fromPage = pageRoleCatalog()
  return fromPage ? Promise.resolve(fromPage) : getUserRoles(signal)
})

export const signInActor = fromRequest<LoginResponse, LoginPayload>(({ input, signal }) => login(input, signal))

export const collaboratorSignInActor = fromRequest<LoginResponse, CollaboratorLoginPayload>(({ input, signal }) =>
  loginCollaborator(input, signal),
)
