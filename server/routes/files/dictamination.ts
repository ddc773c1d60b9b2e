/**
 * The dictamen of a claim: one PDF plus approved (1) or rejected (0) and a comment. Saving it moves the claim on
 * (approved → Facturación, rejected → Trámite rechazado) through the lifecycle, in the same transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { dictaminations } from '../../db/schema'
import { applyClaimEvent, actorOf } from '../../domain/claimLifecycle'
import { ok } from '../../lib/envelope'
import { badRequest, forbidden } from '../../lib/errors'
import { routeOf } from '../../lib/route'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { fileCalls as call } from '../../../domain/contract/files'
import { checkClaimAccess, claimOf, sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload } from './multipart'
import { uploadRouteOf } from './uploadRoute'
import { findDictamination, lockClaim, toDictaminationEntry, writtenRow } from './repository'
import { NOT_A_PDF } from './documents'

const dictaminationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.dictamination, FILE_ROUTES),
    preHandler: async (request) => checkClaimAccess(request, 'read', request.params.idEvento),
    handler: async (request, reply) => {
      const row = await findDictamination(app.db, claimOf(request).idEvento)
      reply.header('Cache-Control', 'no-store')
      return ok(row ? toDictaminationEntry(row) : null)
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

      return withStoredFile(app.fileStore, upload.file, 'pdf', (storageKey) =>
        app.db.transaction(async (tx) => {
          await lockClaim(tx, idEvento)
          const previous = await findDictamination(tx, idEvento)
          const values = { storageKey, nombre, dictaminacion, comentario, createdBy: session.idUser }
          const row = writtenRow(
            await tx
              .insert(dictaminations)
              .values({ idEvento, ...values })
              .onConflictDoUpdate({ target: dictaminations.idEvento, set: values })
              .returning(),
          )
          const stage = await applyClaimEvent(tx, {
            idEvento,
            event: { type: 'dictamen.save', approved: dictaminacion === 1 },
            actor: actorOf(session),
          })
          return {
            result: ok({ dictamination: toDictaminationEntry(row), statusId: stage.statusId }, 'Dictamen guardado'),
            replacedKeys: previous ? [previous.storageKey] : [],
          }
        }),
      )
    },
  })
}

export default dictaminationRoutes
