/**
 * API group /api/file: the claim documents, the dictamen, the invoice, profile photos and the authenticated
 * downloads. Every route declares its roles (`config.auth`) and, when it touches a claim, a claimPolicy
 * preHandler (server/routes/files/claimPolicy.ts) for whose claim it is. Uploads are multipart (see
 * files/multipart.ts) and are stored with server/storage/fileStore.ts (`app.fileStore`), file first, row after.
 */
import type { FastifyInstance } from 'fastify'
import documentRoutes from './files/documents'
import dictaminationRoutes from './files/dictamination'
import invoiceRoutes from './files/invoices'
import profilePhotoRoutes from './files/profilePhoto'
import downloadRoutes from './files/downloads'

export default async function filesRoutes(app: FastifyInstance) {
  await app.register(documentRoutes)
  await app.register(dictaminationRoutes)
  await app.register(invoiceRoutes)
  await app.register(profilePhotoRoutes)
  await app.register(downloadRoutes)
}
