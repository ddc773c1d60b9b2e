/**
 * Authenticated downloads of claim PDFs (documents, invoice, dictamen). Each applies the claim's read rules
 * (checkClaimAccess) and answers the bytes as an attachment with the cleaned original name, nosniff and no-store,
 * so a stored file is never rendered inline by the browser nor kept in a shared cache. The bytes are streamed from
 * the file store (folder or bucket) with their length, so both stores answer the same bytes and headers.
 */
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../lib/errors'
import { fileRouteOf } from '../../lib/route'
import { attachmentDisposition, withPdfExtension } from '../../storage/fileNames'
import { fileCalls as call } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { findClaimFileById, findDictamination, findInvoice } from '../../domain/claims/claimFiles'
import { DOCUMENT_NOT_FOUND } from '../../domain/claims/claimDocuments'
import { INVOICE_NOT_FOUND } from '../../domain/claims/invoices'

const FILE_MISSING = 'No se encontró el archivo'
const DICTAMINATION_NOT_FOUND = 'No se encontró el dictamen del trámite'

const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function sendPdf(reply: FastifyReply, storageKey: string, nombre: string) {
    const file = await app.fileStore.open(storageKey)
    if (!file) throw notFound(FILE_MISSING)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', file.size)
      .header('Content-Disposition', attachmentDisposition(withPdfExtension(nombre)))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(file.body)
  }

  app.route({
    ...fileRouteOf(call.downloadClaimFile, FILE_ROUTES),
    preHandler: async (request) => {
      const row = await findClaimFileById(app.db, request.params.id)
      if (!row) throw notFound(DOCUMENT_NOT_FOUND)
      await checkClaimAccess(request, 'read', row.idEvento)
    },
    handler: async (request, reply) => {
      const row = await findClaimFileById(app.db, request.params.id)
      if (!row || row.idEvento !== claimOf(request).idEvento) throw notFound(DOCUMENT_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  })

  app.route({
    ...fileRouteOf(call.downloadInvoice, FILE_ROUTES),
    preHandler: async (request) => {
      const row = await findInvoice(app.db, request.params.idFactura)
      if (!row) throw notFound(INVOICE_NOT_FOUND)
      await checkClaimAccess(request, 'read', row.idEvento)
    },
    handler: async (request, reply) => {
      const row = await findInvoice(app.db, request.params.idFactura)
      if (!row || row.idEvento !== claimOf(request).idEvento) throw notFound(INVOICE_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  })

  app.route({
    ...fileRouteOf(call.downloadDictamination, FILE_ROUTES),
    preHandler: async (request) => checkClaimAccess(request, 'read', request.params.idEvento),
    handler: async (request, reply) => {
      const row = await findDictamination(app.db, claimOf(request).idEvento)
      if (!row) throw notFound(DICTAMINATION_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  })
}

export default downloadRoutes
