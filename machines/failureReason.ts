// How a machine reads a failed actor is a domain rule (domain/failureReason.ts); machines import it from here.
export { failureReason, LOAD_ERROR, reasonOf } from '../domain/failureReason'
