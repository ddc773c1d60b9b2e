/**
 * Procedure search (spec section 3 'Procedure-search result row') and the fund summary of a coverage.
 *
 * One row per (coverage, claim) of the collaborator, and one row with idEvento null for a coverage without claims,
 * so the app can group by idCobertura and still show 'Sin tramites'. A collaborator that does not exist answers one
 * row whose idColaborador is null: the app reads that as 'No se encontraron resultados'.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { claims, collaborators, coverages } from '../../db/schema'
import { stageName } from '../claimLifecycle'
import { round2, type DbOrTx } from './claimRecord'
import { collaboratorFullName } from './claimSearch'
import { likeContains } from '../../lib/likeContains'
import type { FundSummary, ProcedureRow } from '../../../domain/contract/claims'



const NO_RESULTS_ROW: ProcedureRow = {
  idColaborador: null,
  idCobertura: null,
  descripcion: null,
  monto: null,
  montoAutorizado: null,
  montoUtilizado: null,
  montoDisponible: null,
  idEvento: null,
  statusId: null,
  value: null,
  nombre: null,
  nombre2: null,
  apePat: null,
  apeMAt: null,
  showCtaBtn: null,
  idEjecutivo: null,
}

/** A name search may match many people; the search page shows a handful, so it is capped. */
const MAX_COLLABORATORS_BY_NAME = 20

async function rowsFor(db: DbOrTx, ids: number[]): Promise<ProcedureRow[]> {
  if (ids.length === 0) return [NO_RESULTS_ROW]
  const people = await db
    .select()
    .from(collaborators)
    .where(inArray(collaborators.idColaborador, ids))
    .orderBy(asc(collaborators.idColaborador))
  if (people.length === 0) return [NO_RESULTS_ROW]

  const rows = await db
    .select({
      idColaborador: coverages.idColaborador,
      idCobertura: coverages.idCobertura,
      descripcion: coverages.descripcion,
      monto: coverages.monto,
      showCtaBtn: coverages.showCtaBtn,
      used: coverages.usedAmount,
      idEvento: claims.idEvento,
      statusId: claims.statusId,
      montoAutorizado: claims.montoAutorizado,
      idEjecutivo: claims.idEjecutivo,
    })
    .from(coverages)
    .leftJoin(claims, eq(claims.idCobertura, coverages.idCobertura))
    .where(inArray(coverages.idColaborador, people.map((p) => p.idColaborador)))
    .orderBy(asc(coverages.idColaborador), asc(coverages.idCobertura), asc(claims.idEvento))

  const result: ProcedureRow[] = []
  for (const person of people) {
    const names = {
      nombre: person.nombre,
      nombre2: person.nombre2,
      apePat: person.apePat,
      apeMAt: person.apeMat,
    }
    const own = rows.filter((r) => r.idColaborador === person.idColaborador)
    if (own.length === 0) {
      result.push({ ...NO_RESULTS_ROW, idColaborador: person.idColaborador, ...names })
      continue
    }
    for (const r of own) {
      const monto = Number(r.monto)
      result.push({
        idColaborador: person.idColaborador,
        idCobertura: r.idCobertura,
        descripcion: r.descripcion,
        monto,
        montoAutorizado: r.montoAutorizado === null ? null : Number(r.montoAutorizado),
        montoUtilizado: r.used,
        montoDisponible: round2(monto - r.used),
        idEvento: r.idEvento,
        statusId: r.statusId,
        value: r.statusId === null ? null : stageName(r.statusId),
        ...names,
        showCtaBtn: r.showCtaBtn,
        idEjecutivo: r.idEjecutivo,
      })
    }
  }
  return result
}

export function proceduresByCollaborator(db: DbOrTx, idColaborador: number): Promise<ProcedureRow[]> {
  return rowsFor(db, [idColaborador])
}

export async function proceduresByCollaboratorName(db: DbOrTx, name: string): Promise<ProcedureRow[]> {
  const matches = await db
    .select({ id: collaborators.idColaborador })
    .from(collaborators)
    .where(sql`${collaboratorFullName()} ilike ${likeContains(name.trim())}`)
    .orderBy(asc(collaborators.idColaborador))
    .limit(MAX_COLLABORATORS_BY_NAME)
  return rowsFor(
    db,
    matches.map((m) => m.id),
  )
}


/** The coverage's figures, or null when the coverage does not exist or is not that collaborator's. */
export async function fundSummary(db: DbOrTx, idColaborador: number, idCobertura: number): Promise<FundSummary | null> {
  const [row] = await db
    .select({
      idColaborador: coverages.idColaborador,
      idCobertura: coverages.idCobertura,
      descripcion: coverages.descripcion,
      monto: coverages.monto,
      showCtaBtn: coverages.showCtaBtn,
      used: coverages.usedAmount,
    })
    .from(coverages)
    .where(eq(coverages.idCobertura, idCobertura))
  if (!row || row.idColaborador !== idColaborador) return null
  const monto = Number(row.monto)
  const { used, ...rest } = row
  return { ...rest, monto, montoUtilizado: used, montoDisponible: round2(monto - used) }
}
