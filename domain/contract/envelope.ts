/**
 * The answer envelope of spec section 7: `{ success, response, reason }`, `reason` always Spanish. Every answer of
 * the API is one; a failure has `success: false`, `response: null` and the reason a person reads.
 */
import { Type, type Static, type TSchema } from './schema'

export const Envelope = <T extends TSchema>(response: T) =>
  Type.Object({ success: Type.Boolean(), response, reason: Type.String() })

export const ErrorEnvelope = Type.Object({ success: Type.Boolean(), response: Type.Null(), reason: Type.String() })
export type ErrorEnvelope = Static<typeof ErrorEnvelope>

/**
 * A failed call, as the app's machines receive it: `reason` is the server's Spanish text ('' when it gave none,
 * so the screen shows the spec's own fallback), `status` the HTTP status when the server answered.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason || `HTTP ${status ?? 'sin respuesta'}`)
  }
}

/** The reason to show for a failure: the server's, or the screen's fallback text of spec section 8. */
export function failureReason(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.reason.trim() !== '' ? error.reason : fallback
}
