/**
 * `fromPromise` for API calls whose answer is dropped once the actor that asked for it has been stopped.
 *
 * Why: a stopped promise actor aborts its signal, and our API helper then resolves with 'Solicitud cancelada'. In
 * React's StrictMode (and the coming Activity API) @xstate/react stops a screen's actor and starts the *same* actor
 * refs again from their snapshot, so the first, aborted call would settle onto the revived actor and show a failure
 * while the second call is still running. An aborted call's outcome belongs to nobody: it never settles.
 */
import { fromPromise, type NonReducibleUnknown } from 'xstate'

type PromiseCreator<TOutput, TInput> = Parameters<typeof fromPromise<TOutput, TInput>>[0]

const never = <T>() => new Promise<T>(() => {})

export function fromRequest<TOutput, TInput = NonReducibleUnknown>(creator: PromiseCreator<TOutput, TInput>) {
  return fromPromise<TOutput, TInput>(async (args) => {
    try {
      const output = await creator(args)
      return args.signal.aborted ? never<TOutput>() : output
    } catch (error) {
      if (args.signal.aborted) return never<TOutput>()
      throw error
    }
  })
}
