/**
 * The three claim documents: list (get-info-by-event), upload or reviewer comment (add-files-to-event) and the
 * reviewer's verification of all three (verify-file). Every change goes through the claim lifecycle in the same
 * transaction as the claim_files rows; an upload writes its file first and removes it if that transaction fails.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { claimFiles } from '../../db/schema'
import { applyClaimEvent, actorOf } from '../../domain/claimLifecycle'
import type { DocumentStatuses, DocumentTipo } from '../../../machines/claimLifecycle.machine'
import { ok, envelopeSchema } from '../../lib/envelope'
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { claimFileIdFromUrl } from '../../storage/urls'
import { claimOf, claimPolicy, sessionOf } from './claimPolicy'
import { multipartBody, singleUpload, type UploadedFile } from './multipart'
import {
  commentSchema,
  fileEntrySchema,
  fileFieldSchema,
  idEventoParams,
  idSchema,
  tipoSchema,
} from './schemas'
import {
  countDocuments,
  findClaimFile,
  findClaimFileById,
  listClaimFiles,
  lockClaim,
  toFileEntry,
  type ClaimFileRow,
} from './repository'

export const NOT_A_PDF = 'Error: Se requiere un archivo PDF'
export const COMMENT_REQUIRED = 'Debe seleccionar una opción y escribir un comentario antes de enviar'
export const DOCUMENT_NOT_FOUND = 'No se encontró el documento'
export const MISSING_DOCUMENTS = 'Faltan documentos por cargar: se requieren los tres documentos'

/** File part names of the upload form and the document each one carries (`file` needs the `tipo` field). */
const FILE_FIELD_TIPO = { fileOne: 1, fileTwo: 2, fileThree: 3, file: null } as const
type FileField = keyof typeof FILE_FIELD_TIPO
const FILE_FIELDS = Object.keys(FILE_FIELD_TIPO) as FileField[]

interface AddFilesBody {
  idEvento: number
  tipo?: number
  comentario?: string
  estatus?: string
  fileUrl?: string
  fileOne?: string
  fileTwo?: string
  fileThree?: string
  file?: string
}

interface VerifyBody {
  idEvento: number
  preguntas: { tipo: number; idStatus: number }[]
}

const asTipo = (n: number): DocumentTipo => n as DocumentTipo

export default async function documentRoutes(app: FastifyInstance) {
  app.get<{ Params: { idEvento: number } }>(
    '/get-info-by-event/:idEvento',
    {
      schema: {
        tags: ['file'],
        summary: 'Documentos del trámite y cuántos de los tres se han cargado',
        params: idEventoParams,
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { files: { type: 'array', items: fileEntrySchema }, numSended: { type: 'integer' } },
            required: ['files', 'numSended'],
          }),
        },
      },
      preHandler: claimPolicy('read', (request) => (request.params as { idEvento: number }).idEvento),
    },
    async (request, reply) => {
      const rows = await listClaimFiles(app.db, claimOf(request).idEvento)
      const files = rows.filter((row) => row.tipo >= 1 && row.tipo <= 3).map(toFileEntry)
      reply.header('Cache-Control', 'no-store')
      return ok({ files, numSended: new Set(files.map((f) => f.tipo)).size })
    },
  )

  app.post<{ Body: AddFilesBody }>(
    '/add-files-to-event',
    {
      config: { auth: ['executive', 'admin', 'collaborator'] },
      schema: {
        tags: ['file'],
        summary: 'Carga un documento (fileOne/fileTwo/fileThree, o file + tipo) o comenta uno (fileUrl o tipo + estatus + comentario)',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idEvento'],
          properties: {
            idEvento: idSchema,
            tipo: tipoSchema,
            comentario: commentSchema,
            // A string so that an empty or placeholder choice gets the spec's message rather than a type error.
            estatus: { type: 'string', maxLength: 2 },
            fileUrl: { type: 'string', maxLength: 300 },
            fileOne: fileFieldSchema,
            fileTwo: fileFieldSchema,
            fileThree: fileFieldSchema,
            file: fileFieldSchema,
          },
        },
        response: { 200: envelopeSchema({ type: 'object', properties: { file: fileEntrySchema, statusId: { type: 'integer' } }, required: ['file', 'statusId'] }) },
      },
      preValidation: multipartBody(FILE_FIELDS),
      preHandler: claimPolicy('write', (request) => (request.body as AddFilesBody).idEvento),
    },
    async (request) => {
      const upload = singleUpload(request)
      return upload ? uploadDocument(request, upload) : commentDocument(request)
    },
  )

  async function uploadDocument(request: FastifyRequest<{ Body: AddFilesBody }>, upload: UploadedFile) {
    const { body } = request
    const fieldTipo = FILE_FIELD_TIPO[upload.fieldname as FileField]
    const tipo = fieldTipo ?? body.tipo
    if (tipo === undefined) throw badRequest('Campo requerido: tipo')
    if (body.tipo !== undefined && body.tipo !== tipo) throw badRequest('El tipo no corresponde al documento enviado')
    if (!isPdf(upload.bytes)) throw badRequest(NOT_A_PDF)

    const session = sessionOf(request)
    const idEvento = claimOf(request).idEvento
    const nombre = sanitizeOriginalName(upload.filename)
    const comentario = body.comentario?.trim() ? body.comentario.trim() : null
    return withStoredFile(app.fileStore, upload.bytes, 'pdf', (storageKey) =>
      app.db.transaction(async (tx) => {
        await lockClaim(tx, idEvento)
        const previous = await findClaimFile(tx, idEvento, tipo)
        const values = { status: 1, storageKey, nombre, size: upload.bytes.length, comentario, uploadedBy: actorOf(session) }
        let row: ClaimFileRow
        if (previous) {
          ;[row] = (await tx.update(claimFiles).set(values).where(eq(claimFiles.id, previous.id)).returning()) as [ClaimFileRow]
        } else {
          ;[row] = (await tx.insert(claimFiles).values({ idEvento, tipo, ...values }).returning()) as [ClaimFileRow]
        }
        const stage = await applyClaimEvent(tx, {
          idEvento,
          event: { type: 'document.upload', tipo: asTipo(tipo) },
          actor: actorOf(session),
        })
        return {
          result: ok({ file: toFileEntry(row), statusId: stage.statusId }, 'Archivo cargado correctamente'),
          replacedKeys: previous ? [previous.storageKey] : [],
        }
      }),
    )
  }

  async function commentDocument(request: FastifyRequest<{ Body: AddFilesBody }>) {
    const { body } = request
    const session = sessionOf(request)
    // The collaborator uploads; only the reviewer (owning executive or an administrator) comments.
    if (session.kind === 'collaborator') throw forbidden('Solo el ejecutivo o el administrador pueden comentar documentos')
    const status = Number(body.estatus)
    const comentario = body.comentario?.trim() ?? ''
    // Number('') is 0, so an empty or missing choice fails the range check too.
    if (!Number.isInteger(status) || status < 2 || status > 5 || !comentario)
      throw badRequest(COMMENT_REQUIRED)
    if (body.tipo === undefined && body.fileUrl === undefined)
      throw badRequest('Seleccione el documento que desea comentar')

    const idEvento = claimOf(request).idEvento
    return app.db.transaction(async (tx) => {
      await lockClaim(tx, idEvento)
      let target: ClaimFileRow | undefined
      if (body.fileUrl !== undefined) {
        const id = claimFileIdFromUrl(body.fileUrl)
        target = id === null ? undefined : await findClaimFileById(tx, id)
        if (target && target.idEvento !== idEvento) target = undefined
        if (target && body.tipo !== undefined && body.tipo !== target.tipo) throw badRequest('El tipo no corresponde al documento indicado')
      } else {
        target = await findClaimFile(tx, idEvento, body.tipo!)
      }
      if (!target) throw notFound(DOCUMENT_NOT_FOUND)
      const [row] = (await tx
        .update(claimFiles)
        .set({ status, comentario })
        .where(and(eq(claimFiles.id, target.id), eq(claimFiles.idEvento, idEvento)))
        .returning()) as [ClaimFileRow]
      const stage = await applyClaimEvent(tx, {
        idEvento,
        event: { type: 'document.comment', tipo: asTipo(target.tipo), status },
        actor: actorOf(session),
      })
      return ok({ file: toFileEntry(row), statusId: stage.statusId }, 'Comentario agregado')
    })
  }

  app.post<{ Body: VerifyBody }>(
    '/verify-file',
    {
      config: { auth: ['executive', 'admin'] },
      schema: {
        tags: ['file'],
        summary: 'Califica los tres documentos del trámite (estatus 2 a 5)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idEvento', 'preguntas'],
          properties: {
            idEvento: idSchema,
            preguntas: {
              type: 'array',
              minItems: 3,
              maxItems: 3,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['tipo', 'idStatus'],
                properties: { tipo: tipoSchema, idStatus: { type: 'integer', minimum: 2, maximum: 5 } },
              },
            },
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { statusId: { type: 'integer' }, files: { type: 'array', items: fileEntrySchema } },
            required: ['statusId', 'files'],
          }),
        },
      },
      preHandler: claimPolicy('write', (request) => (request.body as VerifyBody).idEvento),
    },
    async (request) => {
      const { preguntas } = request.body
      const statuses: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }
      for (const { tipo, idStatus } of preguntas) statuses[String(tipo) as keyof DocumentStatuses] = idStatus
      if (new Set(preguntas.map((p) => p.tipo)).size !== 3) throw badRequest('Debe calificar cada uno de los tres documentos una sola vez')

      const session = sessionOf(request)
      const idEvento = claimOf(request).idEvento
      return app.db.transaction(async (tx) => {
        await lockClaim(tx, idEvento)
        if ((await countDocuments(tx, idEvento)) < 3) throw conflict(MISSING_DOCUMENTS)
        for (const { tipo, idStatus } of preguntas) {
          await tx
            .update(claimFiles)
            .set({ status: idStatus })
            .where(and(eq(claimFiles.idEvento, idEvento), eq(claimFiles.tipo, tipo)))
        }
        const stage = await applyClaimEvent(tx, {
          idEvento,
          event: { type: 'documents.verify', statuses },
          actor: actorOf(session),
        })
        const files = (await listClaimFiles(tx, idEvento)).map(toFileEntry)
        return ok({ statusId: stage.statusId, files }, 'Documentos verificados')
      })
    },
  )
}
