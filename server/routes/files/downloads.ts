/**
 * Authenticated downloads of claim PDFs (documents, invoice, dictamen). Each applies the claim's read rules
 * (claimPolicy) and answers the bytes as an attachment with the cleaned original name, nosniff and no-store, so
 * a stored file is never rendered inline by the browser nor kept in a shared cache.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { notFound } from '../../lib/errors'
import { attachmentDisposition, withPdfExtension } from '../../storage/fileNames'
import { claimOf, claimPolicy } from './claimPolicy'
import { idSchema } from './schemas'
import { findClaimFileById, findDictamination, findInvoice } from './repository'
import { DOCUMENT_NOT_FOUND } from './documents'
import { INVOICE_NOT_FOUND } from './invoices'

export const FILE_MISSING = 'No se encontró el archivo'
export const DICTAMINATION_NOT_FOUND = 'No se encontró el dictamen del trámite'

const paramsOf = (name: string) =>
  ({ type: 'object', additionalProperties: false, required: [name], properties: { [name]: idSchema } }) as const

export default async function downloadRoutes(app: FastifyInstance) {
  async function sendPdf(reply: FastifyReply, storageKey: string, nombre: string) {
    if (!(await app.fileStore.exists(storageKey))) throw notFound(FILE_MISSING)
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachmentDisposition(withPdfExtension(nombre)))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(app.fileStore.read(storageKey))
  }

  app.get<{ Params: { id: number } }>(
    '/download/claim-file/:id',
    {
      schema: { tags: ['file'], summary: 'Descarga un documento del trámite', params: paramsOf('id') },
      preHandler: claimPolicy('read', async (request) => {
        const row = await findClaimFileById(app.db, (request.params as { id: number }).id)
        if (!row) throw notFound(DOCUMENT_NOT_FOUND)
        return row.idEvento
      }),
    },
    async (request, reply) => {
      const row = await findClaimFileById(app.db, request.params.id)
      if (!row || row.idEvento !== claimOf(request).idEvento) throw notFound(DOCUMENT_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  )

  app.get<{ Params: { idFactura: number } }>(
    '/download/invoice/:idFactura',
    {
      schema: { tags: ['file'], summary: 'Descarga la factura', params: paramsOf('idFactura') },
      preHandler: claimPolicy('read', async (request) => {
        const row = await findInvoice(app.db, (request.params as { idFactura: number }).idFactura)
        if (!row) throw notFound(INVOICE_NOT_FOUND)
        return row.idEvento
      }),
    },
    async (request, reply) => {
      const row = await findInvoice(app.db, request.params.idFactura)
      if (!row || row.idEvento !== claimOf(request).idEvento) throw notFound(INVOICE_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  )

  app.get<{ Params: { idEvento: number } }>(
    '/download/dictamination/:idEvento',
    {
      schema: { tags: ['file'], summary: 'Descarga el dictamen del trámite', params: paramsOf('idEvento') },
      preHandler: claimPolicy('read', (request) => (request.params as { idEvento: number }).idEvento),
    },
    async (request, reply) => {
      const row = await findDictamination(app.db, claimOf(request).idEvento)
      if (!row) throw notFound(DICTAMINATION_NOT_FOUND)
      return sendPdf(reply, row.storageKey, row.nombre)
    },
  )
}
