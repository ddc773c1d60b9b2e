/**
 * Route elements of the Flujos screen. The page (machine catalogue, graph model, tables) loads as its own chunk on
 * first visit (its title shows at once), and Mermaid only when a diagram is drawn, so neither grows the main
 * bundle. The short address /flujos is FlowsShortcut.tsx.
 */
import { lazy, Suspense } from 'react'
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
