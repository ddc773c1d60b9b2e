/**
 * The dictamen of a claim: one PDF plus approved (1) or rejected (0) and a comment. Saving it moves the claim on
 * (approved → Facturación, rejected → Trámite rechazado) through the lifecycle, in the same transaction.
 */
import type { FastifyInstance } from 'fastify'
import { dictaminations } from '../../db/schema'
import { applyClaimEvent, actorOf } from '../../domain/claimLifecycle'
import { ok, envelopeSchema } from '../../lib/envelope'
import { badRequest, forbidden } from '../../lib/errors'
import { isPdf } from '../../lib/sniff'
import { withStoredFile } from '../../storage/fileStore'
import { sanitizeOriginalName } from '../../storage/fileNames'
import { claimOf, claimPolicy, sessionOf } from './claimPolicy'
import { multipartBody, singleUpload } from './multipart'
import { commentSchema, dictaminationSchema, fileFieldSchema, idEventoParams, idSchema } from './schemas'
import { findDictamination, lockClaim, toDictaminationEntry } from './repository'
import { NOT_A_PDF } from './documents'

interface AddDictaminationBody {
  idEvento: number
  dictaminacion: 0 | 1
  comentario?: string
  file: string
}

export default async function dictaminationRoutes(app: FastifyInstance) {
  app.get<{ Params: { idEvento: number } }>(
    '/get-dictamination/:idEvento',
    {
      schema: {
        tags: ['file'],
        summary: 'Dictamen del trámite, o null si aún no existe',
        params: idEventoParams,
        response: { 200: envelopeSchema({ anyOf: [dictaminationSchema, { type: 'null' }] }) },
      },
      preHandler: claimPolicy('read', (request) => (request.params as { idEvento: number }).idEvento),
    },
    async (request, reply) => {
      const row = await findDictamination(app.db, claimOf(request).idEvento)
      reply.header('Cache-Control', 'no-store')
      return ok(row ? toDictaminationEntry(row) : null)
    },
  )

  app.post<{ Body: AddDictaminationBody }>(
    '/add-dictamination',
    {
      config: { auth: ['executive', 'admin'] },
      schema: {
        tags: ['file'],
        summary: 'Guarda el dictamen (PDF, aprobado 1 / rechazado 0 y comentario)',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idEvento', 'dictaminacion', 'file'],
          properties: {
            idEvento: idSchema,
            dictaminacion: { type: 'integer', enum: [0, 1] },
            comentario: commentSchema,
            file: fileFieldSchema,
          },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: { dictamination: dictaminationSchema, statusId: { type: 'integer' } },
            required: ['dictamination', 'statusId'],
          }),
        },
      },
      preValidation: multipartBody(['file']),
      preHandler: claimPolicy('write', (request) => (request.body as AddDictaminationBody).idEvento),
    },
    async (request) => {
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      if (!isPdf(upload.bytes)) throw badRequest(NOT_A_PDF)
      const session = sessionOf(request)
      if (session.kind !== 'user') throw forbidden()
      const idEvento = claimOf(request).idEvento
      const { dictaminacion } = request.body
      const comentario = request.body.comentario?.trim() ? request.body.comentario.trim() : null
      const nombre = sanitizeOriginalName(upload.filename)

      return withStoredFile(app.fileStore, upload.bytes, 'pdf', (storageKey) =>
        app.db.transaction(async (tx) => {
          await lockClaim(tx, idEvento)
          const previous = await findDictamination(tx, idEvento)
          const values = { storageKey, nombre, dictaminacion, comentario, createdBy: session.idUser }
          const [row] = await tx
            .insert(dictaminations)
            .values({ idEvento, ...values })
            .onConflictDoUpdate({ target: dictaminations.idEvento, set: values })
            .returning()
          const stage = await applyClaimEvent(tx, {
            idEvento,
            event: { type: 'dictamen.save', approved: dictaminacion === 1 },
            actor: actorOf(session),
          })
          return {
            result: ok({ dictamination: toDictaminationEntry(row!), statusId: stage.statusId }, 'Dictamen guardado'),
            replacedKeys: previous ? [previous.storageKey] : [],
          }
        }),
      )
    },
  )
}
