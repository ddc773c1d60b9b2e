/**
 * How the issue-4 machines read a failed actor. Injected actors RESOLVE with the answer the screen uses and THROW
 * when the call fails or answers `success: false`. The Spanish reason travels on the thrown value: ofetch's
 * FetchError keeps the envelope `{ success, response, reason }` in `data`, an adapter may also throw `{ reason }`.
 * A technical message (`Error.message`) is never shown: the spec gives its own fallback texts.
 */
export function failureReason(error: unknown, fallback: string): string {
  return reasonOf(error) ?? fallback
}

export function reasonOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const direct = (error as { reason?: unknown }).reason
  if (typeof direct === 'string' && direct.trim() !== '') return direct
  const data = (error as { data?: unknown }).data
  if (typeof data === 'object' && data !== null) {
    const nested = (data as { reason?: unknown }).reason
    if (typeof nested === 'string' && nested.trim() !== '') return nested
  }
  return null
}

/** The spec's generic alert for a failed load (spec section 8: 'Fund summary or claim load failure'). */
export const LOAD_ERROR = 'Error'
