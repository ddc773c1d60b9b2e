/**
 * Profile photos. Upload: any signed-in user account (collaborators have no profile), JPEG/PNG/WebP recognised by
 * content, stored under a new generated key; users.foto_key is switched in one transaction and the old photo is
 * removed only after it commits.
 *
 * Serving: GET /api/file/photo/<key> is public (auth 'public') because an <img> cannot send the authtoken or
 * bearer headers. What keeps it safe: the key is a random UUID (unguessable, 122 bits), only keys that some user
 * currently has as foto_key are served (a claim PDF's key, even if guessed, is refused), the key must match the
 * generated shape exactly (no path traversal), the content type comes from the sniffed extension, and nosniff is
 * set. See docs/decisions/profile-photo-public-route.md.
 */
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { ok, envelopeSchema } from '../../lib/envelope'
import { badRequest, forbidden, notFound } from '../../lib/errors'
import { IMAGE_CONTENT_TYPES, sniffImage, type ImageKind } from '../../lib/sniff'
import { isStorageKey, withStoredFile } from '../../storage/fileStore'
import { photoUrl } from '../../storage/urls'
import { sessionOf } from './claimPolicy'
import { multipartBody, singleUpload } from './multipart'
import { fileFieldSchema } from './schemas'

export const NOT_AN_IMAGE = 'Error: Se requiere una imagen JPG, PNG o WebP'
export const PHOTO_NOT_FOUND = 'No se encontró la imagen'

const IMAGE_EXTENSIONS: readonly ImageKind[] = ['jpg', 'png', 'webp']

export default async function profilePhotoRoutes(app: FastifyInstance) {
  app.post<{ Body: { file: string } }>(
    '/image-profile',
    {
      config: { auth: ['executive', 'admin', 'provider', 'partner'] },
      schema: {
        tags: ['file'],
        summary: 'Cambia la foto de perfil del usuario de la sesión (JPG, PNG o WebP)',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['file'],
          properties: { file: fileFieldSchema },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { foto: { type: 'string' } }, required: ['foto'] }),
        },
      },
      preValidation: multipartBody(['file']),
    },
    async (request) => {
      const session = sessionOf(request)
      if (session.kind !== 'user') throw forbidden()
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      const kind = sniffImage(upload.bytes)
      if (!kind) throw badRequest(NOT_AN_IMAGE)

      return withStoredFile(app.fileStore, upload.bytes, kind, (key) =>
        app.db.transaction(async (tx) => {
          const [current] = await tx
            .select({ fotoKey: users.fotoKey })
            .from(users)
            .where(eq(users.idUser, session.idUser))
            .for('update')
          if (!current) throw notFound('No se encontró el usuario')
          await tx.update(users).set({ fotoKey: key }).where(eq(users.idUser, session.idUser))
          return {
            result: ok({ foto: photoUrl(key) }, 'Foto actualizada'),
            replacedKeys: current.fotoKey ? [current.fotoKey] : [],
          }
        }),
      )
    },
  )

  app.get<{ Params: { '*': string } }>(
    '/photo/*',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['file'],
        summary: 'Foto de perfil por su clave de almacenamiento (pública, clave no adivinable)',
        params: {
          type: 'object',
          properties: { '*': { type: 'string', maxLength: 120 } },
          required: ['*'],
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*']
      if (!isStorageKey(key, IMAGE_EXTENSIONS)) throw notFound(PHOTO_NOT_FOUND)
      const [owner] = await app.db.select({ idUser: users.idUser }).from(users).where(eq(users.fotoKey, key)).limit(1)
      if (!owner || !(await app.fileStore.exists(key))) throw notFound(PHOTO_NOT_FOUND)
      const extension = key.slice(key.lastIndexOf('.') + 1) as ImageKind
      return reply
        .header('Content-Type', IMAGE_CONTENT_TYPES[extension])
        .header('X-Content-Type-Options', 'nosniff')
        // Keys are never reused (a new photo gets a new key), so the browser may keep this one.
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Disposition', 'inline')
        .send(app.fileStore.read(key))
    },
  )
}
