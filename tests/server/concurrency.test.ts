/**
 * Concurrency on the single PGlite connection (and on PostgreSQL with TEST_DATABASE_URL): 100 requests and
 * transactions in flight at once must not interleave, with PGlite in the main thread and in a worker thread. The
 * proof is in the rows afterwards: every write landed exactly once, and the transactions that roll back (after
 * pausing mid-way, while other requests run) took none of the other requests' writes with them.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { count, eq, inArray, like } from 'drizzle-orm'
import { TEST_CLIENT_TOKEN, usingPostgres, useTestApp } from './helpers/testApp'
import { createClaim, createUser, hashForTests, sessionOf, tokenFor, TEST_PASSWORD } from './helpers/fixtures'
import { loginFailures, users } from '../../server/db/schema'
import { verifyAccessToken } from '../../server/auth/tokens'
import { throttleKeyForCollaborator } from '../../server/auth/throttle'
import type { PgliteThread } from '../../server/db/pgliteClient'

type Check = () => Promise<void> | void
interface Op {
  run: () => Promise<Check>
}

class RollBack extends Error {}

// The server runs PGlite in a worker thread, the other tests in the main thread: the guarantee must hold in both.
// On PostgreSQL the thread means nothing, so it runs once.
const PGLITE_THREADS: PgliteThread[] = usingPostgres() ? ['main'] : ['main', 'worker']

describe.each(PGLITE_THREADS)('100 parallel mixed reads and writes (PGlite in the %s thread)', (thread) => {
  const t = useTestApp({ pgliteThread: thread })

  it('lands every row exactly once and answers every request correctly', async () => {
    let ip = 0
    const inject = (opts: InjectOptions) =>
      t.app.inject({ ...opts, remoteAddress: `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })
    const login = (email: string, password: string, role: number) =>
      inject({ method: 'POST', url: '/api/auth/login', headers: { authtoken: TEST_CLIENT_TOKEN }, payload: { email, password, role } })

    const roles = [0, 1, 3, 4] as const
    const failing = await Promise.all(Array.from({ length: 25 }, (_, i) => createUser(t.db, roles[i % 4]!)))
    const succeeding = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t.db, roles[i % 4]!)))
    const refreshing = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t.db, roles[i % 4]!)))
    const executive = await createUser(t.db, 0)
    const collaboratorClaims = []
    for (let i = 0; i < 5; i++) collaboratorClaims.push(await createClaim(t.db, { idEjecutivo: executive.idUser }))
    const passwordHash = await hashForTests('Tx#2026')

    const ops: Op[] = []
    for (const user of failing) {
      ops.push({
        run: async () => {
          const res = await login(user.email, 'Equivocada#1', user.rol)
          return () => {
            expect(res.statusCode).toBe(401)
            expect(res.json().reason).toBe('Correo, contraseña o rol incorrectos')
          }
        },
      })
    }
    for (const { idColaborador, claim } of collaboratorClaims) {
      ops.push({
        run: async () => {
          const res = await inject({
            method: 'POST',
            url: '/api/auth/login-colaborator',
            headers: { authtoken: TEST_CLIENT_TOKEN },
            payload: { idColaborador, numProcedure: claim.idEvento + 50_000 },
          })
          return () => expect(res.statusCode).toBe(401)
        },
      })
    }
    for (const user of succeeding) {
      ops.push({
        run: async () => {
          const res = await login(user.email, TEST_PASSWORD, user.rol)
          return async () => {
            expect(res.statusCode).toBe(200)
            expect(res.json().response.user.idUser).toBe(user.idUser)
            expect((await verifyAccessToken(t.app.tokenKeys, res.json().response.accessToken))?.session).toEqual(sessionOf(user))
          }
        },
      })
    }
    for (const user of refreshing) {
      ops.push({
        run: async () => {
          const token = await tokenFor(t.app, sessionOf(user), Date.now() - 7 * 60_000)
          const res = await inject({
            method: 'POST',
            url: '/api/auth/refresh-token',
            headers: { authtoken: TEST_CLIENT_TOKEN, authorization: `Bearer ${token}` },
          })
          return async () => {
            expect(res.statusCode).toBe(200)
            expect((await verifyAccessToken(t.app.tokenKeys, res.json().response.accessToken))?.session).toEqual(sessionOf(user))
          }
        },
      })
    }
    // Transactions that write two rows with a pause in between; every fourth rolls back at the end.
    const txCount = 20
    for (let i = 0; i < txCount; i++) {
      const rollsBack = i % 4 === 3
      ops.push({
        run: async () => {
          const email = `tx${i}@concurrencia.com`
          const outcome = await t.db
            .transaction(async (tx) => {
              const [row] = await tx
                .insert(users)
                .values({ email, passwordHash, rol: 0, nombre: `Tx ${i}` })
                .returning({ idUser: users.idUser })
              await sleep(5)
              await tx.insert(loginFailures).values({ email: `tx:${i}` })
              const [seen] = await tx.select({ n: count() }).from(users).where(eq(users.email, email))
              if (rollsBack) throw new RollBack(`rollback ${i}`)
              return { idUser: row!.idUser, seen: Number(seen!.n) }
            })
            .then(
              (value) => ({ value }),
              (error: unknown) => ({ error }),
            )
          return () => {
            if (rollsBack) {
              expect('error' in outcome && outcome.error).toBeInstanceOf(RollBack)
            } else {
              expect('value' in outcome && outcome.value.seen).toBe(1)
            }
          }
        },
      })
    }
    for (let i = 0; i < 10; i++) {
      ops.push({
        run: async () => {
          const res = await inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } })
          return () => {
            expect(res.statusCode).toBe(200)
            expect(res.json().response.Ejecutivo).toBe(0)
          }
        },
      })
    }
    expect(ops).toHaveLength(100)

    // A fixed interleaving that mixes the kinds (deterministic, so a failure can be replayed).
    const order = ops.map((_, i) => (i * 37) % ops.length)
    expect(new Set(order).size).toBe(100)
    const checks = await Promise.all(order.map((i) => ops[i]!.run()))
    for (const check of checks) await check()

    // login_failures: one row per failed key, one per committed transaction, none for successes or rollbacks.
    const rows = await t.db.select().from(loginFailures)
    const perKey = new Map<string, number>()
    for (const row of rows) perKey.set(row.email, (perKey.get(row.email) ?? 0) + 1)
    for (const user of failing) expect(perKey.get(user.email), user.email).toBe(1)
    for (const { idColaborador } of collaboratorClaims) expect(perKey.get(throttleKeyForCollaborator(idColaborador))).toBe(1)
    for (const user of [...succeeding, ...refreshing]) expect(perKey.has(user.email)).toBe(false)
    for (let i = 0; i < txCount; i++) expect(perKey.get(`tx:${i}`) ?? 0, `tx:${i}`).toBe(i % 4 === 3 ? 0 : 1)
    expect(rows).toHaveLength(failing.length + collaboratorClaims.length + txCount - txCount / 4)

    // users: every committed transaction's user exactly once, none of the rolled-back ones.
    const txUsers = await t.db.select().from(users).where(like(users.email, 'tx%@concurrencia.com'))
    expect(txUsers.map((u) => u.email).sort()).toEqual(
      Array.from({ length: txCount }, (_, i) => i)
        .filter((i) => i % 4 !== 3)
        .map((i) => `tx${i}@concurrencia.com`)
        .sort(),
    )
    // Every successful sign-in upgraded its own hash and nobody else's.
    const upgraded = await t.db
      .select({ id: users.idUser, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.idUser, [...succeeding, ...failing].map((u) => u.idUser)))
    const succeededIds = new Set(succeeding.map((u) => u.idUser))
    for (const row of upgraded) expect(row.hash.includes('m=19456'), String(row.id)).toBe(succeededIds.has(row.id))
  })
})
