/**
 * Service levels per stage (issue 23): whom a claim's current stage waits on, how many business days the office
 * gives itself for it, and the state of the stage's clock. The server stores the due instants from these functions
 * when a claim enters a stage; the screens show the same state from the same functions.
 */
import { businessDaysElapsed, businessInstantAfter } from './businessDays'
import type { ClaimStageId } from './claimStages'

/** The parties a stage may wait on. */
export const WAITING_PARTIES = ['collaborator', 'executive', 'administrator', 'provider'] as const
export type WaitingParty = (typeof WAITING_PARTIES)[number]

const WAITING_PARTY_LABELS: Readonly<Record<WaitingParty, string>> = {
  collaborator: 'Colaborador',
  executive: 'Ejecutivo',
  administrator: 'Administrador',
  provider: 'Proveedor',
}

export const waitingPartyLabel = (party: WaitingParty): string => WAITING_PARTY_LABELS[party]

/** Stages with an office clock: those that wait on the office or the provider. */
export type TimedStageId = 3 | 5 | 6 | 7 | 9

/** Whom each timed stage waits on. */
const TIMED_STAGE_WAITS_ON: Readonly<Record<TimedStageId, WaitingParty>> = {
  3: 'executive',
  5: 'executive',
  6: 'executive',
  7: 'provider',
  9: 'administrator',
}

export const TIMED_STAGE_IDS: readonly TimedStageId[] = [3, 5, 6, 7, 9]

/** Whom a timed stage waits on. */
export const timedStageWaitsOn = (statusId: TimedStageId): WaitingParty => TIMED_STAGE_WAITS_ON[statusId]

export const isTimedStage = (statusId: number): statusId is TimedStageId => Object.hasOwn(TIMED_STAGE_WAITS_ON, statusId)

/**
 * Whom each stage waits on; the final stages wait on nobody. The collaborator's stages (no documents yet, some
 * uploaded, some rejected) stop the office's clock: the office cannot act until the collaborator does.
 */
export const STAGE_WAITS_ON: Readonly<Record<ClaimStageId, WaitingParty | null>> = {
  1: 'collaborator',
  2: 'collaborator',
  4: 'collaborator',
  ...TIMED_STAGE_WAITS_ON,
  8: null,
  10: null,
}

/** Business days allowed per timed stage. */
export type ServiceTargets = Readonly<Record<TimedStageId, number>>

/**
 * Defaults (README): documents verified within 2 business days, provider assigned within 1, letter and dictamen
 * within 3, the provider's invoice within 5 and its approval within 5. The administrator changes them on
 * 'Niveles de servicio'.
 */
export const DEFAULT_SERVICE_TARGETS: ServiceTargets = { 3: 2, 5: 1, 6: 3, 7: 5, 9: 5 }

/** A target is a whole number of business days from 1 to 60. */
const SERVICE_TARGET_RANGE = { min: 1, max: 60 } as const

const SERVICE_TARGET_MESSAGES = {
  required: 'Campo requerido',
  notWhole: 'Escribe un número entero de días hábiles',
  outOfRange: `El objetivo debe estar entre ${SERVICE_TARGET_RANGE.min} y ${SERVICE_TARGET_RANGE.max} días hábiles`,
} as const

/** Why a typed or sent target is refused, or null. */
export function serviceTargetReason(value: string | number): string | null {
  const text = String(value).trim()
  if (text === '') return SERVICE_TARGET_MESSAGES.required
  if (!/^\d+$/.test(text)) return SERVICE_TARGET_MESSAGES.notWhole
  const days = Number(text)
  if (days < SERVICE_TARGET_RANGE.min || days > SERVICE_TARGET_RANGE.max) return SERVICE_TARGET_MESSAGES.outOfRange
  return null
}

/** The share of a target after which a stage is 'Por vencer'. */
const DUE_SOON_SHARE = 0.8

export const SERVICE_BADGES = ['onTime', 'dueSoon', 'overdue'] as const
export type ServiceBadge = (typeof SERVICE_BADGES)[number]

const SERVICE_BADGE_LABELS: Readonly<Record<ServiceBadge, string>> = {
  onTime: 'A tiempo',
  dueSoon: 'Por vencer',
  overdue: 'Vencido',
}

export const serviceBadgeLabel = (badge: ServiceBadge): string => SERVICE_BADGE_LABELS[badge]

/** The two instants a timed stage's badge changes at: 'Por vencer' from `dueSoonAt`, 'Vencido' after `dueAt`. */
export interface StageDeadlines {
  dueSoonAt: Date
  dueAt: Date
}

/** A stage overdue by its whole target again (twice the target used) is escalated to the administrators. */
const ESCALATION_SHARE = 2

/** When a stage entered at `enteredAt` with a target of `targetDays` business days becomes due soon, due, and escalated. */
export function stageDeadlines(enteredAt: Date, targetDays: number): StageDeadlines & { escalateAt: Date } {
  return {
    dueSoonAt: businessInstantAfter(enteredAt, targetDays * DUE_SOON_SHARE),
    dueAt: businessInstantAfter(enteredAt, targetDays),
    escalateAt: businessInstantAfter(enteredAt, targetDays * ESCALATION_SHARE),
  }
}

/** The timed stages that wait on one of `parties` (a queue's scope: an executive's stages, the office's…). */
export const timedStagesWaitingOn = (parties: readonly WaitingParty[]): TimedStageId[] =>
  TIMED_STAGE_IDS.filter((id) => parties.includes(TIMED_STAGE_WAITS_ON[id]))

/**
 * The latest due instant a 'Por vencer' stage among `stages` can have at `now`: its last 20 % of the longest of their
 * targets in force is still ahead. A reader of stored clocks bounds its range of due instants with it instead of
 * reading every later clock; a scope bounds it by its own stages (an executive's queue never holds the provider's
 * 5-day stage, so its range ends at 20 % of 3 days, not of 5).
 */
export function dueSoonHorizon(now: Date, targets: ServiceTargets, stages: readonly TimedStageId[] = TIMED_STAGE_IDS): Date {
  return businessInstantAfter(now, Math.max(...stages.map((id) => targets[id])) * (1 - DUE_SOON_SHARE))
}

/** The badge at `now` of a stage with these deadlines: 'Vencido' once past the due instant. */
export function badgeAt(deadlines: StageDeadlines, now: Date): ServiceBadge {
  if (now.getTime() > deadlines.dueAt.getTime()) return 'overdue'
  if (now.getTime() >= deadlines.dueSoonAt.getTime()) return 'dueSoon'
  return 'onTime'
}

export interface StageClock extends StageDeadlines {
  waitsOn: WaitingParty
  targetDays: number
  /** Business days spent in the stage so far (fractions included). */
  businessDaysUsed: number
  badge: ServiceBadge
}

/**
 * The clock of a claim's current stage at `now`, or null when the stage has none (it waits on the collaborator, or
 * the claim is final).
 */
export function stageClock(statusId: number, enteredAt: Date, now: Date, targets: ServiceTargets = DEFAULT_SERVICE_TARGETS): StageClock | null {
  if (!isTimedStage(statusId)) return null
  const targetDays = targets[statusId]
  const { dueSoonAt, dueAt } = stageDeadlines(enteredAt, targetDays)
  return {
    waitsOn: TIMED_STAGE_WAITS_ON[statusId],
    targetDays,
    businessDaysUsed: businessDaysElapsed(enteredAt, now),
    badge: badgeAt({ dueSoonAt, dueAt }, now),
    dueSoonAt,
    dueAt,
  }
}
