/**
 * GET /api/event/by-id/{id} as one prepared query (issue 12, server/domain/claims/claimById.ts):
 * - every caller of a role world gets the same status and Spanish reason as before for its own claim, the other
 *   claim and a claim that does not exist (403 'No tiene permiso sobre este trámite', 404 'No se encontró el trámite');
 * - an allowed answer is exactly the record of getClaimRecord (the record the lists use);
 * - the rule folded into SQL agrees with the TypeScript rule of claimAccess.ts (`loadClaimFor`) for every session,
 *   claim and mode, writes included;
 * - a warm request (token version cached, statement prepared) costs one database round trip and builds no query;
 *   on PostgreSQL it is the named statement `claim_by_id`, on PGlite a statement of that name PREPAREd in its session.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, usingPostgres, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createProvider, createRoleWorld, ROLE_CALLERS, type RoleCaller, type RoleWorld } from './helpers/fixtures'
import { getClaimRecord } from '../../server/domain/claims/claimRecord'
import { readClaimFor } from '../../server/domain/claims/claimById'
import { CLAIM_FORBIDDEN, CLAIM_NOT_FOUND, loadClaimFor, type AccessMode } from '../../server/auth/claimAccess'
import type { Session } from '../../server/auth/roles'

let t: TestApp
let w: RoleWorld
const MISSING = 999_999

beforeAll(async () => {
  t = await buildTestApp({ rateLimitStore: 'memory' })
  w = await createRoleWorld(t.db, { statusId: 6 })
})
afterAll(async () => t.close())

const byId = async (caller: RoleCaller, idEvento: number) =>
  t.app.inject({ url: `/api/event/by-id/${idEvento}`, headers: await authHeaders(t.app, w.sessions[caller]) })

type Which = 'claim' | 'otherClaim' | 'missing'
const idOf = (which: Which) => (which === 'missing' ? MISSING : w[which].idEvento)

// The other claim has no provider, and its collaborator session is `otherCollaborator`.
//                                       claim  otherClaim  missing
const EXPECTED: Record<RoleCaller, [number, number, number]> = {
  executiveOwner: [200, 403, 404],
  otherExecutive: [403, 200, 404],
  admin: [200, 200, 404],
  collaboratorOwner: [200, 403, 404],
  otherCollaborator: [403, 200, 404],
  assignedProvider: [200, 403, 404],
  otherProvider: [403, 403, 404],
  partner: [200, 200, 404],
  noToken: [401, 401, 401],
}

const REASONS: Record<number, string> = { 403: CLAIM_FORBIDDEN, 404: CLAIM_NOT_FOUND }

describe('GET /api/event/by-id/{id} for every caller', () => {
  for (const caller of ROLE_CALLERS) {
    ;(['claim', 'otherClaim', 'missing'] as const).forEach((which, i) => {
      const expected = EXPECTED[caller][i]!
      it(`${caller}, ${which} → ${expected}`, async () => {
        const res = await byId(caller, idOf(which))
        expect(res.statusCode, res.body.slice(0, 200)).toBe(expected)
        const body = res.json()
        if (expected === 200) {
          expect(body).toEqual({ success: true, response: await getClaimRecord(t.db, idOf(which)), reason: '' })
        } else if (expected === 401) {
          expect(body.reason).toContain('Token inválido')
        } else {
          expect(body).toEqual({ success: false, response: null, reason: REASONS[expected] })
        }
      })
    })
  }
})

/** 'ok', or the status and reason of the refusal. */
async function outcome(read: () => Promise<unknown>): Promise<string> {
  try {
    await read()
    return 'ok'
  } catch (err) {
    const { statusCode, reason } = err as { statusCode: number; reason: string }
    return `${statusCode} ${reason}`
  }
}

describe('the SQL form of the access rule agrees with claimAccess.ts', () => {
  it('for every session, claim (with and without a provider, and missing) and mode', async () => {
    // A claim of the assigned provider owned by the other executive: the provider branch alone must allow it.
    const { claim: providerOnly } = await createClaim(t.db, {
      idEjecutivo: w.otherExecutive.idUser,
      idProveedor: w.assignedProvider.provider.idProveedor,
    })
    // A provider record with no claims, so a provider with an account but nothing assigned is covered too.
    const idle = await createProvider(t.db)
    const sessions: Session[] = [
      ...Object.values(w.sessions).filter((s): s is Session => s !== null),
      { kind: 'user', idUser: idle.user.idUser, rol: 3, tokenVersion: 0 },
      // a collaborator session naming the right claim but another collaborator
      { kind: 'collaborator', idColaborador: w.otherClaim.idColaborador, idEvento: w.claim.idEvento, rol: 2 },
    ]
    const ids = [w.claim.idEvento, w.otherClaim.idEvento, providerOnly.idEvento, MISSING]
    let compared = 0
    for (const session of sessions)
      for (const idEvento of ids)
        for (const mode of ['read', 'write'] as AccessMode[]) {
          const folded = await outcome(() => readClaimFor(t.db, session, idEvento, mode))
          const separate = await outcome(() => loadClaimFor(t.db, session, idEvento, mode))
          expect(folded, `${JSON.stringify(session)} on ${idEvento} (${mode})`).toBe(separate)
          compared++
        }
    expect(compared).toBe(sessions.length * ids.length * 2)
  })
})

describe('round trips', () => {
  interface Queryable {
    query: (...args: unknown[]) => unknown
    exec: (...args: unknown[]) => unknown
  }

  it('a warm by-id request makes one database query and builds none, for each kind of caller', async () => {
    const client = (t.db as unknown as { $client: Queryable }).$client
    for (const caller of ['admin', 'executiveOwner', 'assignedProvider', 'collaboratorOwner'] as const) {
      expect((await byId(caller, w.claim.idEvento)).statusCode).toBe(200) // fills the session cache
      const queries = vi.spyOn(client, 'query')
      // PGlite only: the EXECUTE goes through exec (node-postgres has no exec)
      const execs = usingPostgres() ? undefined : vi.spyOn(client, 'exec')
      const selects = vi.spyOn(t.db, 'select')
      try {
        expect((await byId(caller, w.claim.idEvento)).statusCode).toBe(200)
        // node-postgres gets the statement's name, so each connection plans it once; PGlite, whose driver has no
        // named statements, executes the one PREPAREd in its session
        if (usingPostgres()) {
          expect(queries, caller).toHaveBeenCalledTimes(1)
          expect(queries.mock.calls[0]![0]).toMatchObject({ name: 'claim_by_id' })
        } else {
          expect(queries, caller).not.toHaveBeenCalled()
          expect(execs, caller).toHaveBeenCalledTimes(1)
          const text = String(execs!.mock.calls[0]![0])
          expect(text).toMatch(/^EXECUTE claim_by_id\((.*)\)$/)
          expect(text.slice('EXECUTE claim_by_id('.length, -1).split(', ')).toContain(String(w.claim.idEvento))
        }
        expect(selects, caller).not.toHaveBeenCalled()
      } finally {
        queries.mockRestore()
        execs?.mockRestore()
        selects.mockRestore()
      }
    }
  })
})
