/**
 * The three claim documents: list (get-info-by-event), upload or reviewer comment (add-files-to-event) and the
 * reviewer's verification of all three (verify-file). Every change goes through the claim lifecycle in the same
 * transaction as the claim_files rows; an upload writes its file first and removes it if that transaction fails.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { and, eq } from 'drizzle-orm'
import { claimFiles } from '../../db/schema'
import { applyClaimEvent, actorOf } from '../../domain/claimLifecycle'
import type { DocumentStatuses } from '../../../machines/claimLifecycle.machine'
import type { Session } from '../../auth/roles'
import { ok } from '../../lib/envelope'
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { claimFileIdFromUrl } from '../../storage/urls'
import { DOCUMENT_FILE_PART, DOCUMENT_TIPOS, fileCalls as call, type AddFilesForm, type DocumentTipo } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload, type UploadedFile } from './multipart'
import { uploadRouteOf } from './uploadRoute'
import {
  countDocuments,
  findClaimFile,
  findClaimFileById,
  listClaimFiles,
  lockClaim,
  toFileEntry,
  writtenRow,
  type ClaimFileRow,
} from './repository'

export const NOT_A_PDF = 'Error: Se requiere un archivo PDF'
export const COMMENT_REQUIRED = 'Debe seleccionar una opción y escribir un comentario antes de enviar'
export const DOCUMENT_NOT_FOUND = 'No se encontró el documento'
export const MISSING_DOCUMENTS = 'Faltan documentos por cargar: se requieren los tres documentos'

/** The document a file part names (fileOne, fileTwo, fileThree); the generic `file` part names none. */
const tipoOfPart = (part: string): DocumentTipo | undefined => DOCUMENT_TIPOS.find((tipo) => DOCUMENT_FILE_PART[tipo] === part)

/** A stored row's document type; rows are only written with a validated one, so anything else is a broken row. */
function documentTipoOf(tipo: number): DocumentTipo {
  if (tipo === 1 || tipo === 2 || tipo === 3) return tipo
  throw new Error(`claim_files.tipo fuera de rango: ${tipo}`)
}

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.documents, FILE_ROUTES),
    preHandler: async (request) => checkClaimAccess(request, 'read', request.params.idEvento),
    handler: async (request, reply) => {
      const rows = await listClaimFiles(app.db, claimOf(request).idEvento)
      const files = rows.filter((row) => row.tipo >= 1 && row.tipo <= 3).map(toFileEntry)
      reply.header('Cache-Control', 'no-store')
      return ok({ files, numSended: new Set(files.map((f) => f.tipo)).size })
    },
  })

  app.route({
    ...uploadRouteOf(call.addFiles, FILE_ROUTES),
    config: { auth: ['executive', 'admin', 'collaborator'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const upload = singleUpload(request)
      const session = sessionOf(request)
      const { idEvento } = claimOf(request)
      return upload ? uploadDocument(request.body, upload, session, idEvento) : commentDocument(request.body, session, idEvento)
    },
  })

  async function uploadDocument(form: AddFilesForm, upload: UploadedFile, session: Session, idEvento: number) {
    const tipo = tipoOfPart(upload.fieldname) ?? form.tipo
    if (tipo === undefined) throw badRequest('Campo requerido: tipo')
    if (form.tipo !== undefined && form.tipo !== tipo) throw badRequest('El tipo no corresponde al documento enviado')
    if (!isPdf(upload.file.head)) throw badRequest(NOT_A_PDF)

    const nombre = sanitizeOriginalName(upload.filename)
    const comentario = form.comentario?.trim() ? form.comentario.trim() : null
    return withStoredFile(app.fileStore, upload.file, 'pdf', (storageKey) =>
      app.db.transaction(async (tx) => {
        await lockClaim(tx, idEvento)
        const previous = await findClaimFile(tx, idEvento, tipo)
        // Before the row is written: the lifecycle reads whether the document it replaces was verified.
        const stage = await applyClaimEvent(tx, {
          idEvento,
          event: { type: 'document.upload', tipo },
          actor: actorOf(session),
        })
        const values = { status: 1, storageKey, nombre, size: upload.file.size, comentario, uploadedBy: actorOf(session) }
        const row = writtenRow(
          previous
            ? await tx.update(claimFiles).set(values).where(eq(claimFiles.id, previous.id)).returning()
            : await tx.insert(claimFiles).values({ idEvento, tipo, ...values }).returning(),
        )
        return {
          result: ok({ file: toFileEntry(row), statusId: stage.statusId }, 'Archivo cargado correctamente'),
          replacedKeys: previous ? [previous.storageKey] : [],
        }
      }),
    )
  }

  async function commentDocument(form: AddFilesForm, session: Session, idEvento: number) {
    // The collaborator uploads; only the reviewer (owning executive or an administrator) comments.
    if (session.kind === 'collaborator') throw forbidden('Solo el ejecutivo o el administrador pueden comentar documentos')
    const status = Number(form.estatus)
    const comentario = form.comentario?.trim() ?? ''
    // Number('') is 0, so an empty or missing choice fails the range check too.
    if (!Number.isInteger(status) || status < 2 || status > 5 || !comentario) throw badRequest(COMMENT_REQUIRED)
    const { tipo, fileUrl } = form
    if (tipo === undefined && fileUrl === undefined) throw badRequest('Seleccione el documento que desea comentar')

    return app.db.transaction(async (tx) => {
      await lockClaim(tx, idEvento)
      let target: ClaimFileRow | undefined
      if (fileUrl !== undefined) {
        const id = claimFileIdFromUrl(fileUrl)
        target = id === null ? undefined : await findClaimFileById(tx, id)
        if (target && target.idEvento !== idEvento) target = undefined
        if (target && tipo !== undefined && tipo !== target.tipo) throw badRequest('El tipo no corresponde al documento indicado')
      } else if (tipo !== undefined) {
        target = await findClaimFile(tx, idEvento, tipo)
      }
      if (!target) throw notFound(DOCUMENT_NOT_FOUND)
      const row = writtenRow(
        await tx
          .update(claimFiles)
          .set({ status, comentario })
          .where(and(eq(claimFiles.id, target.id), eq(claimFiles.idEvento, idEvento)))
          .returning(),
      )
      const stage = await applyClaimEvent(tx, {
        idEvento,
        event: { type: 'document.comment', tipo: documentTipoOf(target.tipo), status },
        actor: actorOf(session),
      })
      return ok({ file: toFileEntry(row), statusId: stage.statusId }, 'Comentario agregado')
    })
  }

  app.route({
    ...routeOf(call.verifyFiles, FILE_ROUTES),
    config: { auth: ['executive', 'admin'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const { preguntas } = request.body
      const statuses: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }
      for (const { tipo, idStatus } of preguntas) statuses[`${tipo}`] = idStatus
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
  })
}

export default documentRoutes
