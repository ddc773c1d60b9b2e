/**
 * Creating a claim (POST /api/event). The server re-checks the 'Crear nuevo trámite' rule of spec section 4 inside
 * the transaction that inserts, with the coverage row locked, so two executives pressing the button at once cannot
 * both spend the same available amount:
 * - the coverage exists and belongs to the collaborator;
 * - its showCtaBtn flag is 1;
 * - every existing claim under it is final (8 or 10);
 * - the available amount (monto − used) is above 0 and the requested montoAutorizado (> 0) does not exceed it.
 * The claim starts at stage 1 with its first status-history row, in the same transaction.
 */
import { publishClaimChange } from '../../live/claimChanges'
import { and, eq, inArray, not } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { claims, coverages, municipalities, states, statusHistory } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { FINAL_STAGE_IDS } from '../../../domain/claimStages'
import { round2 } from './claimRecord'
import type { NewClaim } from '../../../domain/contract/claims'

/** The new-claim payload without the (checked) idEjecutivo. */
export type NewClaimInput = Omit<NewClaim, 'idEjecutivo'>

const CREATE_CLAIM_REASONS = {
  coverageNotFound: 'No se encontró la cobertura del colaborador',
  ctaDisabled: 'La cobertura no permite crear nuevos trámites',
  openClaim: 'La cobertura tiene un trámite en curso; debe concluir antes de crear uno nuevo',
  nothingAvailable: 'La cobertura no tiene suma disponible',
  overAvailable: (available: number) =>
    `Costo: el monto excede la suma disponible de la cobertura (${available.toFixed(2)} MXN)`,
  badState: 'Estado: El valor introducido no es válido',
  badCity: 'Ciudad: El valor introducido no es válido',
} as const

export async function createClaim(db: Db, input: NewClaimInput, idEjecutivo: number, actor: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [coverage] = await tx
      .select({
        idColaborador: coverages.idColaborador,
        monto: coverages.monto,
        showCtaBtn: coverages.showCtaBtn,
        // Current under the lock: every claim written for this coverage updates this row (migration 0015's
        // triggers), so a concurrent claim waits here and this reads the used amount its commit left.
        used: coverages.usedAmount,
      })
      .from(coverages)
      .where(eq(coverages.idCobertura, input.idCobertura))
      .for('update')
    if (!coverage || coverage.idColaborador !== input.idColaborador) throw notFound(CREATE_CLAIM_REASONS.coverageNotFound)
    if (coverage.showCtaBtn !== 1) throw conflict(CREATE_CLAIM_REASONS.ctaDisabled)

    const [open] = await tx
      .select({ idEvento: claims.idEvento })
      .from(claims)
      .where(and(eq(claims.idCobertura, input.idCobertura), not(inArray(claims.statusId, [...FINAL_STAGE_IDS]))))
      .limit(1)
    if (open) throw conflict(CREATE_CLAIM_REASONS.openClaim)

    const available = round2(Number(coverage.monto) - coverage.used)
    if (available <= 0) throw conflict(CREATE_CLAIM_REASONS.nothingAvailable)
    if (input.montoAutorizado > available) throw badRequest(CREATE_CLAIM_REASONS.overAvailable(available))

    const [state] = await tx.select({ id: states.id }).from(states).where(eq(states.id, input.state))
    if (!state) throw badRequest(CREATE_CLAIM_REASONS.badState)
    const [city] = await tx
      .select({ stateId: municipalities.stateId })
      .from(municipalities)
      .where(eq(municipalities.id, input.city))
    if (!city || city.stateId !== input.state) throw badRequest(CREATE_CLAIM_REASONS.badCity)

    const [claim] = await tx
      .insert(claims)
      .values({
        idColaborador: input.idColaborador,
        idCobertura: input.idCobertura,
        idEjecutivo,
        statusId: 1,
        beneficiary: input.beneficiary,
        email: input.email,
        phone: input.phone,
        age: input.age,
        gender: input.gender,
        stateId: input.state,
        cityId: input.city,
        montoAutorizado: input.montoAutorizado,
      })
      .returning({ idEvento: claims.idEvento })
    // The first row ends no stay: nothing for stage_stays (server/domain/stageStays.ts) until the stage changes.
    await tx.insert(statusHistory).values({ idEvento: claim!.idEvento, statusId: 1, actor })
    // Lists open elsewhere (the executive's, the administrator's) show the new claim (issue 21).
    await publishClaimChange(tx, claim!.idEvento)
    return claim!.idEvento
  })
}
