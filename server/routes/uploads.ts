/**
 * /api/uploads: resumable uploads (tus 1.0; issue 22). The protocol and our rules around it are
 * server/domain/uploads/resumableUploads.ts; this route only hands it the request as a web Request, with the session
 * the auth hook proved, and sends back its answer. PATCH bodies (application/offset+octet-stream) are not read by
 * Fastify: the tus store streams them to disk as they arrive.
 */
import { Readable, Transform } from 'node:stream'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { createResumableUploads } from '../domain/uploads/resumableUploads'
import { UPLOAD_METADATA_DOC, UPLOADS_PATH } from '../../domain/contract/uploads'
import { sessionOf } from './files/claimPolicy'

const METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE'] as const

/**
 * The request body, counted into portal_upload_bytes_total as it arrives (what the server really received). A body
 * cut off (the connection dropped) simply ends where it stopped: what arrived is kept and the upload resumes from
 * there, in a folder (appended) as in a bucket (tus's S3 store keeps the bytes of a part not yet whole in its `.part`
 * object; a body that failed instead of ending would lose them).
 */
function countedBody(request: FastifyRequest): Readable {
  const record = request.server.recordUploadBytes
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      record?.(chunk.length)
      done(null, chunk)
    },
  })
  const cutOff = () => {
    if (!request.raw.complete) request.raw.unpipe(counter)
    if (!counter.writableEnded) counter.end()
  }
  request.raw.once('error', cutOff)
  request.raw.once('close', cutOff)
  return request.raw.pipe(counter)
}

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody = request.method === 'PATCH' || request.method === 'POST'
  return new Request(`http://${request.host}${request.url}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(countedBody(request)) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

const uploadRoutes: FastifyPluginAsync<{ maxUploadMb: number }> = async (app, opts) => {
  const uploads = createResumableUploads({ db: app.db, fileStore: app.fileStore, maxBytes: opts.maxUploadMb * 1024 * 1024 })
  // Leave the body unread: the tus store takes it as a stream (and knows the offset it must continue from).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))

  for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/:id`]) {
    app.route({
      method: [...METHODS],
      url,
      config: { auth: ['executive', 'admin', 'collaborator', 'provider', 'partner'] },
      schema: { tags: ['Cargas reanudables'], summary: 'Carga reanudable (tus 1.0)', description: UPLOAD_METADATA_DOC },
      handler: async (request, reply) => {
        const answer = await uploads.handle(webRequestOf(request), sessionOf(request))
        reply.status(answer.status)
        answer.headers.forEach((value, name) => {
          if (name.toLowerCase() !== 'content-length') reply.header(name, value)
        })
        const body = request.method === 'HEAD' ? '' : await answer.text()
        return reply.send(body === '' ? undefined : body)
      },
    })
  }
}

export default uploadRoutes
