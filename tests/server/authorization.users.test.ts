/**
 * Authorization table of the catalogue, sign-up and user administration routes: every route × every role (plus no
 * token, plus a user reading someone else's record) → the expected status. A refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import {
  authHeaders,
  createCollaboratorWithCoverage,
  createLocationCatalog,
  createRoleWorld,
  executiveSignupBody,
  providerSignupBody,
} from './helpers/fixtures'
import { providers, users } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

type Role = 'executive' | 'admin' | 'collaborator' | 'provider' | 'partner' | 'noToken'
const ROLES: Role[] = ['executive', 'admin', 'collaborator', 'provider', 'partner', 'noToken']

type World = Awaited<ReturnType<typeof createRoleWorld>> & {
  catalog: Awaited<ReturnType<typeof createLocationCatalog>>
  idColaborador: number
}

interface RouteCase {
  route: string
  method: 'GET' | 'POST' | 'PUT'
  url: (w: World, role: Role) => string
  body?: (w: World) => object
  expected: Record<Role, number>
}

const anySession = { executive: 200, admin: 200, collaborator: 200, provider: 200, partner: 200, noToken: 401 }
const adminOnly = { executive: 403, admin: 200, collaborator: 403, provider: 403, partner: 403, noToken: 401 }

/** The users-row id of each role's session (collaborators have none). */
const selfId = (w: World, role: Role): number =>
  ({
    executive: w.owner.idUser,
    admin: w.admin.idUser,
    provider: w.assignedProvider.user.idUser,
    partner: w.partner.idUser,
    collaborator: w.owner.idUser,
    noToken: w.owner.idUser,
  })[role]

const CASES: RouteCase[] = [
  { route: 'GET /api/catalog/locations/estados', method: 'GET', url: () => '/api/catalog/locations/estados', expected: anySession },
  { route: 'GET /api/catalog/locations/municipio/:stateId', method: 'GET', url: (w) => `/api/catalog/locations/municipio/${w.catalog.stateId}`, expected: anySession },
  { route: 'GET /api/catalog/locations/colonia/:id', method: 'GET', url: (w) => `/api/catalog/locations/colonia/${w.catalog.merida}`, expected: anySession },
  { route: 'GET /api/catalog/services', method: 'GET', url: () => '/api/catalog/services', expected: anySession },
  { route: 'GET /api/catalog/providers/:servicio', method: 'GET', url: (w) => `/api/catalog/providers/${w.catalog.serviceId}`, expected: anySession },
  { route: 'POST /api/auth/signup-executive', method: 'POST', url: () => '/api/auth/signup-executive', body: () => executiveSignupBody(), expected: adminOnly },
  {
    route: 'POST /api/auth/signup-provider',
    method: 'POST',
    url: () => '/api/auth/signup-provider',
    body: (w) => providerSignupBody(w.catalog),
    expected: adminOnly,
  },
  { route: 'GET /api/user/executives', method: 'GET', url: () => '/api/user/executives', expected: adminOnly },
  { route: 'GET /api/user/providers', method: 'GET', url: () => '/api/user/providers?q=Prov', expected: adminOnly },
  { route: 'GET /api/user/me', method: 'GET', url: () => '/api/user/me', expected: anySession },
  {
    route: 'GET /api/user/collaborator/:idColaborador',
    method: 'GET',
    url: (w) => `/api/user/collaborator/${w.idColaborador}`,
    expected: { executive: 200, admin: 200, collaborator: 403, provider: 403, partner: 403, noToken: 401 },
  },
  {
    route: 'GET /api/user/provider/:idProveedor',
    method: 'GET',
    url: (w) => `/api/user/provider/${w.otherProvider.provider.idProveedor}`,
    expected: adminOnly,
  },
  {
    route: 'GET /api/user/:id (own id)',
    method: 'GET',
    url: (w, role) => `/api/user/${selfId(w, role)}`,
    expected: { executive: 200, admin: 200, collaborator: 403, provider: 200, partner: 200, noToken: 401 },
  },
  {
    route: 'GET /api/user/:id (someone else)',
    method: 'GET',
    url: (w) => `/api/user/${w.otherExecutive.idUser}`,
    expected: adminOnly,
  },
  {
    route: 'PUT /api/user/executive',
    method: 'PUT',
    url: () => '/api/user/executive',
    body: (w) => ({
      ubicacion: w.otherExecutive.ubicacionLaboral,
      phone: '5500000000',
      active: 0,
      idUsuario: w.otherExecutive.idUser,
      nombre: 'Nombre editado',
      email: w.otherExecutive.email,
    }),
    expected: adminOnly,
  },
  {
    route: 'PUT /api/user/provider',
    method: 'PUT',
    url: () => '/api/user/provider',
    body: (w) => {
      const { password: _password, ...fields } = providerSignupBody(w.catalog, { email: w.otherProvider.user.email })
      return { ...fields, nombreProveedor: 'Proveedor editado', idUsuario: w.otherProvider.user.idUser }
    },
    expected: adminOnly,
  },
]

describe('authorization of catalogue and user administration routes', () => {
  let t: TestApp
  let w: World
  const headers = {} as Record<Role, Record<string, string>>

  beforeAll(async () => {
    t = await buildTestApp()
    const catalog = await createLocationCatalog(t.db)
    const world = await createRoleWorld(t.db)
    const { idColaborador } = await createCollaboratorWithCoverage(t.db)
    w = { ...world, catalog, idColaborador }
    const sessions: Record<Role, Session | null> = {
      executive: world.sessions.executiveOwner,
      admin: world.sessions.admin,
      collaborator: world.sessions.collaboratorOwner,
      provider: world.sessions.assignedProvider,
      partner: world.sessions.partner,
      noToken: null,
    }
    for (const role of ROLES) headers[role] = await authHeaders(t.app, sessions[role])
  })
  afterAll(async () => t.close())

  /** Everything a refused write could have touched. */
  const state = async () => ({
    users: await t.db.select().from(users).orderBy(users.idUser),
    providers: (await t.db.select({ n: count() }).from(providers))[0]!.n,
    providerRows: await t.db.select().from(providers).orderBy(providers.idProveedor),
  })

  const rows = CASES.flatMap((c) => ROLES.map((role) => ({ ...c, role, status: c.expected[role] })))

  it.each(rows)('$route as $role → $status', async ({ method, url, body, role, status }) => {
    const before = method === 'GET' ? null : await state()
    const res = await t.app.inject({ method, url: url(w, role), headers: headers[role], payload: body?.(w) })
    expect(res.statusCode, res.body).toBe(status)
    const answer = res.json()
    expect(answer.success).toBe(status === 200)
    if (status !== 200) {
      expect(answer.response).toBeNull()
      expect(answer.reason).toMatch(/[a-záéíóúñ]/i)
      if (status === 401) expect(answer.reason).toMatch(/Token inválido|Cliente no autorizado/)
      if (before) expect(await state()).toEqual(before)
    }
  })

  it('covers every route of the three groups, as listed in the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(catalog\/(locations|services|providers)|user\/|auth\/signup)/.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
    const tabled = new Set(CASES.map((c) => c.route.replace(/ \(.*\)$/, '')))
    expect([...tabled].sort()).toEqual([...new Set(documented)].sort())
  })
})
