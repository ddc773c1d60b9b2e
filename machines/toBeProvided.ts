import { fromPromise } from 'xstate'

/**
 * A promise actor (an API call) that the app or a test supplies with `machine.provide({ actors })`; until then it
 * fails naming itself. The machines stay pure: they declare the call and its types, never its transport. (The
 * session machine keeps its one placeholder inline, so it still pastes into stately.ai/viz with no other file.)
 */
export const toBeProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`)
  })
