/** `/`: a stored session goes to its role's home (spec 2.3); otherwise the role sign-in. */
import { Navigate } from 'react-router-dom'
import { homePathForRole } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { useSessionUser } from '../../lib/session'
import { LoginPage } from './LoginPage'
import type { PreloadRoleHome } from './landingPreload'

export function RootRoute({ preloadRoleHome }: { preloadRoleHome: PreloadRoleHome }) {
  const user = useSessionUser()
  if (user) return <Navigate to={homePathForRole(user.rol, getRuntimeConfig().partnerPrefix)} replace />
  return <LoginPage preloadRoleHome={preloadRoleHome} />
}
