/**
 * Two instances on one PostgreSQL database, each with its own pool and its own listening connection, as two
 * processes behind nginx are (issue 21 'Live updates', issue 25 token revocation): a change made through one
 * instance reaches the event streams of the other; a browser that reconnects to the other instance with its
 * Last-Event-ID gets what it missed; a token revoked on one instance is refused by the other within 1 s (not after
 * the session cache's 5 s); a listening connection that PostgreSQL ends comes back by itself and the streams are
 * told to read everything again. Runs only with TEST_DATABASE_URL (PGlite is one process).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDb, type DbHandle } from '../../server/db/client'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'
import { users } from '../../server/db/schema'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'
import { authHeaders, createRoleWorld, type RoleWorld } from './helpers/fixtures'
import { openSse, type SseClient } from './helpers/sse'
import type { Session } from '../../server/auth/roles'

describe.skipIf(!usingPostgres())('two instances on PostgreSQL', () => {
  let drop: () => Promise<void>
  const handles: DbHandle[] = []
  const apps: FastifyInstance[] = []
  const bases: string[] = []
  const dirs: string[] = []
  const open: SseClient[] = []
  let w: RoleWorld

  beforeAll(async () => {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_${randomBytes(6).toString('hex')}`)
    drop = created.drop
    for (let i = 0; i < 2; i++) {
      const handle = await openDb({ databaseUrl: created.url })
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-live-'))
      const config = loadConfig(
        { NODE_ENV: 'test' },
        { dataDir, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false },
      )
      const app = await buildApp({ config, db: handle, closeDbWithApp: false })
      await app.listen({ port: 0, host: '127.0.0.1' })
      handles.push(handle)
      apps.push(app)
      dirs.push(dataDir)
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
    }
    w = await createRoleWorld(handles[0]!.db, { statusId: 1 })
  })

  afterAll(async () => {
    for (const client of open) client.close()
    for (const app of apps) await app.close()
    for (const handle of handles) await handle.close()
    await drop?.()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  async function stream(instance: 0 | 1, session: Session, query = '', extra: Record<string, string> = {}) {
    const client = await openSse(`${bases[instance]}/api/live/events${query}`, { ...(await authHeaders(apps[instance]!, session)), ...extra })
    open.push(client)
    expect(client.status).toBe(200)
    await client.next((e) => e.event === 'ready')
    return client
  }

  const uploadThrough = (instance: 0 | 1, tipo: 1 | 2 | 3) =>
    handles[instance]!.db.transaction((tx) =>
      applyClaimEvent(tx, { idEvento: w.claim.idEvento, event: { type: 'document.upload', tipo }, actor: 'user:0' }),
    )
  const claimEvents = (client: SseClient) => client.events.filter((e) => e.event === 'claim')

  it('a change made on one instance reaches the streams of both within 2 s', async () => {
    const onA = await stream(0, w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`)
    const onB = await stream(1, w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`)
    const started = Date.now()
    await uploadThrough(0, 1)
    const [a, b] = await Promise.all([onA.next((e) => e.event === 'claim', 2_000), onB.next((e) => e.event === 'claim', 2_000)])
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(b.id).toBe(a.id)
    expect(JSON.parse(b.data)).toEqual({ idEvento: w.claim.idEvento, statusId: 2 })
    onA.close()
    onB.close()
  })

  it('a browser that reconnects to the other instance resumes from its Last-Event-ID', async () => {
    const witness = await stream(1, w.sessions.admin, `?idEvento=${w.claim.idEvento}`)
    const first = await stream(0, w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`)
    await uploadThrough(1, 2)
    const seen = await first.next((e) => e.event === 'claim')
    first.close()
    await uploadThrough(0, 3)
    await uploadThrough(1, 1)
    await witness.next(() => claimEvents(witness).length === 3)
    const missed = claimEvents(witness).slice(1).map((e) => e.id)
    const again = await stream(1, w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`, { 'last-event-id': seen.id! })
    await again.next(() => claimEvents(again).length === 2)
    expect(claimEvents(again).map((e) => e.id)).toEqual(missed)
    again.close()
    witness.close()
  })

  it('a token revoked on one instance is refused by the other within 1 s', async () => {
    const session = w.sessions.otherExecutive
    const headers = await authHeaders(apps[1]!, session)
    const read = () => fetch(`${bases[1]}/api/notifications/mine`, { headers })
    // Instance B has the account in its session cache (5 s lifetime).
    expect((await read()).status).toBe(200)
    // A password change on instance A: the token version moves and A forgets the user (as the route does).
    await handles[0]!.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(sql`${users.idUser} = ${w.otherExecutive.idUser}`)
    apps[0]!.sessionCache.forget(w.otherExecutive.idUser)
    const started = Date.now()
    let status = 200
    while (Date.now() - started < 1_000 && status === 200) {
      status = (await read()).status
      if (status === 200) await new Promise((r) => setTimeout(r, 25))
    }
    expect(status).toBe(401)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('a listening connection PostgreSQL ends comes back by itself, and the streams are told to reread', async () => {
    const client = await stream(1, w.sessions.admin)
    // End every LISTEN connection of this database except ours (the pools' connections do not listen).
    await handles[0]!.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    )
    await client.next((e) => e.event === 'resync', 5_000)
    // And it hears again.
    await uploadThrough(0, 2)
    await client.next((e) => e.event === 'claim', 2_000)
    client.close()
  })
})
