/**
 * claims.collaborator_name (migration 0016, issue 27): the collaborator's full name kept on the claim, which the claim
 * record reads instead of joining the collaborators. It equals the name the join gave ('Nombre Nombre2 ApePat ApeMat'
 * without the blanks of empty parts) after every kind of write: a claim created, several in one
 * statement, the column written directly, the claim moved to another collaborator, the collaborator renamed, and the
 * migration's backfill of the claims written before it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { createClaim, createCollaboratorWithCoverage, createUser } from './helpers/fixtures'
import { claims, collaborators } from '../../server/db/schema'
import { getClaimRecord } from '../../server/domain/claims/claimRecord'

let t: TestApp
let executiveId: number

beforeAll(async () => {
  t = await buildTestApp({ rateLimitStore: 'memory' })
  executiveId = (await createUser(t.db, 0)).idUser
})
afterAll(async () => t.close())

/** Claims whose kept name differs from their collaborator's full name, written here as the join wrote it. */
async function claimsOff(): Promise<Array<{ id: number; kept: string; exact: string }>> {
  const { rows } = (await t.db.execute(sql`
    select c.id_evento as id, c.collaborator_name as kept,
      concat_ws(' ', nullif(co.nombre, ''), nullif(co.nombre2, ''), nullif(co.ape_pat, ''), nullif(co.ape_mat, '')) as exact
    from claims c join collaborators co on co.id_colaborador = c.id_colaborador`)) as unknown as { rows: Array<{ id: number; kept: string; exact: string }> }
  return rows.filter((row) => row.kept !== row.exact)
}

describe("the collaborator's name kept on the claim", () => {
  it('equals the full name after inserts, direct writes, moves and renames', async () => {
    const a = await createClaim(t.db, { idEjecutivo: executiveId })
    expect(await claimsOff()).toEqual([])
    const { idEvento: _id, fechaIngreso: _f, collaboratorName: _n, ...copy } = a.claim
    await t.db.insert(claims).values([copy, copy])
    expect(await claimsOff()).toEqual([])

    await t.db.update(claims).set({ collaboratorName: 'Otro nombre' }).where(eq(claims.idEvento, a.claim.idEvento))
    expect(await claimsOff()).toEqual([])

    const other = await createCollaboratorWithCoverage(t.db)
    await t.db.update(collaborators).set({ nombre: 'Rosa', nombre2: '', apeMat: 'Díaz' }).where(eq(collaborators.idColaborador, other.idColaborador))
    await t.db.update(claims).set({ idColaborador: other.idColaborador, idCobertura: other.coverage.idCobertura }).where(eq(claims.idEvento, a.claim.idEvento))
    expect(await claimsOff()).toEqual([])
    expect((await getClaimRecord(t.db, a.claim.idEvento))?.nombreColaborador).toBe('Rosa López Díaz')

    // Renamed: every claim of the collaborator follows (the two copies still theirs; the claim moved away keeps its new collaborator's).
    await t.db.update(collaborators).set({ nombre2: '', apePat: 'Ruiz' }).where(eq(collaborators.idColaborador, a.idColaborador))
    expect(await claimsOff()).toEqual([])
    const renamed = await t.db.select({ name: claims.collaboratorName }).from(claims).where(eq(claims.idColaborador, a.idColaborador))
    expect(renamed.map((row) => row.name)).toEqual(['María Ruiz García', 'María Ruiz García'])
    expect((await getClaimRecord(t.db, a.claim.idEvento))?.nombreColaborador).toBe('Rosa López Díaz')
  })

  it("the migration's backfill gives the claims written before it their collaborator's name", async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo: executiveId })
    // The claims of before the migration: no trigger yet, the column's default.
    await t.db.execute(sql`alter table claims disable trigger claims_collaborator_name`)
    try {
      await t.db.update(claims).set({ collaboratorName: '' })
    } finally {
      await t.db.execute(sql`alter table claims enable trigger claims_collaborator_name`)
    }
    expect((await claimsOff()).map((row) => row.id)).toContain(claim.idEvento)
    const migration = readFileSync(new URL('../../server/db/migrations/0016_claim_collaborator_name.sql', import.meta.url), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((statement) => /^\s*(--.*\n\s*)*UPDATE "claims"/.test(statement))
    expect(backfill).toBeDefined()
    await t.db.execute(sql.raw(backfill!))
    expect(await claimsOff()).toEqual([])
  })

  it('still refuses a claim of a collaborator that does not exist (the foreign key, not the trigger)', async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo: executiveId })
    const { idEvento: _id, fechaIngreso: _f, collaboratorName: _n, ...copy } = claim
    const failure = await t.db.insert(claims).values({ ...copy, idColaborador: 1 }).then(
      () => undefined,
      (error: unknown) => error as { code?: string; cause?: { code?: string } },
    )
    expect(failure?.cause?.code ?? failure?.code).toBe('23503')
  })
})
