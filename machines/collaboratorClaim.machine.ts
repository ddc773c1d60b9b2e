/**
 * collaboratorClaim: the collaborator's claim as /home-colaborador (the current claim card) and the 'Tiempo' tab of
 * /home-colaborador/carga-de-datos/{idEvento} show it (spec 2.8): the claim record and its stage history, loaded
 * together, plus which tab of the upload page is open.
 *
 * States: `loading` → `ready` | `failed` (alert 'Error' or the server's reason; `claim.reload` retries).
 * `ready` → `refreshing` on `claim.reload` (after an upload changed the stage) → `ready`; a failed refresh keeps
 * the last claim on screen. `tab.select` ('proceso' | 'tiempo') is accepted in every state.
 *
 * It lives with the screens it serves and follows the machines/ conventions (named actors, placeholders injected
 * with `.provide()`, no fetch or React here).
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { timelineOf, type TimelineEntry } from './claimTimeline'
import { failureReason, LOAD_ERROR } from './failureReason'
import type { ClaimRecord, StatusHistoryEntry } from '../domain/contract/claims'
import { idEventoInput } from './pageAlert'
import { collaboratorNextStep, type CollaboratorNextStep, type DocumentStatusByTipo } from '../domain/collaboratorNextStep'
import { stageClock, type ServiceTargets } from '../domain/serviceLevels'

export { timelineOf, type TimelineEntry } from './claimTimeline'

/** What the collaborator's claim card reads of the claim record. */
export type CollaboratorClaim = Pick<
  ClaimRecord,
  'idEvento' | 'idColaborador' | 'statusId' | 'value' | 'descripcion' | 'montoAutorizado' | 'nombreColaborador' | 'beneficiary' | 'fechaIngreso'
>

export type CollaboratorTab = 'proceso' | 'tiempo'

/** What the home needs to say what comes next and by when (issue 23): each document's status and the targets. */
export interface NextStepFacts {
  documents: DocumentStatusByTipo
  targets: ServiceTargets
}

export interface ClaimOverview {
  claim: CollaboratorClaim
  history: StatusHistoryEntry[]
  /** Absent where the screen does not show the next step (the timeline's reload). */
  nextStep?: NextStepFacts
}

export interface CollaboratorClaimContext {
  idEvento: number
  tab: CollaboratorTab
  claim: CollaboratorClaim | null
  history: StatusHistoryEntry[]
  nextStep: NextStepFacts | null
  alert: string | null
}

export type CollaboratorClaimEvent = { type: 'claim.reload' } | { type: 'tab.select'; tab: CollaboratorTab }

export const collaboratorClaimMachine = setup({
  types: {
    context: {} as CollaboratorClaimContext,
    events: {} as CollaboratorClaimEvent,
    input: {} as { idEvento: number; tab?: CollaboratorTab },
  },
  actors: {
    loadOverview: toBeProvided<ClaimOverview, { idEvento: number }>('loadOverview'),
  },
  guards: {
    isKnownTab: ({ event }) => event.type === 'tab.select' && (event.tab === 'proceso' || event.tab === 'tiempo'),
  },
  actions: {
    storeOverview: assign((_, overview: ClaimOverview) => ({
      claim: overview.claim,
      history: overview.history,
      nextStep: overview.nextStep ?? null,
      alert: null,
    })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    storeTab: assign(({ context, event }) => ({ tab: event.type === 'tab.select' ? event.tab : context.tab })),
  },
}).createMachine({
  id: 'collaboratorClaim',
  context: ({ input }) => ({ idEvento: input.idEvento, tab: input.tab ?? 'proceso', claim: null, history: [], nextStep: null, alert: null }),
  initial: 'loading',
  on: { 'tab.select': { guard: 'isKnownTab', actions: 'storeTab' } },
  states: {
    loading: {
      meta: { view: 'Bloque de carga «Cargando tu trámite…» (inicio) o «Cargando las etapas…» (pestaña «Tiempo»)' },
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeOverview', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, LOAD_ERROR) }) },
        },
      },
    },
    ready: {
      meta: { view: 'Tarjeta «Trámite actual» (Titular, Etapa actual, Suma reclamada, Número de trámite); «Tiempo»: etapas con fechas' },
      on: { 'claim.reload': 'refreshing' },
    },
    refreshing: {
      description: 'Se relee el trámite tras una carga que pudo cambiar la etapa; se sigue mostrando el último leído.',
      meta: { view: 'Igual que listo: el último trámite y sus etapas, sin indicador de carga' },
      invoke: {
        id: 'reloadOverview',
        src: 'loadOverview',
        input: idEventoInput,
        onDone: { target: 'ready', actions: { type: 'storeOverview', params: ({ event }) => event.output } },
        // The claim on screen is still the last one read.
        onError: 'ready',
      },
    },
    failed: {
      meta: { view: 'Banner rojo con el motivo o «Error» y botón «Reintentar»' },
      on: { 'claim.reload': 'loading' },
    },
  },
})

export type CollaboratorClaimSnapshot = SnapshotFrom<typeof collaboratorClaimMachine>

export const selectIsLoading = (snapshot: CollaboratorClaimSnapshot): boolean => snapshot.matches('loading')
export const selectAlert = (snapshot: CollaboratorClaimSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.alert : null
export const selectClaim = (snapshot: CollaboratorClaimSnapshot): CollaboratorClaim | null => snapshot.context.claim

export const selectTimeline = (snapshot: CollaboratorClaimSnapshot): TimelineEntry[] =>
  snapshot.context.claim ? timelineOf(snapshot.context.claim.statusId, snapshot.context.history) : []

/**
 * What the home says comes next ('Sube tus tres documentos', 'Vuelve a subir: Resumen médico') and, while the claim
 * waits on the office or the provider, by when the office expects to finish the stage: the due instant of the stage's
 * clock from its entry (the last history row of the current stage) and the targets in force, as the server computes
 * it. Null until the facts are loaded.
 */
export function selectNextStep(snapshot: CollaboratorClaimSnapshot, now: Date): (CollaboratorNextStep & { dueAt: Date | null }) | null {
  const { claim, history, nextStep } = snapshot.context
  if (!claim || !nextStep) return null
  const step = collaboratorNextStep(claim.statusId, nextStep.documents)
  const entry = [...history].reverse().find((row) => row.status === claim.statusId)
  const clock = entry ? stageClock(claim.statusId, new Date(entry.fecha), now, nextStep.targets) : null
  return { ...step, dueAt: clock ? clock.dueAt : null }
}
