/**
 * `npm start`: opens the database (PGlite under DATA_DIR/pg, or PostgreSQL at DATABASE_URL), which applies the
 * migrations, seeds the demo data on the first start only, then serves the API and the built app on PORT and
 * prints the URL and the demo accounts, and starts the background maintenance (orphan files, expired counters).
 *
 * SIGTERM/SIGINT shut down gracefully: /readyz answers 503 at once, the server stops accepting connections, every
 * request in flight finishes, then the database (pool or PGlite) closes and the process exits 0. Requests still
 * running after SHUTDOWN_TIMEOUT_MS (25 s) are abandoned and the process exits 1.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { buildApp } from './app'
import { loadConfig, type AppConfig } from './config'
import { resolveJwtSecret } from './auth/secret'
import { openDb } from './db/client'
import { openFileStore } from './storage/openFileStore'
import { DEMO_COLLABORATOR, demoAccounts, seedDemoData, type SeedResult } from './seed'
import { startMaintenance, type Maintenance } from './maintenance'
import { startTracing } from './observability/tracing'
import { serveBackups } from './backup/controlSocket'
import { dumpDatabase } from './backup/databaseDump'

export interface RunningServer {
  app: FastifyInstance
  config: AppConfig
  url: string
  port: number
  seed: SeedResult
  maintenance: Maintenance
  close: () => Promise<void>
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  // Before the database opens: the pg instrumentation patches `pg` as it loads (observability/tracing.ts).
  const tracing = await startTracing(env)
  const loaded = loadConfig(env)
  const config: AppConfig = { ...loaded, jwtSecret: resolveJwtSecret(loaded.jwtSecret, loaded.dataDir) }
  const db = await openDb(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg'), thread: config.pgliteThread })
  let app: FastifyInstance | undefined
  try {
    const seedStore = openFileStore(config)
    const seed = await seedDemoData(db.db, seedStore, { emailDomain: config.internalEmailDomains[0] }).finally(() => seedStore.close())
    app = await buildApp({ config, db, notificationWorker: true })
    await app.listen({ port: config.port, host: config.host })
    const port = (app.server.address() as AddressInfo).port
    const running = app
    const maintenance = startMaintenance(running, config)
    // PGlite: `npm run backup` asks this process, the only one that may open the folder (server/backup/controlSocket.ts).
    const backups = db.kind === 'pglite' ? await serveBackups(config.dataDir, { kind: 'pglite', dumpDatabase: () => dumpDatabase(db), store: running.fileStore }) : null
    const close = async () => {
      running.draining = true
      await backups?.close()
      await maintenance.stop()
      await running.close()
      await tracing?.shutdown()
    }
    return { app: running, config, url: `http://localhost:${port}`, port, seed, maintenance, close }
  } catch (err) {
    if (app) await app.close()
    else await db.close()
    await tracing?.shutdown()
    throw err
  }
}

/** The start-up banner: URL, what the seed did, and one demo account per role. */
export function banner(server: Pick<RunningServer, 'url' | 'seed' | 'config'>): string {
  const accounts = demoAccounts(server.config.internalEmailDomains[0], server.config.partnerName)
  const seedLine = server.seed.seeded
    ? `Datos de demostración creados en ${(server.seed.ms / 1000).toFixed(1)} s (${server.seed.counts.claims} trámites).`
    : server.seed.reason === 'already-seeded'
      ? 'Datos de demostración: ya estaban cargados.'
      : 'Datos de demostración: omitidos, la base de datos ya tenía usuarios.'
  const rows = accounts.map((a) => [a.role, a.email, a.password])
  const widths = [0, 1, 2].map((i) => Math.max(...[['Perfil', 'Correo', 'Contraseña'], ...rows].map((r) => r[i]!.length)))
  const line = (r: string[]) => '  ' + r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')
  return [
    '',
    `Portal de trámites listo en ${server.url}`,
    seedLine,
    '',
    'Cuentas de demostración (/login):',
    line(['Perfil', 'Correo', 'Contraseña']),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `Colaborador (/login-colaborador): número de colaborador ${DEMO_COLLABORATOR.idColaborador}, número de trámite ${DEMO_COLLABORATOR.idEvento} (C${DEMO_COLLABORATOR.idEvento})`,
    '',
  ].join('\n')
}

async function main() {
  const server = await startServer()
  console.log(banner(server))
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    server.app.log.info(`${signal}: cerrando el servidor; se terminan las solicitudes en curso`)
    const force = setTimeout(() => {
      console.error(`${signal}: quedaron solicitudes sin terminar tras ${server.config.shutdownTimeoutMs} ms`)
      process.exit(1)
    }, server.config.shutdownTimeoutMs)
    force.unref()
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error('No se pudo iniciar el servidor:', err)
    process.exit(1)
  })
}
