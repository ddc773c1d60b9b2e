/**
 * /flujos, the short address of issue 7, forwards to /administrador/flujos, whose guard sends every other role to
 * its own home and a signed-out visitor to the sign-in. Its own module, with nothing but the router, because the
 * entry chunk holds it.
 */
import { Navigate, useParams } from 'react-router-dom'

export function FlowsShortcut() {
  const { id } = useParams()
  return <Navigate to={id === undefined ? '/administrador/flujos' : `/administrador/flujos/${encodeURIComponent(id)}`} replace />
}
