/**
 * Multipart bodies for the upload routes. A route-level preValidation hook reads the whole form (files are small,
 * at most MAX_UPLOAD_MB, and must be sniffed before anything is stored) and leaves:
 * - `request.body`: every text field as a string, and each file field as its original file name, so the route's
 *   JSON schema (additionalProperties: false, integer coercion) validates the form like any JSON body;
 * - `uploadsOf(request)`: the file bytes, by field name. Only real file parts land here, so a text field can never
 *   pose as a file.
 * Refusals: not multipart → 415; a file over the limit → 413 (busboy marks the stream truncated and the plugin
 * raises FST_REQ_FILE_TOO_LARGE; both are checked); more than one file, a repeated field, a text field under a
 * file name, a file under a text name, malformed multipart → 400. Nothing is written by this hook.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { AppError, badRequest } from '../../lib/errors'

export interface UploadedFile {
  fieldname: string
  filename: string
  mimetype: string
  bytes: Buffer
}

export const FILE_TOO_LARGE = 'El archivo excede el tamaño permitido'
export const NOT_MULTIPART = 'La solicitud debe enviarse como multipart/form-data'

const uploads = new WeakMap<FastifyRequest, Map<string, UploadedFile>>()

/** The files read by `multipartBody` for this request (empty when none). */
export const uploadsOf = (request: FastifyRequest): Map<string, UploadedFile> => uploads.get(request) ?? new Map()

const tooLarge = () => new AppError(413, FILE_TOO_LARGE)

async function readFile(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of part.file) chunks.push(chunk as Buffer)
  if (part.file.truncated) throw tooLarge()
  return Buffer.concat(chunks)
}

async function discard(part: Multipart) {
  if (part.type === 'file') {
    part.file.resume()
  }
}

function translate(err: unknown): Error {
  if (err instanceof AppError) return err
  const code = (err as { code?: string }).code ?? ''
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
    const body: Record<string, string> = {}
    const files = new Map<string, UploadedFile>()
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
          const bytes = await readFile(part)
          body[name] = part.filename ?? ''
          files.set(name, { fieldname: name, filename: part.filename ?? '', mimetype: part.mimetype, bytes })
        } else {
          if (fileFields.includes(name)) throw badRequest(`Se requiere un archivo en ${name}`)
          if (typeof part.value !== 'string') throw badRequest(`Formato inválido en ${name}`)
          if (part.valueTruncated) throw badRequest(`El texto es demasiado largo en ${name}`)
          body[name] = part.value
        }
      }
    } catch (err) {
      throw translate(err)
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
