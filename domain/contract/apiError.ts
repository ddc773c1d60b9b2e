/**
 * How a failed call reaches the app's machines. Apart from the envelope's schemas (./envelope.ts) because it is
 * code, not a shape: the app's build replaces the contract's TypeBox modules by the JSON Schema they evaluate to
 * (scripts/vite/contractLiterals.ts), and only their re-exports of code like this survive that.
 */
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
