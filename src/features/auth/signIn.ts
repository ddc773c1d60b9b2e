/** The real actors of the sign-in machines: API calls whose failure reason becomes the rejection message. */

import { loginCollaborator, login, type CollaboratorLoginPayload, type LoginPayload } from '../../api/auth'
import { getUserRoles } from '../../api/catalog'
import type { LoginResponse, RoleCatalog } from '../../api/schemas'
import { fromRequest } from '../../lib/requestActor'

export const loadRolesActor = fromRequest<RoleCatalog, void>(async ({ signal }) => {
  const result = await getUserRoles(signal)
  if (!result.success) throw new Error(result.reason)
  return result.response
})

export const signInActor = fromRequest<LoginResponse, LoginPayload>(async ({ input, signal }) => {
  const result = await login(input, signal)
  if (!result.success) throw new Error(result.reason)
  return result.response
})

export const collaboratorSignInActor = fromRequest<LoginResponse, CollaboratorLoginPayload>(async ({ input, signal }) => {
  const result = await loginCollaborator(input, signal)
  if (!result.success) throw new Error(result.reason)
  return result.response
})
