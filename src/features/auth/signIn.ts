/**
 * The real actors of the sign-in machines: API calls that resolve with the answer or throw its ApiError.
 *
 * The API helper (ofetch, the answer checks, the sign-in calls) is not part of the sign-in page's first download
 * (issue 24: the page is drawn and usable without it); it starts downloading when the user first types
 * (`preloadSignInCalls`), so it is there by the time 'Iniciar sesión' or 'Buscar' is pressed.
 */
import type { LoginResponse } from '../../../domain/contract/auth'
import type { RoleCatalog } from '../../../domain/contract/catalog'
import type { CollaboratorLoginPayload, LoginPayload } from '../../api/auth'
import { fromRequest } from '../../lib/requestActor'
import { pageRoleCatalog } from '../../lib/runtimeConfig'

const authCalls = () => import('../../api/auth')

/** Starts downloading the sign-in calls (again: the browser keeps the module, so later calls cost nothing). */
export function preloadSignInCalls(): void {
  void authCalls()
}

/** The catalogue that came with the page (/app-config.js); the API only when the page had none. */
export const loadRolesActor = fromRequest<RoleCatalog, void>(({ signal }) => {
  const fromPage = pageRoleCatalog()
  return fromPage ? Promise.resolve(fromPage) : import('../../api/catalog').then((catalog) => catalog.getUserRoles(signal))
})

export const signInActor = fromRequest<LoginResponse, LoginPayload>(({ input, signal }) =>
  authCalls().then((auth) => auth.login(input, signal)),
)

export const collaboratorSignInActor = fromRequest<LoginResponse, CollaboratorLoginPayload>(({ input, signal }) =>
  authCalls().then((auth) => auth.loginCollaborator(input, signal)),
)
