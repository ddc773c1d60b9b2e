/**
 * The service-level targets in force (issue 23): the defaults of domain/serviceLevels.ts with the administrator's
 * changes over them (service_targets), and the record of every change.
 */
import { desc, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { serviceTargetChanges, serviceTargets } from '../../db/schema'
import { DEFAULT_SERVICE_TARGETS, isTimedStage, type ServiceTargets, type TimedStageId } from '../../../domain/serviceLevels'

/** The targets in force: a stage the administrator never changed keeps its default. */
export async function loadServiceTargets(db: Db | Tx): Promise<ServiceTargets> {
  return targetsInForce(await db.select({ statusId: serviceTargets.statusId, targetDays: serviceTargets.targetDays }).from(serviceTargets))
}

/** The defaults with the stored rows of service_targets over them (a reader that selected the rows itself). */
export function targetsInForce(rows: readonly { statusId: number; targetDays: number }[]): ServiceTargets {
  const targets: Record<TimedStageId, number> = { ...DEFAULT_SERVICE_TARGETS }
  for (const row of rows) if (isTimedStage(row.statusId)) targets[row.statusId] = row.targetDays
  return targets
}

interface ServiceTargetChange {
  statusId: number
  previousDays: number
  targetDays: number
  changedBy: number
  changedAt: string
}

/** The newest changes first. */
async function recentTargetChanges(db: Db, limit: number): Promise<ServiceTargetChange[]> {
  return db
    .select({
      statusId: serviceTargetChanges.statusId,
      previousDays: serviceTargetChanges.previousDays,
      targetDays: serviceTargetChanges.targetDays,
      changedBy: serviceTargetChanges.changedBy,
      changedAt: serviceTargetChanges.changedAt,
    })
    .from(serviceTargetChanges)
    .orderBy(desc(serviceTargetChanges.changedAt), desc(serviceTargetChanges.id))
    .limit(limit)
}

/** Writes one stage's new target and the record of the change (inside the caller's transaction). */
export async function writeTarget(tx: Tx, change: { statusId: TimedStageId; previousDays: number; targetDays: number; idUser: number }): Promise<void> {
  await tx
    .insert(serviceTargets)
    .values({ statusId: change.statusId, targetDays: change.targetDays, updatedBy: change.idUser })
    .onConflictDoUpdate({
      target: serviceTargets.statusId,
      set: { targetDays: change.targetDays, updatedBy: change.idUser, updatedAt: sql`now()` },
    })
  await tx.insert(serviceTargetChanges).values({
    statusId: change.statusId,
    previousDays: change.previousDays,
    targetDays: change.targetDays,
    changedBy: change.idUser,
  })
}
