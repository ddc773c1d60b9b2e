/**
 * The red alert banner and the first load of a page, as every page machine had them written out: one copy here.
 *
 * A page machine keeps `alert: string | null` in its context; its actions `showAlert` set it (a failed call's
 * reason) and `dismissAlert` clears it (the banner's close button, a retry, a new attempt). Those two stay in each
 * machine's `setup`: spread from here, they stop xstate inferring the params of the machine's other actions. When the page's first load fails it
 * goes to a `loadFailed` state: banner 'Error' and 'Reintentar', which clears the banner and loads again.
 *
 * These are plain config objects and implementations (no state of their own): the machine still names every state
 * and event in its own config, so the diagrams in docs/machines read the same. In stately.ai/viz, paste this file
 * along with the machine (tools/visualizerCheck.ts warns about project imports).
 */
import { LOAD_ERROR } from './failureReason'

interface AlertContext {
  alert: string | null
}

/** Guard `hasAlert`: there is a banner to close. */
export const alertGuards = {
  hasAlert: ({ context }: { context: AlertContext }) => context.alert !== null,
}

/** The root `on` of a page with a banner: its close button (`alert.dismiss`) closes it when there is one. */
export const alertDismissal = { 'alert.dismiss': { guard: 'hasAlert', actions: 'dismissAlert' } } as const

/** The first load failed (`onError` of the load): banner 'Error', then `loadFailed`. */
export const toLoadFailed = { target: 'loadFailed', actions: { type: 'showAlert', params: { message: LOAD_ERROR } } } as const

/** What `loadFailed` shows unless a page says more. */
const LOAD_FAILED_VIEW = 'Banner rojo «Error» y botón «Reintentar»'

/**
 * The `loadFailed` state: the banner stays until 'Reintentar' (event `retry`), which clears it and goes back to
 * the load (`loading` unless `target` says another state).
 */
export function loadFailedState<TRetry extends string, TTarget extends string = 'loading'>(
  retry: TRetry,
  { view = LOAD_FAILED_VIEW, target = 'loading' as TTarget }: { view?: string; target?: TTarget } = {},
) {
  const again = { target, actions: 'dismissAlert' } as const
  return { meta: { view }, on: { [retry]: again } as Record<TRetry, typeof again> }
}

/** Input of the calls that need only the claim: its `idEvento`. */
export const idEventoInput = ({ context }: { context: { idEvento: number } }) => ({ idEvento: context.idEvento })
