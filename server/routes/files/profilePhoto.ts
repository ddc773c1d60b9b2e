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
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { isProfilePhoto } from '../../domain/users/profilePhoto'
import { attachProfilePhoto } from '../../domain/uploads/attachFile'
import { ok } from '../../lib/envelope'
import { badRequest, notFound } from '../../lib/errors'
import { fileRouteOf } from '../../lib/route'
import { IMAGE_CONTENT_TYPES, type ImageKind } from '../../lib/sniff'
import { isStorageKey } from '../../storage/fileStore'
import { fileCalls as call } from '../../../domain/contract/files'
import { sessionOf } from './claimPolicy'
import { FILE_ROUTES } from './group'
import { singleUpload } from './multipart'
import { uploadRouteOf } from './uploadRoute'

const PHOTO_NOT_FOUND = 'No se encontró la imagen'

const IMAGE_EXTENSIONS: readonly ImageKind[] = ['jpg', 'png', 'webp']

const profilePhotoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...uploadRouteOf(call.imageProfile, FILE_ROUTES),
    config: { auth: ['executive', 'admin', 'provider', 'partner'] },
    handler: async (request) => {
      const upload = singleUpload(request)
      if (!upload) throw badRequest('Campo requerido: file')
      return attachProfilePhoto(app, sessionOf(request), { staged: upload.file, filename: upload.filename })
    },
  })

  app.route({
    ...fileRouteOf(call.photo, FILE_ROUTES),
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const key = request.params['*']
      const extension = IMAGE_EXTENSIONS.find((kind) => key.endsWith(`.${kind}`))
      if (!extension || !isStorageKey(key, IMAGE_EXTENSIONS)) throw notFound(PHOTO_NOT_FOUND)
      if (!(await isProfilePhoto(app.db, key))) throw notFound(PHOTO_NOT_FOUND)
      const file = await app.fileStore.open(key)
      if (!file) throw notFound(PHOTO_NOT_FOUND)
      return reply
        .header('Content-Type', IMAGE_CONTENT_TYPES[extension])
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Keys are never reused (a new photo gets a new key), so the browser may keep this one.
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Disposition', 'inline')
        .send(file.body)
    },
  })
}

export default profilePhotoRoutes
