/**
 * The Stately inspector in development: `VITE_INSPECT=1 npm run dev` opens it in a popup and every actor created
 * with `{ inspect }` (useActorRef, createActor) shows up there, with its state, context and events.
 *
 * `inspect` is undefined unless VITE_INSPECT is '1'. Vite replaces `import.meta.env.VITE_INSPECT` at build time, so
 * in a normal build the branch below is dead code and @statelyai/inspect is left out of the bundles. The inspector
 * loads with a dynamic import while the first actors already start, so their events wait in a buffer until it is
 * ready (the inspector needs each actor's registration event to show it).
 */
import type { InspectionEvent, Observer } from 'xstate'

type InspectFn = (event: InspectionEvent) => void

function createDevInspect(): InspectFn {
  let target: Observer<InspectionEvent> | undefined
  const pending: InspectionEvent[] = []
  import('@statelyai/inspect').then(
    ({ createBrowserInspector }) => {
      const inspector = createBrowserInspector()
      target = inspector.inspect
      for (const event of pending.splice(0)) target.next?.(event)
    },
    (error: unknown) => {
      console.warn('No se pudo cargar el inspector de Stately', error)
      pending.length = 0
      target = { next: () => {} }
    },
  )
  return (event) => {
    if (target) target.next?.(event)
    else pending.push(event)
  }
}

export const inspect: InspectFn | undefined = import.meta.env.VITE_INSPECT === '1' ? createDevInspect() : undefined
