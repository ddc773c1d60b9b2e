/**
 * Route guard of every signed-in route: a visitor without a session goes to the sign-in (/login-colaborador for
 * the collaborator area, / otherwise); a signed-in user in another role's area goes to their own home.
 *
 * Leaving a session (logout, 'Token inválido', failed refresh) is the session machine's business: its `leaveTo`
 * navigates to the spec's destination. So once this guard has seen a session, it renders nothing when the session
 * ends instead of redirecting on its own (which would race the machine and could pick another destination).
 */
import { useRef } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { canOpenPath, homePathForRole, signInPathFor } from '../lib/profile'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { useSessionUser } from '../lib/session'

export function RequireSession() {
  const user = useSessionUser()
  const { pathname } = useLocation()
  const sawSession = useRef(false)
  const { partnerPrefix } = getRuntimeConfig()
  if (!user) {
    return sawSession.current ? null : <Navigate to={signInPathFor(pathname, partnerPrefix)} replace />
  }
  sawSession.current = true
  if (!canOpenPath(pathname, user.rol, partnerPrefix)) return <Navigate to={homePathForRole(user.rol, partnerPrefix)} replace />
  return <Outlet />
}
