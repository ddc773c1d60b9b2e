/**
 * The answer envelope of spec section 7: `{ success, response, reason }`, `reason` always Spanish. Every answer of
 * the API is one; a failure has `success: false`, `response: null` and the reason a person reads.
 */
import { Type, type Static, type TSchema } from './schema'

export const Envelope = <T extends TSchema>(response: T) =>
  Type.Object({ success: Type.Boolean(), response, reason: Type.String() })

export const ErrorEnvelope = Type.Object({ success: Type.Boolean(), response: Type.Null(), reason: Type.String() })
export type ErrorEnvelope = Static<typeof ErrorEnvelope>

export { ApiError, failureReason } from './apiError'
