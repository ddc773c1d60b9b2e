/**
 * bulkApproval (issue 23): the administrator's 'Pendientes' selects invoices waiting for approval and approves them
 * together. The selection holds claim numbers (it outlives a page change); 'Aprobar seleccionadas' opens a dialog
 * that names how many and which; confirming sends them to the injected `approveInvoices` actor, which the server
 * answers claim by claim (each through the lifecycle on its own, in its own transaction): the result lists the
 * approved claims and the refused ones with the reason, and the selection keeps only the refused ones.
 *
 * States: `selecting` → `confirming` (the dialog; `approval.cancel` back with the selection kept) → `approving` →
 * `done` (the result; `result.dismiss` → `selecting`), or back to `confirming` with the failure when the call fails
 * as a whole (no claim was changed by a refused request).
 */
import { assign, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'

/** At most this many claims in one approval (the server's limit too). */
const BULK_APPROVAL_LIMIT = 50

export interface BulkApprovalOutcome {
  approved: number[]
  refused: { idEvento: number; reason: string }[]
}

export interface BulkApprovalContext {
  /** Selected claim numbers, in the order they were picked. */
  selected: number[]
  result: BulkApprovalOutcome | null
  /** Why the last request failed as a whole. */
  failure: string | null
}

type BulkApprovalEvent =
  | { type: 'selection.toggle'; idEvento: number }
  | { type: 'selection.clear' }
  | { type: 'approval.request' }
  | { type: 'approval.cancel' }
  | { type: 'approval.confirm' }
  | { type: 'result.dismiss' }

const BULK_APPROVAL_ERROR = 'No se pudieron aprobar las facturas. Intenta de nuevo.'

export const bulkApprovalMachine = setup({
  types: { context: {} as BulkApprovalContext, events: {} as BulkApprovalEvent },
  actors: { approveInvoices: toBeProvided<BulkApprovalOutcome, { idEventos: number[] }>('approveInvoices') },
  guards: {
    canToggle: ({ context, event }) =>
      event.type === 'selection.toggle' && (context.selected.includes(event.idEvento) || context.selected.length < BULK_APPROVAL_LIMIT),
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'selection.toggle') return context.selected
        return context.selected.includes(event.idEvento)
          ? context.selected.filter((id) => id !== event.idEvento)
          : [...context.selected, event.idEvento]
      },
    }),
    clear: assign({ selected: [] }),
    forgetFailure: assign({ failure: null }),
    storeResult: assign((_, result: BulkApprovalOutcome) => ({
      result,
      // What was refused stays selected, so the administrator can look at it and try again.
      selected: result.refused.map((refusal) => refusal.idEvento),
    })),
    storeFailure: assign((_, params: { error: unknown }) => ({ failure: failureReason(params.error, BULK_APPROVAL_ERROR) })),
    forgetResult: assign({ result: null }),
  },
}).createMachine({
  id: 'bulkApproval',
  context: { selected: [], result: null, failure: null },
  initial: 'selecting',
  states: {
    selecting: {
      description: 'Se marcan las facturas por aprobar (hasta 50).',
      meta: { view: 'Casillas en las filas de «Factura en revisión»; «Aprobar seleccionadas (n)» activo con alguna marcada' },
      on: {
        'selection.toggle': { guard: 'canToggle', actions: 'toggle' },
        'selection.clear': { actions: 'clear' },
        'approval.request': { guard: 'hasSelection', target: 'confirming' },
      },
    },
    confirming: {
      description: 'Diálogo que nombra cuántas y cuáles facturas se aprobarán.',
      meta: { view: 'Diálogo «¿Aprobar n facturas?» con la lista de trámites, «Aprobar» y «Cancelar»; alerta roja si el envío falló' },
      on: {
        'approval.cancel': { target: 'selecting', actions: 'forgetFailure' },
        'approval.confirm': { target: 'approving', actions: 'forgetFailure' },
      },
    },
    approving: {
      description: 'El servidor aprueba cada trámite por separado, con la misma regla que una aprobación.',
      meta: { view: 'Diálogo con «Aprobando…» en el botón' },
      invoke: {
        id: 'approveInvoices',
        src: 'approveInvoices',
        input: ({ context }) => ({ idEventos: context.selected }),
        onDone: { target: 'done', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: { target: 'confirming', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      description: 'El resultado: las aprobadas y las rechazadas con su motivo.',
      meta: { view: 'Aviso con «Aprobadas: …» y «No aprobadas: C12 (motivo)»; las no aprobadas siguen marcadas' },
      on: {
        'result.dismiss': { target: 'selecting', actions: 'forgetResult' },
        'selection.toggle': { guard: 'canToggle', target: 'selecting', actions: ['forgetResult', 'toggle'] },
      },
    },
  },
})

export type BulkApprovalSnapshot = SnapshotFrom<typeof bulkApprovalMachine>

export const selectDialogOpen = (snapshot: BulkApprovalSnapshot): boolean => snapshot.matches('confirming') || snapshot.matches('approving')
export const selectIsApproving = (snapshot: BulkApprovalSnapshot): boolean => snapshot.matches('approving')
export const selectCanRequest = (snapshot: BulkApprovalSnapshot): boolean => snapshot.can({ type: 'approval.request' })
