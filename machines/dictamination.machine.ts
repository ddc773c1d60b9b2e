/**
 * Dictamen of a claim, on the authorization letter page: choose a PDF and a status (approved or rejected); saving
 * first attaches the file to the claim, then saves the dictamination (spec 2.11 'Authorization letter', 3
 * 'Dictamination', 4 'Dictamination', 5 'Dictamination' and 'Uploads').
 *
 * States: loading → editing (blank | approved | rejected) → confirming → attaching → saving → loading (reload) ;
 * loadFailed (alert 'Error', retry). A dictamen decides the claim (approved: Facturación; rejected: the claim ends)
 * and cannot be taken back, so 'Guardar' first asks for confirmation (`dictamination.confirm` / `.cancel`). 'Guardar' is offered only in approved or rejected with a file; a failed step returns to
 * the chosen status with an alert.
 */
import { and, assign, emit, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'
import { isPdfUpload } from './claimDocuments.machine'
import { NOT_A_PDF, type PickedFile } from './uploadFiles'
import { alertDismissal, alertGuards, idEventoInput, loadFailedState, toLoadFailed } from './pageAlert'

/** GET /api/file/get-dictamination/{idEvento} (spec section 3). */
export interface Dictamination {
  nombre: string
  url: string
  comentario: string | null
  dictaminacion: '1' | '0' | 1 | 0
}

export type DictaminationStatus = 'approved' | 'rejected'
export const DICTAMINATION_STATUS_OPTIONS = [
  { value: 'approved', label: 'Aprobado' },
  { value: 'rejected', label: 'Rechazado' },
] as const
const DICTAMINATION_ERROR = 'Error'

export interface AttachFileInput {
  idEvento: number
  file: PickedFile
}

/** POST /api/file/add-dictamination: dictaminacion 1 approved, 0 rejected. */
export interface SaveDictaminationInput {
  idEvento: number
  dictaminacion: 1 | 0
  file: PickedFile
  /** What the attach step answered (for an API that links the attached file instead of sending it again). */
  attached: unknown
}

export interface DictaminationContext {
  idEvento: number
  readOnly: boolean
  /** The saved dictamination, if any. */
  current: Dictamination | null
  /** The picked PDF, kept until it is saved (a File handle: the one non-plain value of this context). */
  file: PickedFile | null
  /** The status being saved (set when 'Guardar' is pressed). */
  saving: DictaminationStatus | null
  attached: unknown
  alert: string | null
}

export type DictaminationEvent =
  | { type: 'status.select'; status: DictaminationStatus }
  | { type: 'file.select'; file: PickedFile; firstBytes?: string }
  | { type: 'file.clear' }
  | { type: 'dictamination.save' }
  | { type: 'dictamination.confirm' }
  | { type: 'dictamination.cancel' }
  | { type: 'dictamination.reload' }
  /** 'Cancelar carga' while the PDF is sending (issue 22): the upload stops, the choice stays to save again. */
  | { type: 'upload.cancel' }
  | { type: 'alert.dismiss' }

const isApproved = (d: Dictamination | null) => d !== null && String(d.dictaminacion) === '1'

export const dictaminationMachine = setup({
  types: {
    context: {} as DictaminationContext,
    events: {} as DictaminationEvent,
    input: {} as { idEvento: number; readOnly?: boolean },
    emitted: {} as { type: 'dictamination.saved'; idEvento: number; status: DictaminationStatus },
  },
  actors: {
    loadDictamination: toBeProvided<Dictamination | null, { idEvento: number }>('loadDictamination'),
    attachDictaminationFile: toBeProvided<unknown, AttachFileInput>('attachDictaminationFile'),
    saveDictamination: toBeProvided<unknown, SaveDictaminationInput>('saveDictamination'),
  },
  guards: {
    canEdit: ({ context }) => !context.readOnly,
    isPdf: ({ event }) => event.type === 'file.select' && isPdfUpload(event.file, event.firstBytes),
    hasFile: ({ context }) => context.file !== null,
    isApprovedChoice: ({ event }) => event.type === 'status.select' && event.status === 'approved',
    isRejectedChoice: ({ event }) => event.type === 'status.select' && event.status === 'rejected',
    savedApproved: (_, current: Dictamination | null) => current !== null && isApproved(current),
    savedRejected: (_, current: Dictamination | null) => current !== null && !isApproved(current),
    wasSavingApproved: ({ context }) => context.saving === 'approved',
    ...alertGuards,
  },
  actions: {
    storeCurrent: assign((_, current: Dictamination | null) => ({ current, file: null, saving: null, attached: null })),
    storeFile: assign({ file: ({ context, event }) => (event.type === 'file.select' ? event.file : context.file), alert: null }),
    clearFile: assign({ file: null }),
    startSaving: assign((_, params: { status: DictaminationStatus }) => ({ saving: params.status, alert: null })),
    stopSaving: assign({ saving: null }),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
    emitSaved: emit(({ context }) => ({
      type: 'dictamination.saved' as const,
      idEvento: context.idEvento,
      status: context.saving ?? 'rejected',
    })),
  },
}).createMachine({
  id: 'dictamination',
  context: ({ input }) => ({
    idEvento: input.idEvento,
    readOnly: input.readOnly ?? false,
    current: null,
    file: null,
    saving: null,
    attached: null,
    alert: null,
  }),
  initial: 'loading',
  on: alertDismissal,
  states: {
    loading: {
      description: 'Se pide el dictamen actual (GET /api/file/get-dictamination); también tras guardar.',
      meta: { view: 'Tarjeta «Carga de dictamen» con indicador «Cargando dictamen…»' },
      invoke: {
        id: 'loadDictamination',
        src: 'loadDictamination',
        input: idEventoInput,
        onDone: [
          {
            guard: { type: 'savedApproved', params: ({ event }) => event.output },
            target: 'editing.approved',
            actions: { type: 'storeCurrent', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'savedRejected', params: ({ event }) => event.output },
            target: 'editing.rejected',
            actions: { type: 'storeCurrent', params: ({ event }) => event.output },
          },
          { target: 'editing.blank', actions: { type: 'storeCurrent', params: ({ event }) => event.output } },
        ],
        onError: toLoadFailed,
      },
    },
    loadFailed: loadFailedState('dictamination.reload', { view: 'Banner rojo «Error» y botón «Reintentar» en la tarjeta del dictamen' }),
    editing: {
      meta: { view: '«Dictamen actual», «Seleccionar archivo» (PDF), «Estatus del dictamen» y «Guardar dictamen»' },
      initial: 'blank',
      on: {
        'status.select': [
          { guard: and(['canEdit', 'isApprovedChoice']), target: '.approved' },
          { guard: and(['canEdit', 'isRejectedChoice']), target: '.rejected' },
        ],
        'file.select': [
          { guard: and(['canEdit', 'isPdf']), actions: 'storeFile' },
          { guard: 'canEdit', actions: { type: 'showAlert', params: { message: NOT_A_PDF } } },
        ],
        'file.clear': { guard: and(['canEdit', 'hasFile']), actions: 'clearFile' },
      },
      states: {
        blank: {
          description: 'Sin estatus elegido.',
          meta: { view: 'Estatus sin elegir; «Guardar dictamen» deshabilitado con «Seleccione un archivo PDF y un estatus.»' },
        },
        approved: {
          meta: { view: 'Estatus «Aprobado» elegido; «Guardar dictamen» habilitado solo con un archivo PDF elegido' },
          on: {
            'dictamination.save': {
              guard: and(['canEdit', 'hasFile']),
              target: '#dictamination.confirming',
              actions: { type: 'startSaving', params: { status: 'approved' } },
            },
          },
        },
        rejected: {
          meta: { view: 'Estatus «Rechazado» elegido; «Guardar dictamen» habilitado solo con un archivo PDF elegido' },
          on: {
            'dictamination.save': {
              guard: and(['canEdit', 'hasFile']),
              target: '#dictamination.confirming',
              actions: { type: 'startSaving', params: { status: 'rejected' } },
            },
          },
        },
      },
    },
    confirming: {
      description: 'El dictamen no se puede deshacer: se pide confirmar lo que pasará con el trámite.',
      meta: {
        view: 'Diálogo «¿Guardar el dictamen?»: aprobado pasa el trámite a «Facturación»; rechazado lo concluye como «Trámite rechazado»; «Guardar dictamen» y «Cancelar»',
      },
      on: {
        'dictamination.confirm': 'attaching',
        'dictamination.cancel': [
          { guard: 'wasSavingApproved', target: 'editing.approved', actions: 'stopSaving' },
          { target: 'editing.rejected', actions: 'stopSaving' },
        ],
      },
    },
    attaching: {
      description: 'Primer paso del guardado: se adjunta el archivo al trámite.',
      meta: { view: '«Guardando dictamen…» con indicador de carga; archivo y estatus no editables' },
      invoke: {
        id: 'attachDictaminationFile',
        src: 'attachDictaminationFile',
        input: ({ context }) => ({ idEvento: context.idEvento, file: context.file! }),
        onDone: { target: 'saving', actions: assign({ attached: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'wasSavingApproved',
            target: 'editing.approved',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, DICTAMINATION_ERROR) }) },
          },
          {
            target: 'editing.rejected',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, DICTAMINATION_ERROR) }) },
          },
        ],
      },
    },
    saving: {
      description: 'Segundo paso: se guarda el dictamen (POST /api/file/add-dictamination); luego se recarga.',
      meta: { view: '«Guardando dictamen…» con la barra «1.2 de 3.0 MB», tiempo restante y «Cancelar carga»; archivo y estatus no editables' },
      on: {
        // Leaving the state stops the transport, which cancels the upload on the server; nothing was saved.
        'upload.cancel': [
          { guard: 'wasSavingApproved', target: 'editing.approved', actions: 'stopSaving' },
          { target: 'editing.rejected', actions: 'stopSaving' },
        ],
      },
      invoke: {
        id: 'saveDictamination',
        src: 'saveDictamination',
        input: ({ context }) => ({
          idEvento: context.idEvento,
          dictaminacion: context.saving === 'approved' ? 1 : 0,
          file: context.file!,
          attached: context.attached,
        }),
        onDone: { target: 'loading', actions: 'emitSaved' },
        onError: [
          {
            guard: 'wasSavingApproved',
            target: 'editing.approved',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, DICTAMINATION_ERROR) }) },
          },
          {
            target: 'editing.rejected',
            actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, DICTAMINATION_ERROR) }) },
          },
        ],
      },
    },
  },
})

export type DictaminationSnapshot = SnapshotFrom<typeof dictaminationMachine>

/** 'Guardar' enabled: a file and a status. */
export const selectCanSaveDictamination = (snapshot: DictaminationSnapshot): boolean => snapshot.can({ type: 'dictamination.save' })

/** The chosen status, or null while blank (and while not editing). */
export const selectChosenStatus = (snapshot: DictaminationSnapshot): DictaminationStatus | null =>
  snapshot.matches({ editing: 'approved' }) ? 'approved' : snapshot.matches({ editing: 'rejected' }) ? 'rejected' : null

/** The status waiting for confirmation, or null when no confirmation is asked. */
export const selectConfirming = (snapshot: DictaminationSnapshot): DictaminationStatus | null =>
  snapshot.matches('confirming') ? snapshot.context.saving : null

export const selectIsSaving = (snapshot: DictaminationSnapshot): boolean =>
  snapshot.matches('attaching') || snapshot.matches('saving')
