/**
 * Issue 25, item 2: Prometheus metrics at /metrics (only from METRICS_ALLOW, loopback by default), the request id in
 * every log line of a request and in every answer, and the log format (pretty in a terminal, JSON otherwise).
 */
import { Writable } from 'node:stream'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { DEFAULT_METRICS_ALLOW, loadConfig, parseLogFormat } from '../../server/config'
import type { DbHandle } from '../../server/db/client'
import { notifications } from '../../server/db/schema'
import { metricsAllowList } from '../../server/observability/metricsAccess'
import { METRICS_FORBIDDEN } from '../../server/observability/metrics'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, openTestDb } from './helpers/testApp'
import { createClaim, createUser, sessionOf, tokenFor } from './helpers/fixtures'

let handle: DbHandle
let drop: () => Promise<void>
let app: FastifyInstance
let dataDir: string
const lines: Array<Record<string, unknown>> = []

beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-observability-'))
  const config = loadConfig({ NODE_ENV: 'test' }, { dataDir, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined })
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  app = await buildApp({ config, db: handle, closeDbWithApp: false, logStream })
  await app.ready()
}, 60_000)

afterAll(async () => {
  await app?.close()
  await drop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

/** One sample's value from the Prometheus text, by metric name and labels in the order written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('/metrics', () => {
  it('is read from loopback only by default, in the Prometheus text format', async () => {
    expect(DEFAULT_METRICS_ALLOW).toEqual(['127.0.0.0/8', '::1'])
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    for (const address of ['10.0.0.7', '192.168.1.20', '2001:db8::1']) {
      const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: address })
      expect(outside.statusCode).toBe(403)
      expect(outside.json()).toEqual({ success: false, response: null, reason: METRICS_FORBIDDEN })
    }
  })

  it('matches METRICS_ALLOW addresses and ranges, IPv4 (also as ::ffff:) and IPv6', () => {
    const allowed = metricsAllowList(['10.1.0.0/16', '192.0.2.5', 'fd00::/8'])
    expect(['10.1.200.3', '::ffff:10.1.0.9', '192.0.2.5', 'fd12::1'].map(allowed)).toEqual([true, true, true, true])
    expect(['10.2.0.1', '192.0.2.6', '127.0.0.1', '::1', 'nonsense'].map(allowed)).toEqual([false, false, false, false, false])
    expect(() => metricsAllowList(['localhost'])).toThrow(/METRICS_ALLOW/)
  })

  it('counts requests by route pattern and status, in flight, the outbox, the database, limits and upload bytes', async () => {
    const user = await createUser(handle.db, 1)
    const { claim } = await createClaim(handle.db, { idEjecutivo: user.idUser })
    const authorization = `Bearer ${await tokenFor(app, sessionOf(user))}`
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: `/api/event/by-id/${claim.idEvento}`, headers: { authtoken: TEST_CLIENT_TOKEN, authorization } })
      expect(res.statusCode, res.body).toBe(200)
    }
    await app.inject({ method: 'GET', url: '/no-existe-esta-ruta' })
    // Two pending mails, one failed, the oldest pending written 90 s ago.
    const base = { idEvento: claim.idEvento, kind: 'documentsUploaded', recipient: `user:${user.idUser}`, email: user.email, subject: 's', message: 'm', link: '/', details: { audience: 'staff' } as never }
    await handle.db.insert(notifications).values([
      { ...base, delivery: 'pending', createdAt: new Date(Date.now() - 90_000).toISOString() },
      { ...base, delivery: 'pending' },
      { ...base, delivery: 'failed' },
    ])

    const text = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/event/by-id/:idEvento",status_code="200"}')).toBe(3)
    expect(sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="(sin ruta)",status_code="404"}')).toBe(1)
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/event/by-id/:idEvento",status_code="200"}')
    // The scrape itself is in flight while it is collected.
    expect(sample(text, 'portal_http_requests_in_flight')).toBe(1)
    expect(sample(text, 'portal_outbox_mails{state="pending"}')).toBe(2)
    expect(sample(text, 'portal_outbox_mails{state="failed"}')).toBe(1)
    expect(sample(text, 'portal_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(89)
    if (handle.kind === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections{state="max"}')).toBe(10)
      expect(sample(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0)
    } else expect(sample(text, 'portal_pglite_queue_depth')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'portal_rate_limit_store_errors_total')).toBe(0)
    expect(sample(text, 'portal_rate_limit_store_fallback')).toBe(0)
    expect(sample(text, 'portal_upload_bytes_total')).toBe(0)
    expect(text).toContain('process_resident_memory_bytes')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('adds the bytes of each upload', async () => {
    const { Readable } = await import('node:stream')
    const staged = await app.fileStore.stage(Readable.from([Buffer.alloc(1000), Buffer.alloc(234)]))
    await app.fileStore.discard(staged)
    const text = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body
    expect(sample(text, 'portal_upload_bytes_total')).toBe(1234)
  })
})

describe('request ids', () => {
  it('are in every answer and in every log line of the request; a proxy’s id is kept, a strange one replaced', async () => {
    lines.length = 0
    const plain = await app.inject({ method: 'GET', url: '/api/catalog/no-existe' })
    const id = plain.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const requestLines = lines.filter((l) => 'req' in l || 'res' in l)
    expect(requestLines.length).toBeGreaterThanOrEqual(2) // 'incoming request' and 'request completed'
    for (const line of requestLines) expect(line.reqId).toBe(id)

    const fromProxy = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-4f2a9c1e77' } })
    expect(fromProxy.headers['x-request-id']).toBe('nginx-4f2a9c1e77')
    const forged = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x\n{"admin":true}' } })
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // Fastify's own refusals carry it too.
    const bad = await app.inject({ method: 'GET', url: '/api/event/by-id/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['x-request-id']).toBeTruthy()
  })
})

describe('log format', () => {
  it('is readable in a terminal, JSON when not a terminal or in production, and LOG_FORMAT decides when set', () => {
    expect(parseLogFormat(undefined, true, undefined)).toBe('pretty')
    expect(parseLogFormat(undefined, false, undefined)).toBe('json')
    expect(parseLogFormat(undefined, true, 'production')).toBe('json')
    expect(parseLogFormat('json', true, undefined)).toBe('json')
    expect(parseLogFormat('pretty', false, 'production')).toBe('pretty')
  })
})
