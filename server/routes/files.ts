/**
 * API group /api/file: the claim documents, the dictamen, the invoice, profile photos and the authenticated
 * downloads, each route registered from its call in domain/contract/files.ts (full paths, so the group is
 * registered without a prefix). Every route declares its roles (`config.auth`) and, when it touches a claim, a
 * preHandler that applies the claim's rules (server/routes/files/claimPolicy.ts). Uploads are multipart (see
 * files/multipart.ts and files/uploadRoute.ts) and are stored with server/storage/fileStore.ts (`app.fileStore`),
 * file first, row after.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import documentRoutes from './files/documents'
import dictaminationRoutes from './files/dictamination'
import invoiceRoutes from './files/invoices'
import profilePhotoRoutes from './files/profilePhoto'
import downloadRoutes from './files/downloads'

const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(documentRoutes)
  await app.register(dictaminationRoutes)
  await app.register(invoiceRoutes)
  await app.register(profilePhotoRoutes)
  await app.register(downloadRoutes)
}

export default filesRoutes
