/**
 * Multipart bodies for the upload routes. A route-level preValidation hook reads the whole form and leaves:
 * - `request.body`: every text field as a string, and each file field as its original file name, so the route's
 *   JSON schema (additionalProperties: false, integer coercion) validates the form like any JSON body;
 * - `uploadsOf(request)`: the files, by field name, each STREAMED to a staging file on disk as it arrives (only its
 *   first bytes stay in memory, for the signature check), so memory stays flat whatever the number of uploads.
 *   The route adopts the staged file (a rename) or it is removed when the answer is sent. Only real file parts land
 *   here, so a text field can never pose as a file.
 * - At most MAX_UPLOADS_PER_USER uploads of one signed-in user are read at the same time; another gets 429.
 * Refusals: not multipart → 415; a file over the limit → 413 (busboy marks the stream truncated and the plugin
 * raises FST_REQ_FILE_TOO_LARGE; both are checked); more than one file, a repeated field, a text field under a
 * file name, a file under a text name, malformed multipart → 400. Nothing is written by this hook.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { AppError, badRequest } from '../../lib/errors'
import type { FileStore, StagedFile } from '../../storage/fileStore'

export interface UploadedFile {
  fieldname: string
  filename: string
  mimetype: string
  /** On disk under the store's staging folder until the route adopts it. */
  file: StagedFile
}

/** Uploads of one user read at the same time (a page uploads one file at a time; three leaves room for two tabs). */
const MAX_UPLOADS_PER_USER = 3
const TOO_MANY_UPLOADS = 'Hay otras cargas en curso; hay que esperar a que terminen para intentarlo de nuevo'
const uploadsInFlight = new Map<string, number>()

function subjectOf(request: FastifyRequest): string | null {
  const session = request.session
  if (!session) return null
  return session.kind === 'collaborator' ? `c:${session.idColaborador}` : `u:${session.idUser}`
}

/** Removes the request's staged files that the route did not adopt (an onResponse hook of every upload route). */
export async function discardUnadopted(request: FastifyRequest): Promise<void> {
  await Promise.all([...uploadsOf(request).values()].map((upload) => request.server.fileStore.discard(upload.file)))
}

const FILE_TOO_LARGE = 'El archivo excede el tamaño permitido'
const NOT_MULTIPART = 'La solicitud debe enviarse como multipart/form-data'

const uploads = new WeakMap<FastifyRequest, Map<string, UploadedFile>>()

/** The files read by `multipartBody` for this request (empty when none). */
const uploadsOf = (request: FastifyRequest): Map<string, UploadedFile> => uploads.get(request) ?? new Map()

const tooLarge = () => new AppError(413, FILE_TOO_LARGE)

async function stageFile(store: FileStore, part: MultipartFile): Promise<StagedFile> {
  const staged = await store.stage(part.file)
  if (part.file.truncated) {
    await store.discard(staged)
    throw tooLarge()
  }
  return staged
}

async function discard(part: Multipart) {
  if (part.type === 'file') {
    part.file.resume()
  }
}

function translate(err: unknown): Error {
  if (err instanceof AppError) return err
  const code = typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : ''
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge()
  if (code === 'FST_FILES_LIMIT') return badRequest('Solo se permite un archivo por solicitud')
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('La solicitud tiene demasiados campos')
  if (code === 'FST_PROTO_VIOLATION') return badRequest('Campo no permitido')
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest('Formato inválido en la solicitud')
  // Everything else raised while parsing the stream (busboy's "Unexpected end of form", a bad boundary, an
  // aborted upload) is a malformed request, not a server fault.
  return badRequest('Formato multipart inválido')
}

/** preValidation hook for a multipart route whose file parts may use the names in `fileFields`. */
export function multipartBody(fileFields: readonly string[]): preValidationAsyncHookHandler {
  return async function parseMultipart(request) {
    if (!request.isMultipart()) throw new AppError(415, NOT_MULTIPART)
    const subject = subjectOf(request)
    const inFlight = subject ? (uploadsInFlight.get(subject) ?? 0) : 0
    if (subject && inFlight >= MAX_UPLOADS_PER_USER) throw new AppError(429, TOO_MANY_UPLOADS)
    if (subject) uploadsInFlight.set(subject, inFlight + 1)
    const body: Record<string, string> = {}
    const files = new Map<string, UploadedFile>()
    const store = request.server.fileStore
    try {
      for await (const part of request.parts()) {
        const name = part.fieldname
        if (Object.hasOwn(body, name)) {
          await discard(part)
          throw badRequest(`Campo repetido: ${name}`)
        }
        if (part.type === 'file') {
          if (!fileFields.includes(name)) {
            await discard(part)
            throw badRequest(`Campo no permitido: ${name}`)
          }
          if (files.size > 0) {
            await discard(part)
            throw badRequest('Solo se permite un archivo por solicitud')
          }
          const file = await stageFile(store, part)
          body[name] = part.filename ?? ''
          files.set(name, { fieldname: name, filename: part.filename ?? '', mimetype: part.mimetype, file })
        } else {
          if (fileFields.includes(name)) throw badRequest(`Se requiere un archivo en ${name}`)
          if (typeof part.value !== 'string') throw badRequest(`Formato inválido en ${name}`)
          if (part.valueTruncated) throw badRequest(`El texto es demasiado largo en ${name}`)
          // PostgreSQL text cannot hold NUL; the JSON routes refuse it by schema (NO_NUL_PATTERN), forms here.
          if (part.value.includes('\u0000')) throw badRequest(`Contiene caracteres no permitidos: ${name}`)
          body[name] = part.value
        }
      }
    } catch (err) {
      await Promise.all([...files.values()].map((upload) => store.discard(upload.file)))
      throw translate(err)
    } finally {
      if (subject) {
        const left = (uploadsInFlight.get(subject) ?? 1) - 1
        if (left > 0) uploadsInFlight.set(subject, left)
        else uploadsInFlight.delete(subject)
      }
    }
    request.body = body
    uploads.set(request, files)
  }
}

/** The single file of the request, if any. */
export function singleUpload(request: FastifyRequest): UploadedFile | null {
  const [first] = uploadsOf(request).values()
  return first ?? null
}
