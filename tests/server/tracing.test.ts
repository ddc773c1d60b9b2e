/**
 * Issue 25, item 2: OpenTelemetry traces of each request (@fastify/otel) and, on PostgreSQL, its database calls as
 * child spans (@opentelemetry/instrumentation-pg); off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. A test exporter
 * in memory stands for the OTLP one.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { DbHandle } from '../../server/db/client'
import { startTracing, tracingPlugin, tracingWanted, type Tracing } from '../../server/observability/tracing'
import { TEST_CLIENT_TOKEN, TEST_JWT_SECRET, openTestDb } from './helpers/testApp'
import { createClaim, createUser, sessionOf, tokenFor } from './helpers/fixtures'

describe('tracing is off unless an OTLP endpoint is set', () => {
  it('starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(tracingWanted({})).toBe(false)
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true)
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true)
    expect(await startTracing({})).toBeUndefined()
    expect(tracingPlugin()).toBeUndefined()
  })
})

describe('a request traced with its database calls', () => {
  const exporter = new InMemorySpanExporter()
  let tracing: Tracing | undefined
  let handle: DbHandle
  let drop: () => Promise<void>
  let app: FastifyInstance
  let dataDir: string

  beforeAll(async () => {
    tracing = await startTracing({}, { exporter })
    ;({ handle, drop } = await openTestDb())
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-tracing-'))
    const config = loadConfig({ NODE_ENV: 'test' }, { dataDir, clientToken: TEST_CLIENT_TOKEN, jwtSecret: TEST_JWT_SECRET, staticDir: undefined, logger: false })
    app = await buildApp({ config, db: handle, closeDbWithApp: false })
    await app.ready()
  }, 60_000)

  afterAll(async () => {
    await app?.close()
    await drop?.()
    await tracing?.shutdown()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('exports a span per request named by its route, with the queries as children on PostgreSQL', async () => {
    const user = await createUser(handle.db, 1)
    const { claim } = await createClaim(handle.db, { idEjecutivo: user.idUser })
    exporter.reset()
    const res = await app.inject({
      method: 'GET',
      url: `/api/event/by-id/${claim.idEvento}`,
      headers: { authtoken: TEST_CLIENT_TOKEN, authorization: `Bearer ${await tokenFor(app, sessionOf(user))}` },
    })
    expect(res.statusCode).toBe(200)
    const spans = exporter.getFinishedSpans()
    const request = spans.find((s) => s.name === 'request' && s.attributes['http.route'] === '/api/event/by-id/:idEvento')
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined()
    expect(request!.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200 })
    const inTrace = spans.filter((s) => s.spanContext().traceId === request!.spanContext().traceId)
    expect(inTrace.some((s) => s.name === 'handler - handler')).toBe(true)
    if (handle.kind === 'postgres') {
      // The session check and the claim's read, as spans of the same trace.
      const queries = inTrace.filter((s) => s.attributes['db.system.name'] === 'postgresql').map((s) => s.attributes['db.postgresql.plan'])
      expect(queries).toEqual(expect.arrayContaining(['account_state_by_id', 'claim_by_id']))
    }
  })
})
