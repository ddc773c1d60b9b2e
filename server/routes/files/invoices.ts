/**
 * The provider's invoice of a claim (one per claim, replaceable while in review) and its approval by an
 * administrator. Upload → Factura en revisión, approval → Trámite concluido, both through the lifecycle.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { eq, sql } from 'drizzle-orm'
import { invoices } from '../../db/schema'
import { providerIdOf } from '../../auth/claimAccess'
import { applyClaimEvent, actorOf } from '../../domain/claimLifecycle'
import { ok } from '../../lib/envelope'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { fileCalls as call } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload } from './multipart'
import { uploadRouteOf } from './uploadRoute'
import { countDocuments, findInvoiceByClaim, lockClaim } from './repository'
import { NOT_A_PDF } from './documents'

export const INVOICE_NOT_FOUND = 'No se encontró la factura del trámite'
export const INVOICE_ALREADY_APPROVED = 'La factura de este trámite ya fue aprobada'
export const INVOICE_MISSING_DOCUMENTS = 'No se puede aprobar la factura: faltan documentos del trámite'
export const NOT_YOUR_PROVIDER = 'El proveedor indicado no corresponde a su cuenta'

const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.validateInvoice, FILE_ROUTES),
    config: { auth: ['admin'] },
    preHandler: async (request) => checkClaimAccess(request, 'write', request.body.idEvento),
    handler: async (request) => {
      const session = sessionOf(request)
      const idEvento = claimOf(request).idEvento
      return app.db.transaction(async (tx) => {
        await lockClaim(tx, idEvento)
        const invoice = await findInvoiceByClaim(tx, idEvento)
        if (!invoice) throw notFound(INVOICE_NOT_FOUND)
        if (invoice.status === 1) throw conflict(INVOICE_ALREADY_APPROVED)
        if ((await countDocuments(tx, idEvento)) < 3) throw conflict(INVOICE_MISSING_DOCUMENTS)
        await tx
          .update(invoices)
          .set({ status: 1, approvedAt: sql`now()` })
          .where(eq(invoices.idFactura, invoice.idFactura))
        const stage = await applyClaimEvent(tx, { idEvento, event: { type: 'invoice.approve' }, actor: actorOf(session) })
        return ok({ statusId: stage.statusId }, 'Factura aprobada')
      })
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

      return withStoredFile(app.fileStore, upload.file, 'pdf', (storageKey) =>
        app.db.transaction(async (tx) => {
          await lockClaim(tx, idEvento)
          const previous = await findInvoiceByClaim(tx, idEvento)
          if (previous?.status === 1) throw conflict(INVOICE_ALREADY_APPROVED)
          if (previous) {
            await tx
              .update(invoices)
              .set({ storageKey, nombre, idProveedor, status: 0, createdAt: sql`now()` })
              .where(eq(invoices.idFactura, previous.idFactura))
          } else {
            await tx.insert(invoices).values({ idEvento, idProveedor, storageKey, nombre, status: 0 })
          }
          await applyClaimEvent(tx, { idEvento, event: { type: 'invoice.upload' }, actor: actorOf(session) })
          return { result: ok(true, 'Carga de factura exitosa.'), replacedKeys: previous ? [previous.storageKey] : [] }
        }),
      )
    },
  })
}

export default invoiceRoutes
