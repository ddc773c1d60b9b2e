/**
 * The server as a process (server/main.ts spawned with tsx on a free port), on PostgreSQL:
 * - killed with SIGKILL while uploads arrive, then started again: after the grace period (2 s here) the store holds
 *   no file without a row — also one planted as a killed upload would leave it — and every row's file is there;
 * - SIGTERM while a request is in flight: new connections are refused, the request still gets its answer, the
 *   process exits 0.
 * PostgreSQL only (TEST_DATABASE_URL, the API tests' second run in CI): a fresh PGlite folder takes ~30 s to
 * start under CI load, twice; the process code paths are the same on both databases.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { DEMO_COLLABORATOR, DEMO_PASSWORD } from '../../server/seed'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { spawnServer, type ServerProcess } from '../../scripts/lib/serverProcess'
import { usingPostgres } from './helpers/testApp'
import { createTestDatabase } from './helpers/testDatabase'
import { makePdf } from './helpers/uploads'

const CLIENT_TOKEN = 'process-test-client-token'

describe.skipIf(!usingPostgres())('the server process', () => {
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let database: { url: string; drop: () => Promise<void> }
  let server: ServerProcess | undefined

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-process-'))
    database = await createTestDatabase(process.env.TEST_DATABASE_URL!, `t_proc_${randomBytes(6).toString('hex')}`)
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      CLIENT_TOKEN,
      JWT_SECRET: randomBytes(32).toString('hex'),
      STATIC_DIR: path.join(dataDir, 'sin-app'),
      LOG: '0',
      ORPHAN_GRACE_SECONDS: '2',
      ORPHAN_SWEEP_INTERVAL_SECONDS: '1',
    }
  }, 60_000)

  afterAll(async () => {
    server?.kill('SIGKILL')
    await server?.exited
    await database?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (pathname: string, init: { token?: string; json?: unknown; form?: FormData }) =>
    fetch(`${server!.url}${pathname}`, {
      method: 'POST',
      headers: {
        authtoken: CLIENT_TOKEN,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.form ?? JSON.stringify(init.json),
    })

  async function referencedKeys(): Promise<Set<string>> {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const { rows } = await client.query<{ key: string }>(
      `select storage_key as key from claim_files union select storage_key from dictaminations
       union select storage_key from invoices union select foto_key from users where foto_key is not null`,
    )
    await client.end()
    return new Set(rows.map((row) => row.key))
  }

  it('leaves no orphan file after a SIGKILL during uploads and a restart', async () => {
    server = await spawnServer(env)
    const login = await post('/api/auth/login-colaborator', {
      json: { idColaborador: DEMO_COLLABORATOR.idColaborador, numProcedure: DEMO_COLLABORATOR.idEvento },
    })
    const token = ((await login.json()) as { response: { accessToken: string } }).response.accessToken
    const pdf = new Blob([Buffer.from(await makePdf('Documento del colaborador'))], { type: 'application/pdf' })
    const uploads = Array.from({ length: 9 }, (_, i) => {
      const form = new FormData()
      form.append('idEvento', String(DEMO_COLLABORATOR.idEvento))
      form.append(['fileOne', 'fileTwo', 'fileThree'][i % 3]!, pdf, `documento-${i}.pdf`)
      return post('/api/file/add-files-to-event', { token, form }).then(
        (res) => res.status,
        () => 'cortada',
      )
    })
    await Promise.race(uploads)
    server.kill('SIGKILL')
    expect(await server.exited).toBe('SIGKILL')
    await Promise.all(uploads)

    // What a killed upload leaves: a file written, no row (planted, since the kill's timing is not ours to choose).
    const store = createLocalFileStore(dataDir)
    const now = new Date()
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
    mkdirSync(path.join(store.root, folder), { recursive: true })
    const planted = `${folder}/${randomUUID()}.pdf`
    writeFileSync(path.join(store.root, planted), await makePdf('huérfano'))
    const aMinuteAgo = new Date(Date.now() - 60_000)
    utimesSync(path.join(store.root, planted), aMinuteAgo, aMinuteAgo)

    server = await spawnServer(env)
    const deadline = Date.now() + 15_000
    let orphans: string[] = []
    do {
      await new Promise((r) => setTimeout(r, 500))
      const referenced = await referencedKeys()
      orphans = (await store.listKeys()).filter((key) => !referenced.has(key))
    } while (orphans.length > 0 && Date.now() < deadline)
    expect(orphans).toEqual([])
    expect(existsSync(path.join(store.root, planted))).toBe(false)
    for (const key of await referencedKeys()) expect(await store.exists(key), key).toBe(true)
  }, 120_000)

  it('finishes a request in flight on SIGTERM, refuses new connections and exits 0', async () => {
    server ??= await spawnServer(env)
    const body = JSON.stringify({ email: 'ejecutivo@coppel.com', password: DEMO_PASSWORD, role: 0 })
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${server!.url}/api/auth/login`,
        { method: 'POST', headers: { authtoken: CLIENT_TOKEN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      request.on('error', reject)
      // Half the body now, the rest after the SIGTERM: the request is in flight when the shutdown begins.
      request.write(body.slice(0, 20))
      setTimeout(() => {
        server!.kill('SIGTERM')
        setTimeout(() => request.end(body.slice(20)), 700)
      }, 300)
    })
    const { status, text } = await answer
    expect(status).toBe(200)
    expect(JSON.parse(text)).toMatchObject({ success: true, response: { accessToken: expect.any(String) } })
    await expect(fetch(`${server!.url}/healthz`)).rejects.toThrow()
    expect(await server!.exited).toBe(0)
    server = undefined
  }, 60_000)
})
