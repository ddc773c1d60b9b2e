/**
 * How the machines read a failed actor. Injected actors RESOLVE with the answer the screen uses and THROW an
 * `ApiError` (domain/contract/envelope.ts) when the call fails: its `reason` is the server's Spanish text, '' when
 * no server answered. A technical message (`Error.message`) is never shown: the spec gives its own fallback texts.
 */
import { ApiError } from './contract/envelope'

export { failureReason } from './contract/envelope'

/** The server's reason, or null when there is none to show (the machine then words the failure itself). */
export function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.reason.trim() !== '' ? error.reason : null
}

/** The spec's generic alert for a failed load (spec section 8: 'Fund summary or claim load failure'). */
export const LOAD_ERROR = 'Error'
