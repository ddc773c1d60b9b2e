/**
 * GET /api/live/events (issue 21 'Live updates', domain/contract/live.ts): the stream answers a claim's read refusal
 * when the session may not read that claim, delivers a change only to the sessions that may read the claim, resumes
 * from Last-Event-ID (and asks for a full reread when it no longer knows the id), and ends a user's streams when
 * the user's sessions are revoked. On PostgreSQL (TEST_DATABASE_URL) the same file runs; the test across two
 * instances with separate connections is tests/server/live.instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import { useTestApp } from './helpers/testApp'
import { authHeaders, createRoleWorld, type RoleWorld } from './helpers/fixtures'
import { openSse, type SseClient } from './helpers/sse'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()
let w: RoleWorld
let base: string
const open: SseClient[] = []

beforeAll(async () => {
  w = await createRoleWorld(t.db, { statusId: 1 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => {
  for (const client of open) client.close()
})

async function stream(session: Session | null, query = '', extra: Record<string, string> = {}) {
  const client = await openSse(`${base}/api/live/events${query}`, { ...(await authHeaders(t.app, session)), ...extra })
  open.push(client)
  if (client.status === 200) await client.next((e) => e.event === 'ready')
  return client
}

/** A document of the claim uploaded (through the lifecycle, as the upload route does). */
const uploadDocument = (idEvento: number, tipo: 1 | 2 | 3) =>
  t.db.transaction((tx) => applyClaimEvent(tx, { idEvento, event: { type: 'document.upload', tipo }, actor: 'user:0' }))

const claimEvents = (client: SseClient, idEvento: number) =>
  client.events.filter((e) => e.event === 'claim' && JSON.parse(e.data).idEvento === idEvento)

describe('who may open the stream of one claim', () => {
  it.each([
    ['executiveOwner', 200],
    ['admin', 200],
    ['partner', 200],
    ['assignedProvider', 200],
    ['collaboratorOwner', 200],
    ['otherExecutive', 403],
    ['otherProvider', 403],
    ['otherCollaborator', 403],
    ['noToken', 401],
  ] as const)('%s → %i, with the read’s reason', async (caller, status) => {
    const client = await stream(w.sessions[caller], `?idEvento=${w.claim.idEvento}`)
    expect(client.status).toBe(status)
    if (status === 403) expect(client.body).toEqual({ success: false, response: null, reason: 'No tiene permiso sobre este trámite' })
    client.close()
  })

  it('answers 404 for a claim that does not exist and 400 for an id that cannot be one', async () => {
    expect((await stream(w.sessions.admin, '?idEvento=99999999')).status).toBe(404)
    expect((await stream(w.sessions.admin, '?idEvento=abc')).status).toBe(400)
  })
})

describe('delivery', () => {
  it('sends a change to every session that may read the claim, and to nobody else', async () => {
    const callers = ['executiveOwner', 'admin', 'partner', 'assignedProvider', 'collaboratorOwner', 'otherExecutive', 'otherProvider', 'otherCollaborator'] as const
    const clients = Object.fromEntries(await Promise.all(callers.map(async (c) => [c, await stream(w.sessions[c])] as const)))
    await uploadDocument(w.claim.idEvento, 1)
    for (const caller of ['executiveOwner', 'admin', 'partner', 'assignedProvider', 'collaboratorOwner'] as const) {
      const event = await clients[caller]!.next((e) => e.event === 'claim')
      // Carga de documentos (2) after the first document.
      expect(JSON.parse(event.data)).toEqual({ idEvento: w.claim.idEvento, statusId: 2 })
      expect(event.id).toMatch(/^[0-9a-z]+-[0-9a-f]{10}$/)
    }
    // A change of the other executive's claim reaches its executive, not the first one.
    await uploadDocument(w.otherClaim.idEvento, 1)
    await clients.otherExecutive!.next((e) => e.event === 'claim' && JSON.parse(e.data).idEvento === w.otherClaim.idEvento)
    await clients.otherCollaborator!.next((e) => e.event === 'claim')
    for (const caller of ['otherExecutive', 'otherProvider', 'otherCollaborator'] as const) {
      expect(claimEvents(clients[caller]!, w.claim.idEvento)).toEqual([])
    }
    expect(claimEvents(clients.executiveOwner!, w.otherClaim.idEvento)).toEqual([])
    expect(claimEvents(clients.assignedProvider!, w.otherClaim.idEvento)).toEqual([])
    for (const client of Object.values(clients)) client!.close()
  })

  it('a refused change (rolled back) announces nothing', async () => {
    const client = await stream(w.sessions.admin, `?idEvento=${w.claim.idEvento}`)
    // Invoice approval is illegal in Carga de documentos: applyClaimEvent throws and the transaction rolls back.
    await expect(
      t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: w.claim.idEvento, event: { type: 'invoice.approve' }, actor: 'user:0' })),
    ).rejects.toThrow()
    await uploadDocument(w.claim.idEvento, 2)
    const events = await client.next((e) => e.event === 'claim')
    expect(claimEvents(client, w.claim.idEvento)).toEqual([events])
    client.close()
  })
})

describe('Last-Event-ID', () => {
  it('a reconnection receives what it missed, in order, and nothing it already had', async () => {
    // The witness stays connected: what it hears while `first` is away is what `again` must receive.
    const witness = await stream(w.sessions.admin, `?idEvento=${w.claim.idEvento}`)
    const first = await stream(w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`)
    await uploadDocument(w.claim.idEvento, 1)
    const seen = await first.next((e) => e.event === 'claim')
    first.close()
    await uploadDocument(w.claim.idEvento, 3)
    await uploadDocument(w.claim.idEvento, 1)
    await witness.next(() => claimEvents(witness, w.claim.idEvento).length === 3)
    const missedIds = claimEvents(witness, w.claim.idEvento).slice(1).map((e) => e.id)
    expect(claimEvents(witness, w.claim.idEvento)[0]!.id).toBe(seen.id)

    const again = await stream(w.sessions.executiveOwner, `?idEvento=${w.claim.idEvento}`, { 'last-event-id': seen.id! })
    await again.next(() => claimEvents(again, w.claim.idEvento).length === 2)
    expect(claimEvents(again, w.claim.idEvento).map((e) => e.id)).toEqual(missedIds)
    // Then it goes on live.
    await uploadDocument(w.claim.idEvento, 2)
    await again.next(() => claimEvents(again, w.claim.idEvento).length === 3)
    again.close()
    witness.close()
  })

  it('an id the server does not know asks the browser to read everything again', async () => {
    const client = await stream(w.sessions.admin, '', { 'last-event-id': 'desconocido-0000000000' })
    await client.next((e) => e.event === 'resync')
    client.close()
  })
})

describe('revocation', () => {
  it('ends the streams of a user whose sessions were revoked, and only theirs', async () => {
    const revoked = await stream(w.sessions.otherExecutive)
    const other = await stream(w.sessions.executiveOwner)
    t.app.sessionCache.forget(w.otherExecutive.idUser)
    await expect(Promise.race([revoked.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 1_000))])).resolves.toBe('ended')
    await uploadDocument(w.claim.idEvento, 2)
    await other.next((e) => e.event === 'claim')
    other.close()
  })
})
