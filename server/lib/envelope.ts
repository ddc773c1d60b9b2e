/** The spec's answer envelope `{ success, response, reason }`; `reason` is always Spanish. */
export interface Envelope<T> {
  success: boolean
  response: T | null
  reason: string
}

export const ok = <T>(response: T, reason = ''): Envelope<T> => ({ success: true, response, reason })
export const fail = (reason: string): Envelope<null> => ({ success: false, response: null, reason })
