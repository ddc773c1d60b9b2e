/**
 * applyClaimEvent against the database: every shortest path of the lifecycle machine replayed on a real claim (the
 * caller writes claim_files as the file routes do, then asks for the stage), the history row of each change, and
 * illegal events that roll the caller's whole transaction back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { TestModel } from 'xstate/graph'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { createClaim, createUser } from './helpers/fixtures'
import { claimFiles, claimLetters, claims, statusHistory } from '../../server/db/schema'
import type { Tx } from '../../server/db/client'
import { actorOf } from '../../server/auth/actor'
import { applyClaimEvent } from '../../server/domain/claimLifecycle'
import { AppError } from '../../server/lib/errors'
import { claimLifecycleMachine, stageOf, type ClaimLifecycleEvent } from '../../machines/claimLifecycle.machine'

let t: TestApp
let idEjecutivo: number

beforeAll(async () => {
  t = await buildTestApp()
  idEjecutivo = (await createUser(t.db, 0)).idUser
})
afterAll(async () => t.close())

const EVENTS: ClaimLifecycleEvent[] = [
  { type: 'document.upload', tipo: 1 },
  { type: 'document.upload', tipo: 2 },
  { type: 'document.upload', tipo: 3 },
  { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } },
  { type: 'documents.verify', statuses: { '1': 3, '2': 2, '3': 2 } },
  { type: 'document.comment', tipo: 1, status: 4 },
  { type: 'provider.assign' },
  { type: 'letter.save' },
  { type: 'dictamen.save', approved: true },
  { type: 'dictamen.save', approved: false },
  { type: 'invoice.upload' },
  { type: 'invoice.approve' },
]

/** What the file routes write for a document event, before asking the lifecycle (the contract allows either order). */
async function writeDocuments(tx: Tx, idEvento: number, event: ClaimLifecycleEvent) {
  const set = async (tipo: number, status: number) => {
    const values = { status, storageKey: `2026/01/00000000-0000-0000-0000-00000000000${tipo}.pdf`, nombre: `doc${tipo}.pdf`, size: 10, uploadedBy: 'test' }
    await tx
      .insert(claimFiles)
      .values({ idEvento, tipo, ...values })
      .onConflictDoUpdate({ target: [claimFiles.idEvento, claimFiles.tipo], set: { status } })
  }
  if (event.type === 'document.upload') await set(event.tipo, 1)
  if (event.type === 'document.comment') await set(event.tipo, event.status)
  if (event.type === 'documents.verify') for (const tipo of [1, 2, 3] as const) await set(tipo, event.statuses[tipo])
}

async function historyOf(idEvento: number) {
  return t.db.select({ statusId: statusHistory.statusId, actor: statusHistory.actor }).from(statusHistory).where(eq(statusHistory.idEvento, idEvento)).orderBy(statusHistory.id)
}

describe('applyClaimEvent replays every shortest path of the machine on a stored claim', () => {
  const model = new TestModel(claimLifecycleMachine, { events: EVENTS, filterEvents: (s, e) => s.can(e) })
  for (const path of model.getShortestPaths()) {
    const steps = path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')
    it(`${steps.map((s) => s.event.type).join(' → ') || '(inicio)'} ⇒ ${stageOf(path.state).value}`, async () => {
      const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 1 })
      const expectedHistory = [1]
      for (const step of steps) {
        const result = await t.db.transaction(async (tx) => {
          await writeDocuments(tx, claim.idEvento, step.event)
          return applyClaimEvent(tx, { idEvento: claim.idEvento, event: step.event, actor: 'user:7' })
        })
        const expected = stageOf(step.state).statusId
        const previous = expectedHistory.at(-1)
        expect(result).toEqual({ statusId: expected, changed: expected !== previous })
        if (expected !== previous) expectedHistory.push(expected)
      }
      const [row] = await t.db.select({ statusId: claims.statusId }).from(claims).where(eq(claims.idEvento, claim.idEvento))
      expect(row!.statusId).toBe(stageOf(path.state).statusId)
      expect((await historyOf(claim.idEvento)).map((h) => h.statusId)).toEqual(expectedHistory)
    })
  }
})

describe('applyClaimEvent contract', () => {
  it('writes the stage and one history row with the actor on a change, and nothing when the stage stays', async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 5 })
    const first = await t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'provider.assign' }, actor: 'user:42' }))
    expect(first).toEqual({ statusId: 6, changed: true })
    const second = await t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'letter.save' }, actor: 'user:42' }))
    expect(second).toEqual({ statusId: 6, changed: false })
    expect(await historyOf(claim.idEvento)).toEqual([
      { statusId: 5, actor: `user:${idEjecutivo}` },
      { statusId: 6, actor: 'user:42' },
    ])
  })

  it("throws 409 with the Spanish reason on an illegal event, and the caller's transaction writes nothing", async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 7 })
    const attempt = t.db.transaction(async (tx) => {
      await tx.insert(claimLetters).values({ idEvento: claim.idEvento, nombreMedico: 'Dr. Rollback' })
      await applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'invoice.approve' }, actor: 'user:1' })
    })
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      reason: `El trámite C${claim.idEvento} está en «Facturación» y no admite esta acción`,
    })
    await expect(attempt).rejects.toBeInstanceOf(AppError)
    expect(await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, claim.idEvento))).toEqual([])
    expect(await historyOf(claim.idEvento)).toHaveLength(1)
  })

  it('reads the documents from claim_files: a rejected document keeps the claim in Documentos rechazados', async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo, statusId: 3 })
    const result = await t.db.transaction(async (tx) => {
      await writeDocuments(tx, claim.idEvento, { type: 'documents.verify', statuses: { '1': 2, '2': 5, '3': 3 } })
      return applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'documents.verify', statuses: { '1': 2, '2': 5, '3': 3 } }, actor: 'user:1' })
    })
    expect(result).toEqual({ statusId: 4, changed: true })
    // One document re-uploaded, the other still rejected: stays in 4.
    const partly = await t.db.transaction(async (tx) => {
      await writeDocuments(tx, claim.idEvento, { type: 'document.upload', tipo: 2 })
      return applyClaimEvent(tx, { idEvento: claim.idEvento, event: { type: 'document.upload', tipo: 2 }, actor: 'colaborador:9' })
    })
    expect(partly).toEqual({ statusId: 4, changed: false })
    const rows = await t.db.select().from(claimFiles).where(and(eq(claimFiles.idEvento, claim.idEvento), eq(claimFiles.tipo, 3)))
    expect(rows[0]!.status).toBe(3)
  })

  it('answers 404 for an unknown claim and names the actor of a session', async () => {
    await expect(t.db.transaction((tx) => applyClaimEvent(tx, { idEvento: 987_654, event: { type: 'letter.save' }, actor: 'user:1' }))).rejects.toMatchObject({
      statusCode: 404,
    })
    expect(actorOf({ kind: 'user', idUser: 5, rol: 0, tokenVersion: 0 })).toBe('user:5')
    expect(actorOf({ kind: 'collaborator', idColaborador: 77, idEvento: 3, rol: 2 })).toBe('colaborador:77')
  })
})
