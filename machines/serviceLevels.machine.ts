/**
 * serviceLevels (issue 23): the administrator's 'Niveles de servicio'. Loads the targets and their change history,
 * keeps a draft per stage as typed, checks each with the domain's `serviceTargetReason` (the server runs the same
 * rule), and saves the stages whose draft differs from the target in force; the answer replaces both.
 *
 * States: `loading` → `editing` | `failed` (`load.retry`); `editing` → `saving` on `save` when every draft is valid
 * and one changed (else the reasons show) → `editing` with the notice, or with the server's reason.
 */
import { assign, setup } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason, LOAD_ERROR } from './failureReason'
import { serviceTargetReason, TIMED_STAGE_IDS, type TimedStageId } from '../domain/serviceLevels'
import type { SaveServiceTargetsBody, ServiceLevels } from '../domain/contract/serviceLevels'

/** What GET and PUT /api/service-levels answer: the targets in force and the newest changes. */
type ServiceLevelsData = ServiceLevels

export type TargetDrafts = Partial<Record<TimedStageId, string>>

export type SavedTargets = SaveServiceTargetsBody

interface ServiceLevelsContext {
  data: ServiceLevelsData | null
  drafts: TargetDrafts
  /** 'save' was tried: the reasons of invalid drafts show. */
  submitted: boolean
  failure: string | null
  saved: boolean
}

type ServiceLevelsEvent = { type: 'target.change'; statusId: TimedStageId; value: string } | { type: 'save' } | { type: 'load.retry' }

const draftsOf = (data: ServiceLevelsData): TargetDrafts =>
  Object.fromEntries(data.objetivos.map((target) => [target.statusId, String(target.diasHabiles)])) as TargetDrafts

/** Each stage's reason, or null; only the stages the data lists. */
export function draftReasons(drafts: TargetDrafts): Partial<Record<TimedStageId, string | null>> {
  return Object.fromEntries(
    TIMED_STAGE_IDS.filter((id) => drafts[id] !== undefined).map((id) => [id, serviceTargetReason(drafts[id] ?? '')]),
  )
}

/** The drafts that differ from the targets in force (valid ones only make it to a save). */
export function changedTargets(data: ServiceLevelsData | null, drafts: TargetDrafts): SavedTargets['objetivos'] {
  if (!data) return []
  return data.objetivos.flatMap((target) => {
    const draft = drafts[target.statusId]
    if (draft === undefined || serviceTargetReason(draft) !== null) return []
    const days = Number(draft.trim())
    return days === target.diasHabiles ? [] : [{ statusId: target.statusId, diasHabiles: days }]
  })
}

const SAVE_ERROR = 'No se pudieron guardar los niveles de servicio'

export const serviceLevelsMachine = setup({
  types: {
    context: {} as ServiceLevelsContext,
    events: {} as ServiceLevelsEvent,
  },
  actors: {
    loadLevels: toBeProvided<ServiceLevelsData>('loadLevels'),
    saveLevels: toBeProvided<ServiceLevelsData, SavedTargets>('saveLevels'),
  },
  guards: {
    canSave: ({ context }) =>
      Object.values(draftReasons(context.drafts)).every((reason) => reason === null) &&
      changedTargets(context.data, context.drafts).length > 0,
  },
  actions: {
    storeData: assign((_, data: ServiceLevelsData) => ({
      data,
      drafts: draftsOf(data),
      submitted: false,
      failure: null,
    })),
    storeLoadFailure: assign((_, params: { error: unknown }) => ({
      failure: failureReason(params.error, LOAD_ERROR),
    })),
    storeSaveFailure: assign((_, params: { error: unknown }) => ({
      failure: failureReason(params.error, SAVE_ERROR),
    })),
    storeDraft: assign({
      drafts: ({ context, event }) =>
        event.type === 'target.change' ? { ...context.drafts, [event.statusId]: event.value } : context.drafts,
      saved: false,
      failure: null,
    }),
    markSubmitted: assign({ submitted: true }),
    markSaved: assign({ saved: true }),
    forgetNotices: assign({ saved: false, failure: null }),
  },
}).createMachine({
  id: 'serviceLevels',
  context: {
    data: null,
    drafts: {},
    submitted: false,
    failure: null,
    saved: false,
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { view: 'Bloque «Cargando niveles de servicio…»' },
      invoke: {
        id: 'loadLevels',
        src: 'loadLevels',
        onDone: {
          target: 'editing',
          actions: { type: 'storeData', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'storeLoadFailure',
            params: ({ event }) => ({ error: event.error }),
          },
        },
      },
    },
    failed: {
      meta: { view: 'Banner rojo con el motivo y «Reintentar»' },
      on: { 'load.retry': { target: 'loading', actions: 'forgetNotices' } },
    },
    editing: {
      meta: {
        view: 'Una fila por etapa con su campo de días hábiles (motivo en ámbar si no es válido), «Guardar cambios» y el historial',
      },
      on: {
        'target.change': { actions: 'storeDraft' },
        save: [
          {
            guard: 'canSave',
            target: 'saving',
            actions: ['markSubmitted', 'forgetNotices'],
          },
          { actions: 'markSubmitted' },
        ],
      },
    },
    saving: {
      meta: { view: '«Guardar cambios» en carga' },
      invoke: {
        id: 'saveLevels',
        src: 'saveLevels',
        input: ({ context }) => ({
          objetivos: changedTargets(context.data, context.drafts),
        }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'storeData', params: ({ event }) => event.output }, 'markSaved'],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'storeSaveFailure',
            params: ({ event }) => ({ error: event.error }),
          },
        },
      },
    },
  },
})
