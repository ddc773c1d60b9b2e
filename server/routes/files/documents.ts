/**
 * The three claim documents: list (get-info-by-event), upload or reviewer comment (add-files-to-event) and the
 * reviewer's verification of all three (verify-file). Every change goes through the claim lifecycle in the same
 * transaction as the claim_files rows; an upload writes its file first and removes it if that transaction fails.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Session } from '../../auth/roles'
import { commentDocument, listDocuments, verifyDocuments } from '../../domain/claims/claimDocuments'
import { attachDocument } from '../../domain/uploads/attachFile'
import { ok } from '../../lib/envelope'
import { badRequest } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { DOCUMENT_FILE_PART, DOCUMENT_TIPOS, fileCalls as call, type AddFilesForm, type DocumentTipo } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload, type UploadedFile } from './multipart'
import { uploadRouteOf } from './uploadRoute'

/** The document a file part names (fileOne, fileTwo, fileThree); the generic `file` part names none. */
const tipoOfPart = (part: string): DocumentTipo | undefined => DOCUMENT_TIPOS.find((tipo) => DOCUMENT_FILE_PART[tipo] === part)

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.documents, FILE_ROUTES),
    preHandler: async (request) => checkClaimAccess(request, 'read', request.params.idEvento),
    handler: async (request, reply) => {
      const documents = await listDocuments(app.db, claimOf(request).idEvento)
      reply.header('Cache-Control', 'no-store')
      return ok(documents)
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
      if (upload) return uploadDocument(request.body, upload, session, idEvento)
      const { file, statusId } = await commentDocument(app.db, request.body, session, idEvento)
      return ok({ file, statusId }, 'Comentario agregado')
    },
  })

  async function uploadDocument(form: AddFilesForm, upload: UploadedFile, session: Session, idEvento: number) {
    const tipo = tipoOfPart(upload.fieldname) ?? form.tipo
    if (tipo === undefined) throw badRequest('Campo requerido: tipo')
    if (form.tipo !== undefined && form.tipo !== tipo) throw badRequest('El tipo no corresponde al documento enviado')
    return attachDocument(app, session, { idEvento, tipo, comentario: form.comentario }, { staged: upload.file, filename: upload.filename })
  }

  app.route({
    ...routeOf(call.verifyFiles, FILE_ROUTES),
    config: { auth: ['executive', 'admin'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const { statusId, files } = await verifyDocuments(app.db, sessionOf(request), claimOf(request).idEvento, request.body.preguntas)
      return ok({ statusId, files }, 'Documentos verificados')
    },
  })
}

export default documentRoutes
