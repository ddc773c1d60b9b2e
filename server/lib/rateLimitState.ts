/**
 * Where the rate-limit counters are kept right now, for /readyz and /metrics: the configured store, the one in use
 * (the fallback while Redis does not answer) and how many times a store failed a request's count.
 */
export type RateLimitStoreKind = 'redis' | 'database' | 'memory'

export interface RateLimitState {
  configured: RateLimitStoreKind
  active: RateLimitStoreKind
  /** Counts a store could not make (Redis down or slow, PostgreSQL down): the request went on without it. */
  errors: number
}

export const newRateLimitState = (configured: RateLimitStoreKind): RateLimitState => ({ configured, active: configured, errors: 0 })

/** What /readyz says about the counters when they are not where the configuration put them (Spanish, for operators). */
export function rateLimitNotice(state: RateLimitState): string | undefined {
  if (state.active === state.configured) return undefined
  const where = state.active === 'database' ? 'en PostgreSQL' : 'en la memoria de esta instancia'
  return `Redis no responde: los límites de solicitudes se cuentan ${where} hasta que vuelva`
}
