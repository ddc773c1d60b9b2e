/**
 * Resumable uploads with the tus 1.0 protocol (issue 22), on @tus/server with the unfinished bytes in the shared file
 * store (`files/.tus`, or the bucket's `.tus/` prefix: server/storage/partialUploads.ts), so a PATCH may reach any
 * instance behind nginx. Around the protocol, our rules:
 *
 * - Creation: `Upload-Length` is required (no deferred length); the metadata names the call it completes
 *   (uploadIntent.ts); the creator must be allowed to make that call on that claim now; the upload is recorded
 *   (uploadRegistry.ts: owner, at most three unfinished per user across instances). The answer carries
 *   `Upload-Expires` (24 h).
 * - HEAD, PATCH, DELETE: only by the session that created it; anyone else is answered 404, as if it did not exist.
 * - Last byte: the rule is asked again, the bytes are checked (a PDF's signature and its end-of-file marker, or a
 *   photo's signature), and the file is attached by the same function as the multipart call (attachFile.ts); the
 *   PATCH answers 200 with that call's envelope. A refusal answers its 4xx with the envelope and removes the upload.
 * - Every refusal, ours or the protocol's, is the Spanish envelope; the bucket not answering is 503 with its reason.
 * - An upload whose bytes are all in but that still has its row had its completion fail (the bucket or the database
 *   down at that moment): it is gone for the client (HEAD answers 404 and removes it), which starts a new one, instead
 *   of taking it as finished.
 */
import { randomUUID } from 'node:crypto'
import { Server } from '@tus/server'
import type { Db } from '../../db/client'
import type { Session } from '../../auth/roles'
import { fail, type Envelope } from '../../lib/envelope'
import { AppError, badRequest } from '../../lib/errors'
import type { FileStore } from '../../storage/fileStore'
import { PARTIAL_EXPIRY_MS } from '../../storage/partialUploads'
import { FILE_STORE_UNAVAILABLE, FileStoreUnavailable } from '../../lib/fileStoreUnavailable'
import { NOT_A_PDF } from '../../../domain/fileReasons'
import { OFFSET_CONFLICT, UPLOADS_PATH } from '../../../domain/contract/uploads'
import { attachDictamination, attachDocument, attachInvoice, attachProfilePhoto, type ReceivedFile } from './attachFile'
import { authorizeUpload, intentOf, ownerOf, type UploadIntent } from './uploadIntent'
import { findUpload, forgetUpload, registerUpload, takeExpiredUploads, uploadsWithRows } from './uploadRegistry'

/** 24 h (the contract's UPLOAD_EXPIRY_HOURS): the row's expiry and the store's are one number. */
const UPLOAD_EXPIRY_MS = PARTIAL_EXPIRY_MS
const TUS_VERSION = '1.0.0'
/** A public upload id: what namingFunction makes (a UUID's 32 hex digits). */
const UPLOAD_ID = /^[0-9a-f]{32}$/

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
const INCOMPLETE = 'El archivo llegó incompleto; vuelve a cargarlo'

interface TusError {
  status_code: number
  body: string
}

const tusErrorOf = (status: number, reason: string): TusError => ({ status_code: status, body: JSON.stringify(fail(reason)) })

function asTusError(err: unknown): unknown {
  if (err instanceof AppError) return tusErrorOf(err.statusCode, err.reason)
  if (err instanceof FileStoreUnavailable) return tusErrorOf(503, FILE_STORE_UNAVAILABLE)
  return err
}

export interface ResumableUploads {
  /** Answers one tus request of `session` (the route built the web Request from Fastify's). */
  handle: (request: Request, session: Session) => Promise<Response>
}

export function createResumableUploads(deps: { db: Db; fileStore: FileStore; maxBytes: number }): ResumableUploads {
  const { db, fileStore, maxBytes } = deps
  const partials = fileStore.partials
  const sessions = new WeakMap<Request, Session>()
  /** The upload a creation request registered (its row goes again if the store then fails to create it). */
  const registered = new WeakMap<Request, string>()

  const sessionOfRequest = (request: Request): Session => {
    const session = sessions.get(request)
    if (!session) throw new Error('resumable upload without a session')
    return session
  }

  /** Removes an upload's bytes, its tus record and its row (what a refusal or a cancellation leaves behind). */
  async function discard(id: string): Promise<void> {
    await partials.remove(id)
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
    const { head, tail, length } = await partials.firstAndLast(id, size)
    // What the store holds must be what the client declared and sent (two writers on one upload could leave less).
    if (length !== size) throw badRequest(INCOMPLETE)
    // A PDF ends with %%EOF (ISO 32000, 7.5.5; trailing whitespace allowed): one cut short or padded is refused here.
    if (intent.call !== 'image-profile' && !tail.includes('%%EOF')) throw badRequest(NOT_A_PDF)
    const envelope = await attach(session, intent, { staged: partials.finished(id, size, head), filename: intent.filename })
    // The bytes were adopted under a stored key (a rename, or a copy inside the bucket); the upload itself goes. The
    // file is attached: a store that fails now leaves objects no row names, for the sweep, never an error answer.
    await discard(id).catch(() => forgetUpload(db, id).catch(() => undefined))
    return envelope
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: partials.datastore,
    maxSize: maxBytes,
    // The store's ids may carry its prefix (`.tus/<id>` in a bucket); the URL has the public id.
    namingFunction: () => partials.storeId(randomUUID().replaceAll('-', '')),
    generateUrl: (_request, { path, id }) => `${path}/${partials.publicId(id)}`,
    getFileIdFromRequest: (_request, last) => (last && UPLOAD_ID.test(last) ? partials.storeId(last) : undefined),
    async onUploadCreate(request, upload) {
      const session = sessionOfRequest(request as unknown as Request)
      const id = partials.publicId(upload.id)
      try {
        const intent = intentOf(upload.metadata)
        const filetype = upload.metadata?.filetype ?? undefined
        await authorizeUpload(db, session, intent, { size: upload.size, filetype, maxBytes })
        await registerUpload(db, {
          id,
          owner: ownerOf(session),
          intent,
          size: upload.size ?? 0,
          expiresAt: new Date(Date.now() + UPLOAD_EXPIRY_MS),
        })
        registered.set(request as unknown as Request, id)
      } catch (err) {
        throw asTusError(err)
      }
      return {}
    },
    async onUploadFinish(request, upload) {
      const session = sessionOfRequest(request as unknown as Request)
      const id = partials.publicId(upload.id)
      try {
        const envelope = await complete(session, id, upload.metadata, upload.offset)
        return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(envelope) }
      } catch (err) {
        // Refused: the upload goes. The store not answering: it stays (removing it would wait on the store again);
        // the client's next HEAD or the sweep removes it.
        if (!(err instanceof FileStoreUnavailable)) await discard(id).catch(() => undefined)
        throw asTusError(err)
      }
    },
    // What the store threw that is not the protocol's: with a bucket, the bucket not answering (503); else a bug (500).
    async onResponseError(_request, err) {
      if ('status_code' in err) return undefined
      if (err instanceof FileStoreUnavailable || partials.kind === 'bucket') return tusErrorOf(503, FILE_STORE_UNAVAILABLE)
      return undefined
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
    // A creation the store could not complete (the bucket down) gives its place in the limit back at once; what the
    // store may have written of it has no row, and the sweep removes it once expired.
    const created = registered.get(request)
    if (created && response.status >= 400) await forgetUpload(db, created)
    if (request.method === 'HEAD' && id !== null && response.status === 200 && isComplete(response)) {
      // All its bytes are in and its row is still here: its completion failed. Gone for the client, which starts over.
      await discard(id).catch(() => undefined)
      return envelopeResponse(404, PROTOCOL_REASONS[404] ?? UNEXPECTED)
    }
    return inSpanish(response)
  }

  return { handle }
}

const isComplete = (response: Response) => {
  const offset = response.headers.get('upload-offset')
  return offset !== null && offset === response.headers.get('upload-length')
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
  if (response.status === 503) headers.set('Retry-After', '2')
  return new Response(body, { status: response.status >= 500 && response.status !== 503 ? 500 : response.status, headers })
}

/**
 * The orphan sweep's part for resumable uploads: the rows expired at `now` lose their bytes, and so do uploads with no
 * row (a process killed between the two writes) once they are past the expiry themselves.
 */
export async function sweepExpiredUploads(db: Db, store: FileStore, now = new Date()): Promise<string[]> {
  const expired = await takeExpiredUploads(db, now)
  // A removal the bucket refuses now is retried by removeStale on a later sweep (the upload has no row any more).
  for (const id of expired) await store.partials.remove(id).catch(() => undefined)
  await store.partials.removeStale(now, (ids) => uploadsWithRows(db, ids))
  return expired
}
