/**
 * Uploads are streamed to a staging file on disk (server/storage/fileStore.ts `stage`), not held in memory: a refused
 * or failed upload leaves nothing staged, an accepted one is moved into the store, and one user may send at most
 * three uploads at the same time (the fourth gets a 429 in the envelope while the others still arrive).
 */
import http from 'node:http'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { claimFiles } from '../../server/db/schema'
import { TEST_CLIENT_TOKEN, useTestApp } from './helpers/testApp'
import { authHeaders, createRoleWorld } from './helpers/fixtures'
import { IMAGES, makePdf, multipartBody, storedBytes, type FormPart } from './helpers/uploads'
import type { Session } from '../../server/auth/roles'

const UPLOAD = '/api/file/add-files-to-event'

const t = useTestApp({ maxUploadMb: 1 })

const staged = () => readdirSync(t.app.fileStore.stagingRoot)

/** The staging folder is emptied by the route's onResponse hook, which runs just after the answer leaves. */
async function expectNothingStaged() {
  for (let i = 0; i < 50 && staged().length > 0; i++) await new Promise((r) => setTimeout(r, 20))
  expect(staged()).toEqual([])
}

async function post(session: Session | null, parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts)
  return t.app.inject({ method: 'POST', url: UPLOAD, payload, headers: { ...(await authHeaders(t.app, session)), ...headers } })
}

describe('uploads are staged on disk and never left behind', () => {
  it('an accepted PDF is moved into the store with its size; nothing stays staged', async () => {
    const w = await createRoleWorld(t.db)
    const pdf = await makePdf('solicitud')
    const res = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'solicitud.pdf', content: pdf, contentType: 'application/pdf' },
    ])
    expect(res.statusCode).toBe(200)
    const [row] = await t.db.select().from(claimFiles).where(eq(claimFiles.idEvento, w.claim.idEvento))
    expect(row?.size).toBe(pdf.length)
    // The stored file is the uploaded bytes, moved from staging.
    expect((await storedBytes(t.app.fileStore, row!.storageKey)).equals(Buffer.from(pdf))).toBe(true)
    await expectNothingStaged()
  })

  it('refused uploads leave nothing staged: not a PDF (400), over the limit (413), someone else’s claim (403)', async () => {
    const w = await createRoleWorld(t.db)
    const notPdf = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'x.pdf', content: IMAGES.png, contentType: 'application/pdf' },
    ])
    expect(notPdf.statusCode).toBe(400)
    const big = new Uint8Array(1024 * 1024 + 1)
    big.set(Buffer.from('%PDF-1.7\n'))
    const tooLarge = await post(w.sessions.collaboratorOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'grande.pdf', content: big, contentType: 'application/pdf' },
    ])
    expect(tooLarge.statusCode).toBe(413)
    const forbidden = await post(w.sessions.otherCollaborator, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileOne', filename: 'ajeno.pdf', content: await makePdf('ajeno'), contentType: 'application/pdf' },
    ])
    expect(forbidden.statusCode).toBe(403)
    await expectNothingStaged()
  })
})

describe('one user, at most three uploads at a time', () => {
  /** Opens an upload over a real socket and sends all but the last bytes, so the server is still reading it. */
  function openUpload(port: number, headers: Record<string, string>, payload: Buffer) {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: UPLOAD, headers: { ...headers, 'content-length': payload.length } })
    const answer = new Promise<{ status: number; body: { success: boolean; reason: string } }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
      })
      request.on('error', reject)
    })
    request.write(payload.subarray(0, payload.length - 10))
    return { finish: () => request.end(payload.subarray(payload.length - 10)), answer }
  }

  it('the fourth concurrent upload of one user gets 429 with the reason; the three finish; another user is not held', async () => {
    const w = await createRoleWorld(t.db)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as { port: number }).port
    const auth = (await authHeaders(t.app, w.sessions.collaboratorOwner)) as Record<string, string>
    expect(auth.authtoken).toBe(TEST_CLIENT_TOKEN)
    const bodyFor = async (n: number) =>
      multipartBody([
        { name: 'idEvento', value: String(w.claim.idEvento) },
        { name: 'fileOne', filename: `v${n}.pdf`, content: await makePdf(`v${n}`), contentType: 'application/pdf' },
      ])
    const open = []
    for (const n of [1, 2, 3]) {
      const { payload, headers } = await bodyFor(n)
      open.push(openUpload(port, { ...auth, ...headers }, payload))
    }
    // Let the server start reading the three.
    await new Promise((r) => setTimeout(r, 300))
    const fourth = await bodyFor(4)
    const refused = openUpload(port, { ...auth, ...fourth.headers }, fourth.payload)
    refused.finish()
    const answer = await refused.answer
    expect(answer.status).toBe(429)
    expect(answer.body).toMatchObject({ success: false, reason: 'Hay otras cargas en curso; hay que esperar a que terminen para intentarlo de nuevo' })

    // Another user's upload is not held by the first user's three.
    const other = await post(w.sessions.executiveOwner, [
      { name: 'idEvento', value: String(w.claim.idEvento) },
      { name: 'fileTwo', filename: 'otro.pdf', content: await makePdf('otro'), contentType: 'application/pdf' },
    ])
    expect(other.statusCode).toBe(200)

    for (const upload of open) upload.finish()
    const statuses = (await Promise.all(open.map((u) => u.answer))).map((a) => a.status)
    expect(statuses).toEqual([200, 200, 200])
    await expectNothingStaged()
  })
})
