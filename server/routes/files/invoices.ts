/**
 * The invoice's routes: the provider's upload and the administrator's approval; what each does to the claim is
 * server/domain/claims/invoices.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { providerIdOf } from '../../auth/claimAccess'
import { approveInvoice, saveInvoice } from '../../domain/claims/invoices'
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

const NOT_YOUR_PROVIDER = 'El proveedor indicado no corresponde a su cuenta'

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
      const session = sessionOf(request)
      const { idProveedor } = request.body
      // The claim check already proved the claim is assigned to this provider; the form's idProveedor must be theirs too.
      if ((await providerIdOf(app.db, session)) !== idProveedor) throw forbidden(NOT_YOUR_PROVIDER)
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      if (!isPdf(upload.file.head)) throw badRequest(NOT_A_PDF)
      const idEvento = claimOf(request).idEvento
      const nombre = sanitizeOriginalName(upload.filename, 'factura.pdf')

      return withStoredFile(app.fileStore, upload.file, 'pdf', async (storageKey) => {
        const { replacedKeys } = await saveInvoice(app.db, session, { idEvento, idProveedor, storageKey, nombre })
        return { result: ok(true, 'Carga de factura exitosa.'), replacedKeys }
      })
    },
  })
}

export default invoiceRoutes
