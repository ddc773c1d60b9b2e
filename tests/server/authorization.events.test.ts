/**
 * Authorization table of /api/event: every route × every caller → expected status. Callers around one claim (at
 * 'Carta autorización', with an assigned provider): its executive, another executive (owner of a different claim),
 * an administrator, its collaborator, the collaborator of the other claim, the assigned provider, another provider,
 * the retail partner, and no token. Refused writes must leave the claim and its history untouched. A last test
 * checks the table lists every route the plugin registers. The letter PDF needs an approved dictamen (409 before,
 * see events.letterPdf.test.ts), so its row attaches one first.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachDictamination, authHeaders, createCollaboratorWithCoverage, createRoleWorld, newClaimBody, ROLE_CALLERS, type RoleCaller, type RoleWorld } from './helpers/fixtures'
import { claimLetters, claims, dictaminations, statusHistory } from '../../server/db/schema'
import eventsRoutes from '../../server/routes/events'

const t = useTestApp()

type World = RoleWorld
type Caller = RoleCaller
const CALLERS = ROLE_CALLERS

interface Request {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  payload?: Record<string, unknown>
}

interface Row {
  /** Route as registered (method and path) — matched against the plugin's routes. */
  route: string
  /** Builds the request for a caller (some need fresh data, e.g. a coverage to create a claim on). */
  request: (w: World, caller: Caller) => Promise<Request> | Request
  expected: Record<Caller, number>
  writes?: boolean
}

const row = (statuses: number[]) => Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]!])) as Record<Caller, number>

//                                   owner other admin colOwn colOther provAs provOther partner none
const READ_ALL_STAFF = row([200, 200, 200, 403, 403, 403, 403, 200, 401])
const READ_CLAIM = row([200, 403, 200, 200, 403, 200, 403, 200, 401])
const READ_CLAIM_NO_COLLABORATOR = row([200, 403, 200, 403, 403, 200, 403, 200, 401])
const WRITE_CLAIM = row([200, 403, 200, 403, 403, 403, 403, 403, 401])
const ADMIN_AND_PARTNER = row([403, 403, 200, 403, 403, 403, 403, 200, 401])

const TABLE: Row[] = [
  {
    route: 'GET /api/event/get-procedures',
    request: (w) => ({ method: 'GET', url: `/api/event/get-procedures?idColaborador=${w.claim.idColaborador}` }),
    expected: READ_ALL_STAFF,
  },
  {
    route: 'GET /api/event/:idColaborador/:idCobertura',
    request: (w) => ({ method: 'GET', url: `/api/event/${w.claim.idColaborador}/${w.claim.idCobertura}` }),
    expected: READ_ALL_STAFF,
  },
  {
    route: 'POST /api/event',
    request: async () => {
      const owner = await createCollaboratorWithCoverage(t.db, 20_000)
      return {
        method: 'POST',
        url: '/api/event',
        payload: newClaimBody(owner, { montoAutorizado: 1_000 }),
      }
    },
    expected: row([200, 200, 200, 403, 403, 403, 403, 403, 401]),
    writes: true,
  },
  {
    route: 'GET /api/event/report',
    request: () => ({ method: 'GET', url: '/api/event/report?initDate=2020-01-01&endDate=2040-12-31' }),
    expected: READ_ALL_STAFF,
  },
  {
    route: 'GET /api/event/report/statistics',
    request: () => ({ method: 'GET', url: '/api/event/report/statistics?initDate=2020-01-01&endDate=2040-12-31' }),
    expected: READ_ALL_STAFF,
  },
  {
    route: 'GET /api/event/report/service-levels',
    request: () => ({ method: 'GET', url: '/api/event/report/service-levels?initDate=2020-01-01&endDate=2040-12-31' }),
    expected: READ_ALL_STAFF,
  },
  {
    route: 'GET /api/event/executive/:idUser',
    request: (w) => ({ method: 'GET', url: `/api/event/executive/${w.owner.idUser}` }),
    expected: row([200, 403, 200, 403, 403, 403, 403, 403, 401]),
  },
  { route: 'GET /api/event/all', request: () => ({ method: 'GET', url: '/api/event/all' }), expected: ADMIN_AND_PARTNER },
  {
    route: 'GET /api/event/by-id/:idEvento',
    request: (w) => ({ method: 'GET', url: `/api/event/by-id/${w.claim.idEvento}` }),
    expected: READ_CLAIM,
  },
  {
    route: 'GET /api/event/provider/:idUser',
    request: (w) => ({ method: 'GET', url: `/api/event/provider/${w.assignedProvider.user.idUser}` }),
    expected: row([403, 403, 200, 403, 403, 200, 403, 403, 401]),
  },
  {
    route: 'GET /api/event/get-status/:idEvento',
    request: (w) => ({ method: 'GET', url: `/api/event/get-status/${w.claim.idEvento}` }),
    expected: READ_CLAIM,
  },
  {
    route: 'GET /api/event/fullData/:idEvento',
    request: (w) => ({ method: 'GET', url: `/api/event/fullData/${w.claim.idEvento}` }),
    expected: READ_CLAIM_NO_COLLABORATOR,
  },
  {
    route: 'GET /api/event/letter-pdf/:idEvento',
    request: async (w) => {
      const [dictamen] = await t.db.select().from(dictaminations).where(eq(dictaminations.idEvento, w.claim.idEvento))
      if (!dictamen) await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser, 1)
      return { method: 'GET', url: `/api/event/letter-pdf/${w.claim.idEvento}` }
    },
    expected: READ_CLAIM,
  },
  {
    route: 'PUT /api/event/update',
    request: (w) => ({ method: 'PUT', url: '/api/event/update', payload: { idEvento: w.claim.idEvento, nombreMedico: 'Dr. Tabla' } }),
    expected: WRITE_CLAIM,
    writes: true,
  },
  {
    route: 'GET /api/event/get-provider-by-event/:idEvento',
    request: (w) => ({ method: 'GET', url: `/api/event/get-provider-by-event/${w.claim.idEvento}` }),
    expected: READ_CLAIM_NO_COLLABORATOR,
  },
  {
    route: 'PUT /api/event/assign-provider',
    request: (w) => ({
      method: 'PUT',
      url: '/api/event/assign-provider',
      payload: { idEvento: w.claim.idEvento, idProveedor: w.assignedProvider.provider.idProveedor },
    }),
    expected: WRITE_CLAIM,
    writes: true,
  },
  { route: 'GET /api/event/invoices/all', request: () => ({ method: 'GET', url: '/api/event/invoices/all' }), expected: ADMIN_AND_PARTNER },
  {
    route: 'GET /api/event/invoices/:idEvento',
    request: (w) => ({ method: 'GET', url: `/api/event/invoices/${w.claim.idEvento}` }),
    expected: READ_CLAIM_NO_COLLABORATOR,
  },
]

async function snapshotOf(idEvento: number) {
  const [claim] = await t.db.select().from(claims).where(eq(claims.idEvento, idEvento))
  const history = await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))
  const letter = await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, idEvento))
  return { claim, history, letter }
}

describe('authorization table of /api/event', () => {
  for (const entry of TABLE) {
    describe(entry.route, () => {
      let world: World
      beforeAll(async () => {
        world = await createRoleWorld(t.db, { statusId: 6 })
      })
      for (const caller of CALLERS) {
        const expected = entry.expected[caller]
        it(`${caller} → ${expected}`, async () => {
          const request = await entry.request(world, caller)
          const before = entry.writes ? await snapshotOf(world.claim.idEvento) : null
          const res = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: await authHeaders(t.app, world.sessions[caller]),
            payload: request.payload,
          })
          expect(res.statusCode, res.body.slice(0, 200)).toBe(expected)
          if (expected >= 400) {
            const body = res.json()
            expect(body.success).toBe(false)
            expect(body.reason).toMatch(/[a-záéíóúñ]/i)
            if (before) expect(await snapshotOf(world.claim.idEvento)).toEqual(before)
          }
        })
      }
    })
  }

  it('covers every route the /api/event plugin registers', async () => {
    const registered: string[] = []
    const probe = Fastify()
    probe.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`)
    })
    await probe.register(eventsRoutes)
    await probe.ready()
    await probe.close()
    expect([...new Set(registered)].sort()).toEqual(TABLE.map((r) => r.route).sort())
  })
})
