/**
 * The dictamen's routes: read it, and upload it with approved (1) or rejected (0) and a comment; what saving it
 * does to the claim is server/domain/claims/dictamination.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { dictaminationOf, saveDictamination } from '../../domain/claims/dictamination'
import { ok } from '../../lib/envelope'
import { badRequest, forbidden } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { NOT_A_PDF } from '../../../domain/fileReasons'
import { fileCalls as call } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload } from './multipart'
import { uploadRouteOf } from './uploadRoute'

const dictaminationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.dictamination, FILE_ROUTES),
    preHandler: async (request) => checkClaimAccess(request, 'read', request.params.idEvento),
    handler: async (request, reply) => {
      const dictamination = await dictaminationOf(app.db, claimOf(request).idEvento)
      reply.header('Cache-Control', 'no-store')
      return ok(dictamination)
    },
  })

  app.route({
    ...uploadRouteOf(call.addDictamination, FILE_ROUTES),
    config: { auth: ['executive', 'admin'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      if (!isPdf(upload.file.head)) throw badRequest(NOT_A_PDF)
      const session = sessionOf(request)
      if (session.kind !== 'user') throw forbidden()
      const idEvento = claimOf(request).idEvento
      const { dictaminacion } = request.body
      const comentario = request.body.comentario?.trim() ? request.body.comentario.trim() : null
      const nombre = sanitizeOriginalName(upload.filename)

      return withStoredFile(app.fileStore, upload.file, 'pdf', async (storageKey) => {
        const { dictamination, statusId, replacedKeys } = await saveDictamination(app.db, session, {
          idEvento,
          storageKey,
          nombre,
          dictaminacion,
          comentario,
        })
        return { result: ok({ dictamination, statusId }, 'Dictamen guardado'), replacedKeys }
      })
    },
  })
}

export default dictaminationRoutes
