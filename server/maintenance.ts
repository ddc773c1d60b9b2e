/**
 * Background work of a running server (server/main.ts starts it after listening; tests build apps without it):
 * the orphan-file sweep at start and every `orphanSweepSeconds`, and, with the database rate-limit store, pruning
 * the counters whose window ended. At start it also writes the service-level clocks that are missing (claims from
 * before migration 0009, or written by the seeds without the lifecycle). Never delays the start and never throws: a failed round is logged and retried at
 * the next one.
 */
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config'
import { pruneRateLimits } from './lib/rateLimit'
import { sweepOrphans } from './storage/orphans'
import { backfillClaimClocks } from './domain/serviceLevels/clocks'

export interface Maintenance {
  /** Resolves when the first round (the sweep at start) finished. */
  firstRound: Promise<void>
  /** Stops the timer and waits for a round in progress. */
  stop: () => Promise<void>
}

export function startMaintenance(app: FastifyInstance, config: AppConfig): Maintenance {
  let stopped = false
  let running: Promise<void> = Promise.resolve()

  const round = async () => {
    try {
      const swept = await sweepOrphans(app.db, app.fileStore, { graceMs: config.orphanGraceSeconds * 1000 })
      if (swept.removed.length > 0) app.log.info(`Archivos huérfanos eliminados: ${swept.removed.length} de ${swept.checked} revisados`)
      if (config.rateLimitStore === 'database') await pruneRateLimits(app.db)
    } catch (err) {
      if (!stopped) app.log.error(`Mantenimiento: ${(err as Error).message}`)
    }
  }

  const backfill = async () => {
    try {
      const written = await backfillClaimClocks(app.db)
      if (written > 0) app.log.info(`Relojes de nivel de servicio calculados: ${written}`)
    } catch (err) {
      if (!stopped) app.log.error(`Relojes de nivel de servicio: ${(err as Error).message}`)
    }
  }

  const firstRound = (running = backfill().then(round))
  const timer =
    config.orphanSweepSeconds > 0
      ? setInterval(() => {
          running = running.then(round)
        }, config.orphanSweepSeconds * 1000)
      : undefined
  timer?.unref()

  return {
    firstRound,
    stop: async () => {
      stopped = true
      if (timer) clearInterval(timer)
      await running
    },
  }
}
