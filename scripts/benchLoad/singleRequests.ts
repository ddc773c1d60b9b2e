/**
 * The measurements of `npm run bench:load` that are one request (or one burst) rather than a load: the CSV report
 * downloaded over a socket against `psql \copy` of the same SELECT, and parallel PDF uploads.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { reportSelectSql } from '../../server/report/claimsReport'

/**
 * `psql \copy (the report's SELECT) to /dev/null`: what PostgreSQL and a client that only reads take to produce the
 * same rows, the floor for the download. JIT off as in the server's pool (server/db/client.ts).
 */
export function timePsqlCopy(databaseUrl: string, initDate: string, endDate: string): Promise<number> {
  // \copy takes its whole command on one line.
  const select = reportSelectSql({ initDate, endDate }).replace(/\s+/g, ' ')
  const started = performance.now()
  const child = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${select}) to '/dev/null' with (format csv)`], {
    env: { ...process.env, PGOPTIONS: '-c jit=off' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`psql terminó con ${code}: ${err}`))))
  })
}

/** Downloads a URL over a fresh connection, keeping only the byte count. */
export function timeDownload(origin: string, path: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`${path} respondió ${response.statusCode}`))
        return
      }
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ ms: performance.now() - started, bytes }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** A file the server takes for a PDF (it sniffs `%PDF-`), padded to `bytes`. */
export function paddedPdf(bytes: number): Blob {
  const file = new Uint8Array(bytes).fill(0x20)
  file.set(new TextEncoder().encode('%PDF-1.7\n'))
  return new Blob([file], { type: 'application/pdf' })
}

/**
 * Every uploader sends one document (fileOne, the request form) to their claim, all at once (to `path`: the portal's
 * route, or the anchor's bare multipart route). Returns the wall time
 * of the burst; throws unless every upload was accepted.
 */
export async function parallelUploads(
  origin: string,
  uploaders: ReadonlyArray<{ idEvento: number; headers: Record<string, string> }>,
  pdf: Blob,
  path = '/api/file/add-files-to-event',
): Promise<number> {
  const started = performance.now()
  const answers = await Promise.all(
    uploaders.map(async ({ idEvento, headers }) => {
      const form = new FormData()
      form.append('idEvento', String(idEvento))
      form.append('fileOne', pdf, 'carga-de-prueba.pdf')
      const response = await fetch(`${origin}${path}`, { method: 'POST', headers, body: form })
      return { idEvento, status: response.status, body: await response.text() }
    }),
  )
  const refused = answers.filter((a) => a.status !== 200)
  if (refused.length > 0) {
    throw new Error(`${refused.length} cargas rechazadas, p. ej. ${refused[0]!.idEvento}: ${refused[0]!.status} ${refused[0]!.body.slice(0, 200)}`)
  }
  return performance.now() - started
}
