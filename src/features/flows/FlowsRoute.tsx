/**
 * Route elements of the Flujos screen. The page (machine catalogue, graph model, tables) loads as its own chunk on
 * first visit (its title shows at once), and Mermaid only when a diagram is drawn, so neither grows the main
 * bundle. /flujos, the short address of the issue, forwards to /administrador/flujos, whose guard sends every other
 * role to its own home and a signed-out visitor to the sign-in.
 */
import { lazy, Suspense } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import { LoadingBlock, PageHeader } from '../../ui'
import { FLOWS } from './messages'

const FlowsPage = lazy(() => import('./FlowsPage').then((module) => ({ default: module.FlowsPage })))

export function FlowsRoute() {
  return (
    <Suspense
      fallback={
        <div>
          <PageHeader title={FLOWS.title} />
          <LoadingBlock label={FLOWS.loadingPage} />
        </div>
      }
    >
      <FlowsPage />
    </Suspense>
  )
}

export function FlowsShortcut() {
  const { id } = useParams()
  return <Navigate to={id === undefined ? '/administrador/flujos' : `/administrador/flujos/${encodeURIComponent(id)}`} replace />
}
