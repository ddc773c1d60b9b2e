/**
 * The invoice's routes: the provider's upload and the administrator's approval; what each does to the claim is
 * server/domain/claims/invoices.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { approveInvoice } from '../../domain/claims/invoices'
import { attachInvoice } from '../../domain/uploads/attachFile'
import { ok } from '../../lib/envelope'
import { badRequest } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { fileCalls as call } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload } from './multipart'
import { uploadRouteOf } from './uploadRoute'

const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.validateInvoice, FILE_ROUTES),
    config: { auth: ['admin'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const { statusId } = await approveInvoice(app.db, sessionOf(request), claimOf(request).idEvento)
      return ok({ statusId }, 'Factura aprobada')
    },
  })

  app.route({
    ...uploadRouteOf(call.addInvoice, FILE_ROUTES),
    config: { auth: ['provider'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      const form = { idEvento: claimOf(request).idEvento, idProveedor: request.body.idProveedor }
      return attachInvoice(app, sessionOf(request), form, { staged: upload.file, filename: upload.filename })
    },
  })
}

export default invoiceRoutes
