/**
 * A minimal tus 1.0 client over `app.inject`, so API tests drive every step of a resumable upload by hand
 * (creation, HEAD, PATCH from any offset, termination) and see each answer.
 */
import type { FastifyInstance } from 'fastify'
import type { Session } from '../../../server/auth/roles'
import { authHeaders } from './fixtures'

/** `Upload-Metadata`: comma-separated `key base64(value)`. */
export const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',')

export function tusClient(app: FastifyInstance) {
  const base = async (session: Session | null) => ({ ...(await authHeaders(app, session)), 'tus-resumable': '1.0.0' })
  return {
    create: async (session: Session | null, metadata: Record<string, string>, length: number, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...(await base(session)), 'upload-length': String(length), 'upload-metadata': encodeMetadata(metadata), ...extra },
      }),
    head: async (session: Session | null, location: string) => app.inject({ method: 'HEAD', url: location, headers: await base(session) }),
    patch: async (session: Session | null, location: string, offset: number, bytes: Uint8Array, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...(await base(session)), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra },
        payload: Buffer.from(bytes),
      }),
    remove: async (session: Session | null, location: string) => app.inject({ method: 'DELETE', url: location, headers: await base(session) }),
  }
}
