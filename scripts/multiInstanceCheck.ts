/**
 * `npx tsx scripts/multiInstanceCheck.ts`: proof that several instances behind nginx work (issue 12; run by .ci/run).
 *
 * Creates a fresh database on the machine's PostgreSQL (ADMIN_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), starts two instances of server/main.ts on it (A first, so it seeds
 * the demo data; then B) sharing one DATA_DIR and JWT secret, and Debian's nginx (`nginx`, a non-daemon child with
 * its own -p prefix) in front of them with deploy/nginx.conf on a free port. Then, through nginx:
 * - the whole claim lifecycle, every role signing in: creation → three documents → verification → provider →
 *   letter → approved dictamen → invoice → approval (Trámite concluido), checking that both instances answered; the
 *   third document is a resumable (tus) upload created on A, continued on B, its offset asked of A, finished on B;
 * - the sign-in throttle: 3 failures on A and 2 on B (directly), and the right password through nginx → 429;
 * - the per-user rate limit (RATE_LIMIT_PER_MINUTE=60 here): 30 calls on A and 30 on B, the next through nginx → 429,
 *   while another user still gets through;
 * - /readyz of both, and SIGTERM of B: it exits 0 and nginx sends everything to A.
 * With `--s3` the files live in one S3 bucket instead of the shared DATA_DIR: a throwaway Ceph RADOS Gateway
 * (scripts/lib/cephS3.ts, Debian's radosgw), each instance with a DATA_DIR of its own, so a file uploaded through one
 * can only reach the other through the bucket, and so can a resumable upload's unfinished bytes (`.tus/`); the demo
 * seed's files go there too.
 * Everything it started is stopped and the database dropped, whatever happens. Exits 1 on the first failed check.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import pg from 'pg'
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { canCreateClaim, groupCoverages, type ProcedureRow } from '../machines/procedureSearch.machine'
import { DEMO_PASSWORD, DEMO_PROVIDER_ID } from '../server/seed'
import { REPO_ROOT, freePort, spawnServer, type ServerProcess } from './lib/serverProcess'
import { startCephS3, type CephS3 } from './lib/cephS3'

const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const CLIENT_TOKEN = 'multi-instance-client-token'
const PER_MINUTE = 60
const WITH_S3 = process.argv.includes('--s3')
const BUCKET = 'portal-multi'
const started = performance.now()

const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`)
function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`FALLÓ: ${what}`)
  log(`ok  ${what}`)
}

interface Envelope<T> {
  success: boolean
  response: T
  reason: string
}
interface Answer<T> {
  status: number
  body: Envelope<T>
  upstream: string | null
}

async function call<T>(base: string, pathname: string, init: { method?: string; token?: string; json?: unknown; form?: FormData } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { authtoken: CLIENT_TOKEN }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  })
  return { status: res.status, body: (await res.json()) as Envelope<T>, upstream: res.headers.get('x-upstream') }
}

async function pdf(title: string): Promise<Blob> {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText(title, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
  return new Blob([Buffer.from(await doc.save())], { type: 'application/pdf' })
}

function form(fields: Record<string, string | number>, file?: { part: string; blob: Blob; name: string }): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value))
  if (file) data.append(file.part, file.blob, file.name)
  return data
}

/** The site file of the repo with this run's ports, inside a main config that keeps everything under `prefix`. */
function nginxConfig(prefix: string, listen: number, upstreams: number[]): string {
  const site = readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8')
  const servers = upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')
  const adapted = site
    .replace(/(upstream portal \{\n)(?:.*\n)*?(?=\s*keepalive)/, (_m, head: string) => `${head}${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
  if (adapted === site || !adapted.includes(`listen 127.0.0.1:${listen};`)) throw new Error('deploy/nginx.conf changed shape: upstream or listen not found')
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${prefix}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t}_temp;`),
    adapted,
    '}',
    '',
  ].join('\n')
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no llegó a tiempo: ${what}`)
}

async function main() {
  const dbName = `multi_${randomBytes(5).toString('hex')}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-multi-'))
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'))
  const servers: ServerProcess[] = []
  let nginx: ChildProcess | undefined
  let nginxExited: Promise<unknown> = Promise.resolve()
  let created = false
  let ceph: CephS3 | undefined
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  try {
    let s3Env: Record<string, string> = {}
    let bucketKeys = async () => 0
    let tusObjects = async () => 0
    if (WITH_S3) {
      ceph = await startCephS3()
      s3Env = ceph.env(BUCKET)
      const client = new S3Client({ endpoint: ceph.endpoint, region: ceph.region, forcePathStyle: true, credentials: { accessKeyId: ceph.accessKeyId, secretAccessKey: ceph.secretAccessKey } })
      await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
      bucketKeys = async () => {
        let count = 0
        let token: string | undefined
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }))
          count += page.KeyCount ?? 0
          token = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (token)
        return count
      }
      // The unfinished uploads' objects (bytes waiting for a whole part, records) and multipart uploads in progress.
      tusObjects = async () => {
        const objects = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: '.tus/' }))
        const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: '.tus/' }))
        return (objects.KeyCount ?? 0) + (uploads.Uploads?.length ?? 0)
      }
      log(`S3: Ceph RGW en ${ceph.endpoint} (arrancó en ${ceph.startMs} ms), bucket ${BUCKET}; cada instancia con su DATA_DIR`)
    }
    await admin.query(`CREATE DATABASE "${dbName}"`)
    created = true
    const dbUrl = new URL(ADMIN_URL)
    dbUrl.pathname = `/${dbName}`
    log(`base de datos ${dbName}; DATA_DIR ${dataDir}`)

    const env = {
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CLIENT_TOKEN,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      STATIC_DIR: path.join(dataDir, 'sin-app'),
      LOG: '0',
    }
    // With S3 the instances share no folder: only the bucket.
    const a = await spawnServer(WITH_S3 ? { ...env, ...s3Env, DATA_DIR: path.join(dataDir, 'a') } : env)
    servers.push(a)
    log(`instancia A en ${a.port} (sembró los datos de demostración)`)
    const seededObjects = await bucketKeys()
    if (WITH_S3) check(seededObjects > 1000, `los archivos de la demostración están en el bucket (${seededObjects})`)
    const b = await spawnServer(WITH_S3 ? { ...env, ...s3Env, DATA_DIR: path.join(dataDir, 'b') } : env)
    servers.push(b)
    log(`instancia B en ${b.port}`)

    const port = await freePort()
    writeFileSync(path.join(prefix, 'nginx.conf'), nginxConfig(prefix, port, [a.port, b.port]))
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] })
    const child = nginx
    nginxExited = new Promise((resolve) => child.once('exit', resolve))
    const site = `http://127.0.0.1:${port}`
    await waitFor('nginx', async () => (await fetch(`${site}/healthz`)).ok)
    log(`nginx en ${port} delante de A y B`)

    for (const [name, server] of [['A', a], ['B', b]] as const) {
      const ready = await fetch(`${server.url}/readyz`)
      const body = (await ready.json()) as Envelope<{ archivos?: string; avisoArchivos?: string }>
      check(ready.status === 200, `/readyz de ${name} responde 200`)
      if (WITH_S3) check(body.response.archivos === 's3' && !body.response.avisoArchivos, `/readyz de ${name}: archivos en S3, sin aviso`)
    }

    // ───── the whole claim lifecycle through nginx ─────
    const upstreams = new Set<string>()
    const via = async <T>(pathname: string, init: Parameters<typeof call>[2] = {}, expectStatus = 200): Promise<T> => {
      const answer = await call<T>(site, pathname, init)
      if (answer.upstream) upstreams.add(answer.upstream)
      if (answer.status !== expectStatus || !answer.body.success) {
        throw new Error(`FALLÓ: ${init.method ?? 'GET'} ${pathname} → ${answer.status} ${answer.body.reason}`)
      }
      return answer.body.response
    }
    const signIn = async (email: string, role: number) =>
      (await via<{ accessToken: string }>('/api/auth/login', { json: { email, password: DEMO_PASSWORD, role } })).accessToken
    const executive = await signIn('ejecutivo@coppel.com', 0)
    const adminToken = await signIn('administrador@coppel.com', 1)
    const provider = await signIn('proveedor@coppel.com', 3)

    let coverage: { idColaborador: number; idCobertura: number } | undefined
    const seen = new Set<number>()
    for (let page = 1; page <= 3 && !coverage; page++) {
      const { items } = await via<{ items: Array<{ idColaborador: number }> }>(`/api/event/all?pageSize=100&page=${page}`, { token: adminToken })
      for (const { idColaborador } of items) {
        if (seen.has(idColaborador)) continue
        seen.add(idColaborador)
        const rows = await via<ProcedureRow[]>(`/api/event/get-procedures?idColaborador=${idColaborador}`, { token: executive })
        const card = groupCoverages(rows).find((c) => canCreateClaim(c) && c.availableAmount >= 1000)
        if (card) {
          coverage = { idColaborador, idCobertura: card.idCobertura }
          break
        }
      }
    }
    check(coverage, 'hay una cobertura que admite un trámite nuevo')
    let place: { state: number; city: number } | undefined
    for (const state of await via<Array<{ id: number }>>('/api/catalog/locations/estados', { token: executive })) {
      const [city] = await via<Array<{ id: number }>>(`/api/catalog/locations/municipio/${state.id}`, { token: executive })
      if (city) {
        place = { state: state.id, city: city.id }
        break
      }
    }
    check(place, 'hay un estado con municipios')
    const createdClaim = await via<{ insertId: number }>('/api/event', {
      token: executive,
      json: {
        ...coverage,
        beneficiary: 'Beneficiaria Varias Instancias',
        email: 'beneficiaria@correo.com',
        phone: '6671234567',
        age: 40,
        gender: 2,
        ...place,
        montoAutorizado: 1000,
      },
    })
    const idEvento = createdClaim.insertId
    check(idEvento > 0, `el ejecutivo creó el trámite C${idEvento}`)

    const collaborator = (
      await via<{ accessToken: string }>('/api/auth/login-colaborator', { json: { idColaborador: coverage.idColaborador, numProcedure: idEvento } })
    ).accessToken
    for (const [tipo, part] of [[1, 'fileOne'], [2, 'fileTwo']] as const) {
      await via('/api/file/add-files-to-event', { token: collaborator, form: form({ idEvento }, { part, blob: await pdf(`Documento ${tipo}`), name: `documento-${tipo}.pdf` }) })
    }
    // The third document as a resumable upload (tus, issue 22): created on A, half sent to B, the offset asked of A,
    // the rest sent to B: the upload's row is in the shared database.
    const third = new Uint8Array(await (await pdf('Documento 3, carga reanudable')).arrayBuffer())
    const tus = (token: string, extra: Record<string, string> = {}) => ({ authtoken: CLIENT_TOKEN, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', ...extra })
    const meta = Object.entries({ call: 'add-files-to-event', idEvento: String(idEvento), tipo: '3', filename: 'documento-3.pdf', filetype: 'application/pdf' })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',')
    const creation = await fetch(`${a.url}/api/uploads`, { method: 'POST', headers: tus(collaborator, { 'upload-length': String(third.length), 'upload-metadata': meta }) })
    const location = creation.headers.get('location') ?? ''
    check(creation.status === 201 && location.startsWith('/api/uploads/') && creation.headers.get('upload-expires'), 'carga reanudable creada en la instancia A (201, Upload-Expires)')
    const half = Math.floor(third.length / 2)
    const octets = { 'content-type': 'application/offset+octet-stream' }
    // The partial bytes live beside the files: the shared DATA_DIR, or with --s3 the bucket (`.tus/`, tus's S3 store),
    // the instances sharing nothing else but the database.
    const first = await fetch(`${b.url}${location}`, { method: 'PATCH', headers: tus(collaborator, { ...octets, 'upload-offset': '0' }), body: third.subarray(0, half) })
    check(first.status === 204 && first.headers.get('upload-offset') === String(half), 'la instancia B recibió la primera mitad')
    if (WITH_S3) check((await tusObjects()) > 0, 'la carga sin terminar está en el bucket (.tus/)')
    const offset = await fetch(`${a.url}${location}`, { method: 'HEAD', headers: tus(collaborator) })
    check(offset.headers.get('upload-offset') === String(half), 'la instancia A conoce el desplazamiento que recibió B')
    const last = await fetch(`${b.url}${location}`, { method: 'PATCH', headers: tus(collaborator, { ...octets, 'upload-offset': String(half) }), body: third.subarray(half) })
    const finished = (await last.json()) as Envelope<{ statusId: number }>
    check(last.status === 200 && finished.success && finished.response.statusId === 3, 'la instancia B terminó la carga: tercer documento, Validación de documentos (3)')
    if (WITH_S3) check((await tusObjects()) === 0, 'de la carga terminada no queda nada en .tus/')
    const documents = await via<{ numSended: number; files: Array<{ url: string }> }>(`/api/file/get-info-by-event/${idEvento}`, { token: executive })
    check(documents.numSended === 3, 'el colaborador cargó los tres documentos')
    // Each file was written by one instance into the shared DATA_DIR (or the bucket): both can serve every one.
    for (const server of [a, b]) {
      for (const file of documents.files) {
        const res = await fetch(`${server.url}${file.url}`, { headers: { authtoken: CLIENT_TOKEN, authorization: `Bearer ${executive}` } })
        if (res.status !== 200 || !(await res.text()).startsWith('%PDF')) throw new Error(`FALLÓ: ${file.url} en ${server.port} → ${res.status}`)
      }
    }
    log('ok  las dos instancias sirven los tres documentos')

    const verified = await via<{ statusId: number }>('/api/file/verify-file', {
      token: executive,
      json: { idEvento, preguntas: [1, 2, 3].map((tipo) => ({ tipo, idStatus: 2 })) },
    })
    check(verified.statusId === 5, 'documentos verificados: Asignación de proveedor (5)')
    const assigned = await via<{ statusId: number }>('/api/event/assign-provider', { method: 'PUT', token: executive, json: { idEvento, idProveedor: DEMO_PROVIDER_ID } })
    check(assigned.statusId === 6, 'proveedor asignado: Carta autorización (6)')
    await via('/api/event/update', { method: 'PUT', token: executive, json: { idEvento, nombreMedico: 'Dra. Ana Ruiz', diagnostico: 'Revisión general' } })
    const dictamen = await via<{ statusId: number }>('/api/file/add-dictamination', {
      token: executive,
      form: form({ idEvento, dictaminacion: 1, comentario: 'Procede' }, { part: 'file', blob: await pdf('Dictamen'), name: 'dictamen.pdf' }),
    })
    check(dictamen.statusId === 7, 'dictamen aprobado: Facturación (7)')
    await via('/api/file/add-invoice-to-event', {
      token: provider,
      form: form({ idEvento, idProveedor: DEMO_PROVIDER_ID }, { part: 'file', blob: await pdf('Factura'), name: 'factura.pdf' }),
    })
    const approved = await via<{ statusId: number }>('/api/file/validate-invoice', { token: adminToken, json: { idEvento } })
    check(approved.statusId === 8, 'factura aprobada: Trámite concluido (8)')
    for (const server of [a, b]) {
      const status = await call<{ statusId: number }>(server.url, `/api/event/by-id/${idEvento}`, { token: executive })
      check(status.body.response.statusId === 8, `la instancia ${server === a ? 'A' : 'B'} lee el trámite concluido`)
    }
    check(upstreams.size === 2, `nginx repartió el ciclo entre las dos instancias (${[...upstreams].join(', ')})`)
    if (WITH_S3) check((await bucketKeys()) === seededObjects + 5, 'los tres documentos, el dictamen y la factura quedaron en el bucket')

    // ───── the sign-in throttle across both ─────
    const email = 'revisor@coppel.com'
    const wrong = (base: string) => call(base, '/api/auth/login', { json: { email, password: 'Incorrecta#1', role: 4 } })
    const failures = [await wrong(a.url), await wrong(a.url), await wrong(a.url), await wrong(b.url), await wrong(b.url)]
    check(
      failures.every((f) => f.status === 401),
      '3 intentos fallidos en A y 2 en B: 401 cada uno',
    )
    const sixth = await call(site, '/api/auth/login', { json: { email, password: DEMO_PASSWORD, role: 4 } })
    check(sixth.status === 429 && sixth.body.reason === 'Score de captcha insuficiente', `el 6.º intento, con la contraseña correcta, → 429 '${sixth.body.reason}'`)

    // ───── the per-user limit across both ─────
    const burst = async (base: string, n: number) => {
      const statuses = []
      for (let i = 0; i < n; i++) statuses.push((await call(base, '/api/user/me', { token: provider })).status)
      return statuses
    }
    // The provider already made a few calls this minute; fill the rest of the budget alternating A and B.
    const statuses = [...(await burst(a.url, PER_MINUTE / 2)), ...(await burst(b.url, PER_MINUTE / 2))]
    const firstRefused = statuses.indexOf(429)
    check(firstRefused > 0 && statuses.slice(firstRefused).every((s) => s === 429), `límite por usuario compartido: 429 desde la llamada ${firstRefused + 1} de ${statuses.length} (A y B)`)
    const limited = await call(site, '/api/user/me', { token: provider })
    check(limited.status === 429 && limited.body.reason === 'Demasiadas solicitudes; hay que esperar unos minutos para intentarlo de nuevo', 'por nginx también: 429 con el sobre')
    const other = await call(site, '/api/user/me', { token: adminToken })
    check(other.status === 200, 'otro usuario, misma IP: 200')

    // ───── graceful stop of B: nginx sends everything to A ─────
    b.kill('SIGTERM')
    const code = await b.exited
    check(code === 0, `SIGTERM a B: terminó con código ${code}`)
    for (let i = 0; i < 4; i++) {
      const answer = await call<{ statusId: number }>(site, `/api/event/by-id/${idEvento}`, { token: executive })
      if (answer.status !== 200) throw new Error(`FALLÓ: con B detenido nginx respondió ${answer.status}`)
    }
    log('ok  con B detenido, nginx atiende todo con A')
  } finally {
    nginx?.kill('SIGTERM')
    for (const server of servers) server.kill('SIGTERM')
    await Promise.race([Promise.all([nginxExited, ...servers.map((s) => s.exited)]), new Promise((r) => setTimeout(r, 15_000))])
    for (const server of servers) server.kill('SIGKILL')
    nginx?.kill('SIGKILL')
    if (created) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(prefix, { recursive: true, force: true })
    await ceph?.stop()
  }
  log(`todo en orden (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}

main().then(() => process.exit(0)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
