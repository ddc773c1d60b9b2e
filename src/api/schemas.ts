/**
 * The superstruct check of the answer envelope every call shares. What `response` holds is checked with structs
 * generated from the contract (./structOf.ts, domain/contract); `type()` lets the server add fields.
 */
import { any, boolean, nullable, optional, string, type } from 'superstruct'

export const EnvelopeStruct = type({
  success: boolean(),
  response: optional(any()),
  reason: optional(nullable(string())),
})
