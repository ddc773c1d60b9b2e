/**
 * The dictamen's routes: read it, and upload it with approved (1) or rejected (0) and a comment; what saving it
 * does to the claim is server/domain/claims/dictamination.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { dictaminationOf } from '../../domain/claims/dictamination'
import { attachDictamination } from '../../domain/uploads/attachFile'
import { ok } from '../../lib/envelope'
import { badRequest } from '../../lib/errors'
import { routeOf } from '../../lib/route'
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
      const { dictaminacion, comentario } = request.body
      return attachDictamination(app, sessionOf(request), { idEvento: claimOf(request).idEvento, dictaminacion, comentario }, {
        staged: upload.file,
        filename: upload.filename,
      })
    },
  })
}

export default dictaminationRoutes
