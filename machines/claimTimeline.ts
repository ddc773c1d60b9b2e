/**
 * The one stage timeline every role's claim view shows (the collaborator's 'Tiempo', the office's 'Etapas del
 * trámite'): the claim lifecycle's stages in its order (`claimTimeline`: done / current / pending), each reached
 * stage with when it was last reached and who moved it there, from the status history. A claim that went through
 * 'Documentos rechazados' and came back shows that detour too, as a done stage after 'Validación de documentos'.
 */
import { claimTimeline, type TimelineStep } from './claimLifecycle.machine'
import { CLAIM_STAGES, type ClaimStageId } from '../domain/claimStages'
import type { StatusHistoryEntry } from '../domain/contract/claims'

export interface TimelineEntry extends TimelineStep {
  /** ISO date the stage was (last) reached; null while pending or when the history lacks it. */
  fecha: string | null
  /** Who moved the claim to the stage, as the server lets the viewer see it ('Ejecutivo: Ana Soto'); null if unknown. */
  actor: string | null
}

export function timelineOf(statusId: number, history: readonly StatusHistoryEntry[]): TimelineEntry[] {
  const reached = new Map<number, StatusHistoryEntry>()
  for (const entry of history) reached.set(entry.status, entry)
  const steps: TimelineStep[] = claimTimeline(statusId)
  const rejectedDetour = 4 as ClaimStageId
  if (reached.has(rejectedDetour) && !steps.some((step) => step.statusId === rejectedDetour)) {
    const at = steps.findIndex((step) => step.statusId === 3)
    if (at >= 0 && steps[at]!.state === 'done') {
      steps.splice(at + 1, 0, { statusId: rejectedDetour, value: CLAIM_STAGES[rejectedDetour], state: 'done' })
    }
  }
  return steps.map((step) => {
    const entry = step.state === 'pending' ? undefined : reached.get(step.statusId)
    return { ...step, fecha: entry?.fecha ?? null, actor: entry?.actor ?? null }
  })
}
