/**
 * Profile photos: JPEG/PNG/WebP by content, the previous photo removed only after the switch commits, and the
 * public photo route serving only current photo keys with the sniffed content type and nosniff.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { TEST_CLIENT_TOKEN, useTestApp } from './helpers/testApp'
import { attachClaimDocument, authHeaders, createRoleWorld, createUser, sessionOf } from './helpers/fixtures'
import { fileTablesSnapshot, GIF, IMAGES, makePdf, multipartBody, storeSnapshot, type FormPart } from './helpers/uploads'
import { users } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

describe('profile photos', () => {
  const t = useTestApp()

  const upload = async (session: Session | null, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts)
    return t.app.inject({
      method: 'POST',
      url: '/api/file/image-profile',
      payload,
      headers: { ...(await authHeaders(t.app, session)), ...headers },
    })
  }
  const photoPart = (content: Uint8Array, filename = 'foto.jpg', contentType = 'image/jpeg'): FormPart => ({
    name: 'file',
    filename,
    content,
    contentType,
  })
  const snapshot = async () => ({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) })

  it('stores each accepted format, serves it publicly with its real content type, and removes the previous one', async () => {
    const user = await createUser(t.db, 0)
    const session = sessionOf(user)
    // The declared name and type are wrong on purpose: the content decides.
    const formats = [
      ['png', IMAGES.png, 'image/png'],
      ['jpg', IMAGES.jpg, 'image/jpeg'],
      ['webp', IMAGES.webp, 'image/webp'],
    ] as const
    let previous: { url: string; key: string } | null = null
    for (const [ext, bytes, contentType] of formats) {
      const res = await upload(session, [photoPart(bytes, 'foto.gif', 'application/octet-stream')])
      expect(res.statusCode).toBe(200)
      const foto: string = res.json().response.foto
      expect(foto).toMatch(new RegExp(`^/api/file/photo/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.${ext}$`))
      const key = foto.slice('/api/file/photo/'.length)
      const [row] = await t.db.select({ fotoKey: users.fotoKey }).from(users).where(eq(users.idUser, user.idUser))
      expect(row!.fotoKey).toBe(key)

      const served = await t.app.inject({ url: foto }) // no authtoken, no bearer: an <img> sends neither
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe(contentType)
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(Buffer.compare(served.rawPayload, Buffer.from(bytes))).toBe(0)

      if (previous) {
        expect(await t.app.fileStore.exists(previous.key)).toBe(false)
        expect((await t.app.inject({ url: previous.url })).statusCode).toBe(404)
      }
      previous = { url: foto, key }
    }
  })

  it('refuses GIF, PDF and random bytes, collaborators and missing files, writing nothing', async () => {
    const user = await createUser(t.db, 3)
    const w = await createRoleWorld(t.db)
    const before = await snapshot()
    for (const bytes of [GIF, await makePdf(), new Uint8Array([1, 2, 3]), new Uint8Array()]) {
      const res = await upload(sessionOf(user), [photoPart(bytes)])
      expect(res.statusCode).toBe(400)
      expect(res.json().reason).toBe('Error: Se requiere una imagen JPG, PNG o WebP')
    }
    expect((await upload(w.sessions.collaboratorOwner, [photoPart(IMAGES.png)])).statusCode).toBe(403)
    expect((await upload(null, [photoPart(IMAGES.png)])).statusCode).toBe(401)
    const noFile = await upload(sessionOf(user), [{ name: 'foto', value: 'x' }])
    expect(noFile.statusCode).toBe(400)
    const empty = await upload(sessionOf(user), [])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().reason).toBe('Campo requerido: file')
    expect(await snapshot()).toEqual(before)
  })

  it('serves only current photo keys: unknown keys, traversal attempts and claim documents answer 404', async () => {
    const w = await createRoleWorld(t.db)
    const doc = await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, 1)
    const res = await upload(w.sessions.admin, [photoPart(IMAGES.png)])
    const foto: string = res.json().response.foto
    const paths = [
      '/api/file/photo/2026/01/00000000-0000-0000-0000-000000000000.png',
      `/api/file/photo/${doc.storageKey}`,
      `/api/file/photo/${doc.storageKey.replace('.pdf', '.png')}`,
      '/api/file/photo/../../../etc/passwd',
      '/api/file/photo/..%2f..%2f..%2fetc%2fpasswd',
      '/api/file/photo/%2e%2e/%2e%2e/files/' + foto.slice('/api/file/photo/'.length),
      '/api/file/photo/',
      `${foto}/..`,
      `${foto}%00.png`,
    ]
    for (const url of paths) {
      const r = await t.app.inject({ url })
      // Dot segments are resolved before routing, so some of these never reach the photo route at all and get the
      // unknown-route answer (401 without the client header); none may ever serve bytes.
      expect([401, 404], url).toContain(r.statusCode)
      expect(r.headers['content-type'], url).toMatch(/^application\/json/)
    }
    expect((await t.app.inject({ url: foto, headers: { authtoken: TEST_CLIENT_TOKEN } })).statusCode).toBe(200)
  })
})
