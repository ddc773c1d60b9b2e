/**
 * The session cache seen through the API, on two instances sharing one database: after an administrator deactivates
 * an executive on instance A, A refuses the executive's token on the very next request (A forgot its entry), and B,
 * which checked the token a moment before, refuses it as soon as the bus (LISTEN/NOTIFY, server/bus/bus.ts) tells
 * it, long before its entry's 5 s are over (issue 25). Refresh-token never trusts the cache. The cache's clock is
 * performance.now, faked here, so only the bus can make B forget; tests/server/live.instances.test.ts does the same
 * across two PostgreSQL connections.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { DbHandle } from '../../server/db/client'
import { openTestDb, TEST_CLIENT_TOKEN, TEST_JWT_SECRET } from './helpers/testApp'
import { authHeaders, createUser, sessionOf } from './helpers/fixtures'

let handle: DbHandle
let drop: () => Promise<void>
let a: FastifyInstance
let b: FastifyInstance
const dirs: string[] = []

async function instance(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-session-cache-'))
  dirs.push(dataDir)
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false },
  )
  const app = await buildApp({ config, db: handle, closeDbWithApp: false })
  await app.ready()
  return app
}

beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
  a = await instance()
  b = await instance()
})
afterAll(async () => {
  await a.close()
  await b.close()
  await drop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the session cache across two instances', () => {
  it('the changing instance refuses the old token at once; another one as soon as the bus tells it (issue 25: within 1 s); refresh-token always at once', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const admin = await createUser(handle.db, 1)
    const executive = await createUser(handle.db, 0)
    const token = await authHeaders(a, sessionOf(executive))
    const me = (app: FastifyInstance) => app.inject({ url: '/api/user/me', headers: token })
    expect((await me(a)).statusCode).toBe(200)
    expect((await me(b)).statusCode).toBe(200)

    const deactivate = await a.inject({
      method: 'PUT',
      url: '/api/user/executive',
      headers: await authHeaders(a, sessionOf(admin)),
      payload: {
        idUsuario: executive.idUser,
        nombre: executive.nombre,
        phone: executive.telefono,
        email: executive.email,
        ubicacion: executive.ubicacionLaboral,
        active: 1,
      },
    })
    expect(deactivate.statusCode, deactivate.body).toBe(200)

    const onA = await me(a)
    expect(onA.statusCode).toBe(401)
    expect(onA.json().reason).toContain('Token inválido')
    // B never mints a new token from what it read before the change...
    expect((await b.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: token })).statusCode).toBe(401)
    // ...and A's forgetting reaches B over the bus (LISTEN/NOTIFY) without waiting for the entry's 5 s lifetime,
    // which the fake clock keeps from passing here.
    let onB = await me(b)
    for (let tries = 0; onB.statusCode === 200 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      onB = await me(b)
    }
    expect(onB.statusCode).toBe(401)
    expect(onB.json().reason).toContain('Token inválido')
  })
})
