/**
 * Resumable uploads with the tus 1.0 protocol (issue 22), on @tus/server with its file store in the shared file
 * store's folder (`files/.tus`), so a PATCH may reach any instance behind nginx. Around the protocol, our rules:
 *
 * - Creation: `Upload-Length` is required (no deferred length); the metadata names the call it completes
 *   (uploadIntent.ts); the creator must be allowed to make that call on that claim now; the upload is recorded
 *   (uploadRegistry.ts: owner, at most three unfinished per user across instances). The answer carries
 *   `Upload-Expires` (24 h).
 * - HEAD, PATCH, DELETE: only by the session that created it; anyone else is answered 404, as if it did not exist.
 * - Last byte: the rule is asked again, the bytes are checked (a PDF's signature and its end-of-file marker, or a
 *   photo's signature), and the file is attached by the same function as the multipart call (attachFile.ts); the
 *   PATCH answers 200 with that call's envelope. A refusal answers its 4xx with the envelope and removes the upload.
 * - Every refusal, ours or the protocol's, is the Spanish envelope.
 */
import { randomUUID } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import { Server } from '@tus/server'
import { FileStore as TusFileStore } from '@tus/file-store'
import type { Db } from '../../db/client'
import type { Session } from '../../auth/roles'
import { fail, type Envelope } from '../../lib/envelope'
import { AppError, badRequest } from '../../lib/errors'
import type { FileStore, StagedFile } from '../../storage/fileStore'
import { NOT_A_PDF } from '../../../domain/fileReasons'
import { OFFSET_CONFLICT, UPLOAD_EXPIRY_HOURS, UPLOADS_PATH } from '../../../domain/contract/uploads'
import { attachDictamination, attachDocument, attachInvoice, attachProfilePhoto, type ReceivedFile } from './attachFile'
import { authorizeUpload, intentOf, ownerOf, type UploadIntent } from './uploadIntent'
import { findUpload, forgetUpload, registerUpload, takeExpiredUploads } from './uploadRegistry'

const UPLOAD_EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 3_600_000
const TUS_VERSION = '1.0.0'

/** Where the unfinished uploads live: inside the shared file store, so every instance sees them. */
const tusDirectory = (store: FileStore) => store.resumableRoot

/** The Spanish reason of a refusal the protocol layer gives (its own texts are English). */
const PROTOCOL_REASONS: Record<number, string> = {
  400: 'Solicitud de carga inválida',
  403: 'Faltan encabezados de la carga (Upload-Offset, Content-Type)',
  404: 'No se encontró la carga',
  409: OFFSET_CONFLICT,
  410: 'La carga caducó; iníciala de nuevo',
  412: 'Se requiere el encabezado Tus-Resumable: 1.0.0',
  413: 'El archivo excede el tamaño permitido',
  415: 'La carga debe enviarse como application/offset+octet-stream',
  429: 'Demasiadas cargas sin terminar',
}
const UNEXPECTED = 'Ocurrió un error al recibir el archivo'

interface TusError {
  status_code: number
  body: string
}

const tusErrorOf = (status: number, reason: string): TusError => ({ status_code: status, body: JSON.stringify(fail(reason)) })

function asTusError(err: unknown): unknown {
  return err instanceof AppError ? tusErrorOf(err.statusCode, err.reason) : err
}

const HEAD_BYTES = 64
const TAIL_BYTES = 1024

/** The first bytes (signature) and the last ones (a PDF's %%EOF) of a received file. */
async function headAndTail(file: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size))
    await handle.read(head, 0, head.length, 0)
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, size))
    await handle.read(tail, 0, tail.length, size - tail.length)
    return { head, tail }
  } finally {
    await handle.close()
  }
}

export interface ResumableUploads {
  /** Answers one tus request of `session` (the route built the web Request from Fastify's). */
  handle: (request: Request, session: Session) => Promise<Response>
}

export function createResumableUploads(deps: { db: Db; fileStore: FileStore; maxBytes: number }): ResumableUploads {
  const { db, fileStore, maxBytes } = deps
  const directory = tusDirectory(fileStore)
  const datastore = new TusFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS })
  const sessions = new WeakMap<Request, Session>()

  const sessionOfRequest = (request: Request): Session => {
    const session = sessions.get(request)
    if (!session) throw new Error('resumable upload without a session')
    return session
  }

  /** Removes an upload's bytes, its tus record and its row (what a refusal or a cancellation leaves behind). */
  async function discard(id: string): Promise<void> {
    await rm(path.join(directory, id), { force: true })
    await rm(path.join(directory, `${id}.json`), { force: true })
    await forgetUpload(db, id)
  }

  async function attach(session: Session, intent: UploadIntent, file: ReceivedFile): Promise<Envelope<unknown>> {
    const stores = { db, fileStore }
    switch (intent.call) {
      case 'add-files-to-event':
        return attachDocument(stores, session, intent, file)
      case 'add-dictamination':
        return attachDictamination(stores, session, intent, file)
      case 'add-invoice-to-event':
        return attachInvoice(stores, session, intent, file)
      case 'image-profile':
        return attachProfilePhoto(stores, session, file)
    }
  }

  async function complete(session: Session, id: string, metadata: Record<string, string | null> | undefined, size: number) {
    const intent = intentOf(metadata)
    await authorizeUpload(db, session, intent, { size, maxBytes })
    const file = path.join(directory, id)
    const { head, tail } = await headAndTail(file, size)
    // A PDF ends with %%EOF (ISO 32000, 7.5.5; trailing whitespace allowed): one cut short or padded is refused here.
    if (intent.call !== 'image-profile' && !tail.includes('%%EOF')) throw badRequest(NOT_A_PDF)
    const staged: StagedFile = { path: file, size, head }
    const envelope = await attach(session, intent, { staged, filename: intent.filename })
    // The bytes were adopted under a stored key (a rename); what is left is the tus record and the row.
    await discard(id)
    return envelope
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    namingFunction: () => randomUUID().replaceAll('-', ''),
    async onUploadCreate(request, upload) {
      const session = sessionOfRequest(request as unknown as Request)
      try {
        const intent = intentOf(upload.metadata)
        const filetype = upload.metadata?.filetype ?? undefined
        await authorizeUpload(db, session, intent, { size: upload.size, filetype, maxBytes })
        await registerUpload(db, {
          id: upload.id,
          owner: ownerOf(session),
          intent,
          size: upload.size ?? 0,
          expiresAt: new Date(Date.now() + UPLOAD_EXPIRY_MS),
        })
      } catch (err) {
        throw asTusError(err)
      }
      return {}
    },
    async onUploadFinish(request, upload) {
      const session = sessionOfRequest(request as unknown as Request)
      try {
        const envelope = await complete(session, upload.id, upload.metadata, upload.offset)
        return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(envelope) }
      } catch (err) {
        await discard(upload.id)
        throw asTusError(err)
      }
    },
  })

  /** The id in /api/uploads/{id}, or null for the collection itself. */
  const idOf = (request: Request): string | null => {
    const rest = new URL(request.url).pathname.slice(UPLOADS_PATH.length).replace(/^\/+/, '')
    return rest === '' ? null : decodeURIComponent(rest)
  }

  async function handle(request: Request, session: Session): Promise<Response> {
    const version = request.headers.get('tus-resumable')
    if (version !== null && version !== TUS_VERSION) return envelopeResponse(412, PROTOCOL_REASONS[412] ?? UNEXPECTED, { 'Tus-Version': TUS_VERSION })
    const id = idOf(request)
    if (request.method === 'POST') {
      if (id !== null) return envelopeResponse(404, PROTOCOL_REASONS[404] ?? UNEXPECTED)
      if (version !== null && request.headers.get('upload-length') === null) {
        return envelopeResponse(400, 'Se requiere el encabezado Upload-Length (tamaño del archivo)')
      }
    } else {
      // Only its creator may see, continue or cancel an upload: for anyone else it does not exist.
      const row = id === null ? null : await findUpload(db, id)
      if (!row || row.owner !== ownerOf(session)) return envelopeResponse(404, PROTOCOL_REASONS[404] ?? UNEXPECTED)
    }
    sessions.set(request, session)
    const response = await tus.handleWeb(request)
    if (request.method === 'DELETE' && response.status === 204 && id !== null) await forgetUpload(db, id)
    return inSpanish(response)
  }

  return { handle }
}

function envelopeResponse(status: number, reason: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(fail(reason)), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Tus-Resumable': TUS_VERSION, ...headers },
  })
}

/** The protocol's refusals (English text) become the envelope with a Spanish reason; ours already are one. */
async function inSpanish(response: Response): Promise<Response> {
  if (response.status < 400) return response
  const text = await response.text()
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  headers.set('Content-Type', 'application/json; charset=utf-8')
  let body = text
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('reason' in parsed)) throw new Error('not an envelope')
  } catch {
    body = JSON.stringify(fail(PROTOCOL_REASONS[response.status] ?? UNEXPECTED))
  }
  return new Response(body, { status: response.status >= 500 ? 500 : response.status, headers })
}

/**
 * The orphan sweep's part for resumable uploads: the rows expired at `now` lose their bytes, and so do tus records
 * with no row (a process killed between the two writes) once they are past the expiry themselves.
 */
export async function sweepExpiredUploads(db: Db, store: FileStore, now = new Date()): Promise<string[]> {
  const directory = tusDirectory(store)
  const expired = await takeExpiredUploads(db, now)
  for (const id of expired) {
    await rm(path.join(directory, id), { force: true })
    await rm(path.join(directory, `${id}.json`), { force: true })
  }
  // Records no row names (their creation failed half way) go by the tus store's own expiry.
  await new TusFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }).deleteExpired().catch(() => 0)
  return expired
}
