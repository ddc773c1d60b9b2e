/**
 * The `npm start` entry point (server/main.ts) on a free port and a fresh data folder: migrations, the demo seed on
 * the first start only, the banner with the URL and the demo accounts, and real sign-ins over HTTP with them.
 * With TEST_DATABASE_URL it runs on a fresh PostgreSQL database instead of PGlite.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COLLABORATOR, demoAccounts } from '../../server/seed'
import { banner, startServer, type RunningServer } from '../../server/main'
import { usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'

const CLIENT_TOKEN = 'main-test-client-token'

describe('npm start (server/main.ts)', () => {
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let dropDatabase: (() => Promise<void>) | undefined
  let server: RunningServer | undefined

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-main-'))
    env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_TOKEN, LOG: '0', STATIC_DIR: path.join(dataDir, 'no-dist') }
    if (usingPostgres()) {
      const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_main_${randomBytes(6).toString('hex')}`)
      env.DATABASE_URL = created.url
      dropDatabase = created.drop
    }
    server = await startServer(env)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await dropDatabase?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const api = (pathname: string, body?: unknown) =>
    fetch(`${server!.url}${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: { authtoken: CLIENT_TOKEN, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })

  it('seeds on the first start, listens on the port it reports and keeps the database where configured', async () => {
    expect(server!.seed).toMatchObject({ seeded: true })
    expect(server!.url).toBe(`http://localhost:${server!.port}`)
    expect(server!.port).toBeGreaterThan(0)
    const res = await api('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, response: { db: usingPostgres() ? 'postgres' : 'pglite' } })
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(!usingPostgres())
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true) // generated on first start when JWT_SECRET is unset
  })

  it('prints the URL, one demo account per role and the collaborator sign-in', () => {
    const text = banner(server!)
    expect(text).toContain(server!.url)
    for (const account of demoAccounts('coppel.com', 'Coppel')) {
      expect(text).toMatch(new RegExp(`${account.role}\\s+${account.email.replace('.', '\\.')}\\s+${account.password}`))
    }
    expect(text).toContain(`número de colaborador ${DEMO_COLLABORATOR.idColaborador}, número de trámite ${DEMO_COLLABORATOR.idEvento}`)
  })

  it('signs in with every demo account and as the demo collaborator, over HTTP', async () => {
    for (const account of demoAccounts()) {
      const res = await api('/api/auth/login', { email: account.email, password: account.password, role: account.rol })
      const body = (await res.json()) as { success: boolean; reason: string }
      expect(body, account.email).toMatchObject({ success: true })
      const wrong = await api('/api/auth/login', { email: account.email, password: 'Otra#2026', role: account.rol })
      expect(((await wrong.json()) as { success: boolean }).success).toBe(false)
    }
    const res = await api('/api/auth/login-colaborator', { idColaborador: DEMO_COLLABORATOR.idColaborador, numProcedure: DEMO_COLLABORATOR.idEvento })
    expect(await res.json()).toMatchObject({ success: true })
  })

  it('does not seed again on the next start over the same data', async () => {
    await server!.close()
    server = undefined
    server = await startServer(env)
    expect(server.seed).toMatchObject({ seeded: false, reason: 'already-seeded' })
    expect(banner(server)).toContain('ya estaban cargados')
    const res = await api('/api/auth/login', { email: demoAccounts()[0]!.email, password: demoAccounts()[0]!.password, role: 0 })
    expect(await res.json()).toMatchObject({ success: true })
  }, 120_000)
})
