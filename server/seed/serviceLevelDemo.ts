/**
 * Demo data for 'Pendientes' (issue 23): the seed's open claims entered their stage weeks ago, so every queue would
 * show only 'Vencido'. Here the current stage of some of them is entered again recently, so that at the seed's `now`
 * the demo executive (stages 3, 5, 6), the demo provider (stage 7) and the administrator (stage 9 besides the
 * executives' stages) each see some 'A tiempo', some 'Por vencer' and some 'Vencido' rows at first sign-in.
 * Claims take turns in claim order: 'A tiempo' (10 % of the target used), 'Por vencer' (90 %), 'Vencido' (kept).
 */
import { businessDaysElapsed } from '../../domain/businessDays'
import { DEFAULT_SERVICE_TARGETS, isTimedStage } from '../../domain/serviceLevels'

/** What this step reads and moves of a planned claim (server/seed/plan.ts PlanClaim). */
interface DemoClaim {
  statusId: number
  idEjecutivo: number
  idProveedor: number | null
  updatedAt: Date
  history: { fecha: Date }[]
  invoice: { createdAt: Date } | null
}

/** The share of the target used at `now` by each turn; null keeps the old entry ('Vencido'). */
const TURNS = [0.1, 0.9, null] as const

/** The instant from which `businessDays` business days have elapsed at `now` (a search: elapsed time only grows). */
function enteredBefore(now: Date, businessDays: number): Date {
  let earliest = now.getTime() - 60 * 86_400_000
  let latest = now.getTime()
  for (let i = 0; i < 48; i++) {
    const middle = (earliest + latest) / 2
    if (businessDaysElapsed(new Date(middle), now) > businessDays) earliest = middle
    else latest = middle
  }
  return new Date(latest)
}

export function spreadServiceBadges(claims: DemoClaim[], now: Date, who: { executive: number; provider: number }): void {
  const groups = [
    claims.filter((c) => (c.statusId === 3 || c.statusId === 5 || c.statusId === 6) && c.idEjecutivo === who.executive),
    claims.filter((c) => c.statusId === 7 && c.idProveedor === who.provider),
    claims.filter((c) => c.statusId === 9),
  ]
  for (const group of groups) {
    group.forEach((claim, index) => {
      const share = TURNS[index % TURNS.length]
      if (share === null || share === undefined || !isTimedStage(claim.statusId)) return
      const entry = claim.history.at(-1)!
      const enteredAt = enteredBefore(now, DEFAULT_SERVICE_TARGETS[claim.statusId] * share)
      // Only ever later: the stage's entry stays after everything that happened before it.
      if (enteredAt.getTime() <= entry.fecha.getTime()) return
      entry.fecha = enteredAt
      claim.updatedAt = enteredAt
      if (claim.statusId === 9 && claim.invoice) claim.invoice.createdAt = enteredAt
    })
  }
}
