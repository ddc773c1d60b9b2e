/**
 * Table-driven authorization of every /api/file route: route × caller (owning executive, another executive,
 * admin, the claim's collaborator, another claim's collaborator, the assigned provider, another provider, the
 * retail partner, no token) → expected status. Each cell prepares a fresh claim in the stage the route needs, so
 * an allowed caller gets 200 and a refused one gets 401/403 — and a refused one changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { type TestApp, useTestApp } from './helpers/testApp'
import { attachClaimDocument, attachDictamination, attachInvoice, authHeaders, createRoleWorld, ROLE_CALLERS, type RoleCaller, type RoleWorld } from './helpers/fixtures'
import { fileTablesSnapshot, IMAGES, makePdf, multipartBody, storeSnapshot, type FormPart } from './helpers/uploads'
import { users } from '../../server/db/schema'

type World = RoleWorld
type Caller = RoleCaller
const CALLERS = ROLE_CALLERS

/** Expected status per caller, in CALLERS order. */
type Row = [number, number, number, number, number, number, number, number, number]

interface RouteCase {
  name: string
  /** Method and path as registered. */
  route: string
  expected: Row
  /** A fresh world in the stage the route needs, and a request that succeeds for an allowed caller. */
  prepare: (t: TestApp) => Promise<{ w: World; request: InjectOptions }>
}

//                          exOwn exOth admin colOwn colOth provAs provOth partner none
const READ: Row = /*      */ [200, 403, 200, 200, 403, 200, 403, 200, 401]
const REVIEW: Row = /*    */ [200, 403, 200, 403, 403, 403, 403, 403, 401]
const UPLOAD: Row = /*    */ [200, 403, 200, 200, 403, 403, 403, 403, 401]
const PROFILE: Row = /*   */ [200, 200, 200, 403, 403, 200, 200, 200, 401]
const PUBLIC: Row = /*    */ [200, 200, 200, 200, 200, 200, 200, 200, 200]
const ADMIN_ONLY: Row = /**/ [403, 403, 200, 403, 403, 403, 403, 403, 401]
const PROVIDER: Row = /*  */ [403, 403, 403, 403, 403, 200, 403, 403, 401]

const form = (url: string, parts: FormPart[]): InjectOptions => {
  const { payload, headers } = multipartBody(parts)
  return { method: 'POST', url, payload, headers }
}
const pdfPart = async (name = 'file'): Promise<FormPart> => ({
  name,
  filename: 'doc.pdf',
  content: await makePdf(),
  contentType: 'application/pdf',
})

async function worldWithDocuments(t: TestApp, statusId: number, status = 1) {
  const w = await createRoleWorld(t.db, { statusId })
  const docs = []
  for (const tipo of [1, 2, 3] as const) docs.push(await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, status))
  return { w, docs }
}

const ROUTES: RouteCase[] = [
  {
    name: 'GET get-info-by-event/:idEvento',
    route: 'GET /api/file/get-info-by-event/:idEvento',
    expected: READ,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 3)
      return { w, request: { url: `/api/file/get-info-by-event/${w.claim.idEvento}` } }
    },
  },
  {
    name: 'POST add-files-to-event (upload)',
    route: 'POST /api/file/add-files-to-event',
    expected: UPLOAD,
    prepare: async (t) => {
      const w = await createRoleWorld(t.db, { statusId: 1 })
      return {
        w,
        request: form('/api/file/add-files-to-event', [{ name: 'idEvento', value: String(w.claim.idEvento) }, await pdfPart('fileOne')]),
      }
    },
  },
  {
    name: 'POST add-files-to-event (comment)',
    route: 'POST /api/file/add-files-to-event',
    expected: REVIEW,
    prepare: async (t) => {
      const { w, docs } = await worldWithDocuments(t, 3)
      return {
        w,
        request: form('/api/file/add-files-to-event', [
          { name: 'idEvento', value: String(w.claim.idEvento) },
          { name: 'fileUrl', value: `/api/file/download/claim-file/${docs[0]!.id}` },
          { name: 'estatus', value: '2' },
          { name: 'comentario', value: 'Documento correcto' },
        ]),
      }
    },
  },
  {
    name: 'POST verify-file',
    route: 'POST /api/file/verify-file',
    expected: REVIEW,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 3)
      const preguntas = [1, 2, 3].map((tipo) => ({ tipo, idStatus: 2 }))
      return { w, request: { method: 'POST', url: '/api/file/verify-file', payload: { idEvento: w.claim.idEvento, preguntas } } }
    },
  },
  {
    name: 'GET get-dictamination/:idEvento',
    route: 'GET /api/file/get-dictamination/:idEvento',
    expected: READ,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 7, 2)
      await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser)
      return { w, request: { url: `/api/file/get-dictamination/${w.claim.idEvento}` } }
    },
  },
  {
    name: 'POST add-dictamination',
    route: 'POST /api/file/add-dictamination',
    expected: REVIEW,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 6, 2)
      return {
        w,
        request: form('/api/file/add-dictamination', [
          { name: 'idEvento', value: String(w.claim.idEvento) },
          { name: 'dictaminacion', value: '1' },
          { name: 'comentario', value: 'Procede' },
          await pdfPart(),
        ]),
      }
    },
  },
  {
    name: 'POST image-profile',
    route: 'POST /api/file/image-profile',
    expected: PROFILE,
    prepare: async (t) => ({
      w: await createRoleWorld(t.db),
      request: form('/api/file/image-profile', [{ name: 'file', filename: 'yo.png', content: IMAGES.png, contentType: 'image/png' }]),
    }),
  },
  {
    name: 'GET photo/<key> (public)',
    route: 'GET /api/file/photo/*',
    expected: PUBLIC,
    prepare: async (t) => {
      const w = await createRoleWorld(t.db)
      const key = await t.app.fileStore.put(IMAGES.webp, 'webp')
      await t.db.update(users).set({ fotoKey: key }).where(eq(users.idUser, w.owner.idUser))
      return { w, request: { url: `/api/file/photo/${key}` } }
    },
  },
  {
    name: 'POST validate-invoice',
    route: 'POST /api/file/validate-invoice',
    expected: ADMIN_ONLY,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 9, 2)
      await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, w.assignedProvider.provider.idProveedor)
      return { w, request: { method: 'POST', url: '/api/file/validate-invoice', payload: { idEvento: w.claim.idEvento } } }
    },
  },
  {
    name: 'POST add-invoice-to-event',
    route: 'POST /api/file/add-invoice-to-event',
    expected: PROVIDER,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 7, 2)
      return {
        w,
        request: form('/api/file/add-invoice-to-event', [
          { name: 'idEvento', value: String(w.claim.idEvento) },
          { name: 'idProveedor', value: String(w.assignedProvider.provider.idProveedor) },
          await pdfPart(),
        ]),
      }
    },
  },
  {
    name: 'GET download/claim-file/:id',
    route: 'GET /api/file/download/claim-file/:id',
    expected: READ,
    prepare: async (t) => {
      const { w, docs } = await worldWithDocuments(t, 3)
      return { w, request: { url: `/api/file/download/claim-file/${docs[2]!.id}` } }
    },
  },
  {
    name: 'GET download/invoice/:idFactura',
    route: 'GET /api/file/download/invoice/:idFactura',
    expected: READ,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 9, 2)
      const invoice = await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, w.assignedProvider.provider.idProveedor)
      return { w, request: { url: `/api/file/download/invoice/${invoice.idFactura}` } }
    },
  },
  {
    name: 'GET download/dictamination/:idEvento',
    route: 'GET /api/file/download/dictamination/:idEvento',
    expected: READ,
    prepare: async (t) => {
      const { w } = await worldWithDocuments(t, 7, 2)
      await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser)
      return { w, request: { url: `/api/file/download/dictamination/${w.claim.idEvento}` } }
    },
  },
]

describe('authorization of /api/file routes', () => {
  const t = useTestApp()

  it('covers every registered /api/file route', () => {
    const registered = new Set<string>()
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /(\/api\/file\/\S+) \(([^)]+)\)/.exec(line)
      if (!match) continue
      for (const method of match[2]!.split(', ')) if (method !== 'HEAD') registered.add(`${method} ${match[1]}`)
    }
    // printRoutes shows a wildcard route without its prefix, so the photo route is checked directly.
    expect(t.app.hasRoute({ method: 'GET', url: '/api/file/photo/*' })).toBe(true)
    registered.add('GET /api/file/photo/*')
    expect(new Set(ROUTES.map((r) => r.route))).toEqual(registered)
  })

  const cells = ROUTES.flatMap((route) => CALLERS.map((caller, i) => ({ route, caller, expected: route.expected[i]! })))

  it.each(cells.map((c) => [c.route.name, c.caller, c.expected, c] as const))('%s as %s → %i', async (_n, caller, expected, cell) => {
    const { w, request } = await cell.route.prepare(t)
    const before = { store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }
    const res = await t.app.inject({
      ...request,
      headers: { ...(request.headers ?? {}), ...(await authHeaders(t.app, w.sessions[caller])) },
    })
    expect(res.statusCode, res.body.slice(0, 300)).toBe(expected)
    if (expected !== 200) {
      expect(res.json()).toMatchObject({ success: false, response: null })
      expect(res.json().reason).toMatch(/[a-záéíóú]/i)
      expect({ store: await storeSnapshot(t.app), tables: await fileTablesSnapshot(t.db) }).toEqual(before)
    }
  })
})
