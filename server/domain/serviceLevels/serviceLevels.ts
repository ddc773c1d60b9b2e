/**
 * 'Niveles de servicio' (issue 23): the targets in force with whom each stage waits on and who changed it last, and
 * the administrator's change of targets: validated by the domain's rule, written with its record, and every open
 * clock of a changed stage recomputed in the same transaction (a refused change writes nothing).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { badRequest } from '../../lib/errors'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import type { SaveServiceTargetsBody, ServiceLevels, ServiceTargetsInForce } from '../../../domain/contract/serviceLevels'
import {
  DEFAULT_SERVICE_TARGETS,
  TIMED_STAGE_IDS,
  serviceTargetReason,
  timedStageWaitsOn,
  type TimedStageId,
} from '../../../domain/serviceLevels'
import { recomputeStageClocks } from './clocks'
import { loadServiceTargets, writeTarget } from './targets'

/** Changes listed on the screen. */
const CHANGES_SHOWN = 50

type Rows<T> = { rows: T[] }

const fullName = sql`concat_ws(' ', u.nombre, nullif(u.nombre2, ''), nullif(u.ape_pat, ''), nullif(u.ape_mat, ''))`

/** The targets in force alone (any session: the collaborator's home computes by when the stage should end). */
export async function serviceTargetsInForce(db: Db): Promise<ServiceTargetsInForce> {
  const targets = await loadServiceTargets(db)
  return { objetivos: TIMED_STAGE_IDS.map((statusId) => ({ statusId, diasHabiles: targets[statusId] })) }
}

export async function serviceLevelsOverview(db: Db): Promise<ServiceLevels> {
  const targets = await loadServiceTargets(db)
  const last = (await db.execute(sql`
    select t.status_id as "statusId", t.updated_at as "updatedAt", ${fullName} as "name"
    from service_targets t join users u on u.id_user = t.updated_by`)) as unknown as Rows<{ statusId: number; updatedAt: string; name: string }>
  const lastOf = new Map(last.rows.map((row) => [Number(row.statusId), row]))
  const changes = (await db.execute(sql`
    select c.status_id as "statusId", c.previous_days as "antes", c.target_days as "despues", ${fullName} as "usuario",
           c.changed_at as "fecha"
    from service_target_changes c join users u on u.id_user = c.changed_by
    order by c.changed_at desc, c.id desc
    limit ${CHANGES_SHOWN}`)) as unknown as Rows<{ statusId: number; antes: number; despues: number; usuario: string; fecha: string }>
  return {
    objetivos: TIMED_STAGE_IDS.map((statusId) => {
      const changed = lastOf.get(statusId)
      return {
        statusId,
        etapa: CLAIM_STAGES[statusId],
        esperaA: timedStageWaitsOn(statusId),
        diasHabiles: targets[statusId],
        predeterminado: DEFAULT_SERVICE_TARGETS[statusId],
        modificado: changed ? new Date(changed.updatedAt).toISOString() : null,
        modificadoPor: changed ? changed.name : null,
      }
    }),
    cambios: changes.rows.map((row) => ({
      statusId: Number(row.statusId),
      etapa: CLAIM_STAGES[Number(row.statusId) as TimedStageId] ?? String(row.statusId),
      antes: Number(row.antes),
      despues: Number(row.despues),
      usuario: row.usuario,
      fecha: new Date(row.fecha).toISOString(),
    })),
  }
}

/** Refuses the whole change with the first stage's reason ('Validación de documentos: …'), or writes all of it. */
export async function saveServiceTargets(db: Db, idUser: number, body: SaveServiceTargetsBody): Promise<ServiceLevels> {
  const seen = new Set<number>()
  for (const { statusId, diasHabiles } of body.objetivos) {
    if (seen.has(statusId)) throw badRequest(`${CLAIM_STAGES[statusId]}: la etapa aparece más de una vez`)
    seen.add(statusId)
    const reason = serviceTargetReason(diasHabiles)
    if (reason) throw badRequest(`${CLAIM_STAGES[statusId]}: ${reason}`)
  }
  await db.transaction(async (tx) => {
    // One change of targets at a time, so two administrators' changes are recorded in the order they happened.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('service_targets'))`)
    const before = await loadServiceTargets(tx)
    const after: Record<TimedStageId, number> = { ...before }
    const changed: TimedStageId[] = []
    for (const { statusId, diasHabiles } of body.objetivos) {
      if (before[statusId] === diasHabiles) continue
      after[statusId] = diasHabiles
      changed.push(statusId)
      await writeTarget(tx, { statusId, previousDays: before[statusId], targetDays: diasHabiles, idUser })
    }
    for (const statusId of changed) await recomputeStageClocks(tx, statusId, after)
  })
  return serviceLevelsOverview(db)
}
