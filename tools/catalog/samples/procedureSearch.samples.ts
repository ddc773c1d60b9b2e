import type { ProcedureRow } from '../../../machines/procedureSearch.machine'
import type { TraversalSamples } from '../../machineGraph/traversal'

const person = { nombre: 'Ana', nombre2: 'María', apePat: 'López', apeMAt: 'Pérez' }

/** One row of the search answer (a coverage of collaborator 70123, no claim yet), with `over` changed. */
export const procedureRow = (over: Partial<ProcedureRow>): ProcedureRow => ({
  idColaborador: 70123,
  idCobertura: 1,
  descripcion: 'Gastos médicos',
  monto: 10000,
  montoAutorizado: null,
  idEvento: null,
  statusId: null,
  value: null,
  showCtaBtn: 1,
  ...person,
  ...over,
})

/** Coverage 1 may start a claim; 2 has an open claim; 3 has its flag off. */
export const PROCEDURE_ROWS: ProcedureRow[] = [
  procedureRow({ idCobertura: 1, idEvento: 101, statusId: 8, value: 'Trámite concluido', montoAutorizado: '2000.50' }),
  procedureRow({ idCobertura: 1, idEvento: 102, statusId: 10, value: 'Trámite rechazado', montoAutorizado: 1000 }),
  procedureRow({ idCobertura: 2, descripcion: 'Lentes', monto: '5000', idEvento: 201, statusId: 3, value: 'Validación de documentos', montoAutorizado: 500 }),
  procedureRow({ idCobertura: 3, descripcion: 'Dental', monto: 3000, showCtaBtn: 0 }),
]
/** The server's answer for a number with no collaborator: one row without idColaborador. */
export const NO_PROCEDURES: ProcedureRow[] = [procedureRow({ idColaborador: null })]
export const PROCEDURE_REFUSAL = 'El colaborador no está activo'

export const procedureSearchSamples = {
  events: [
    { type: 'search.change', value: ' 70123 ' },
    { type: 'xstate.done.actor.searchProcedures', output: PROCEDURE_ROWS },
    { type: 'xstate.done.actor.searchProcedures', output: NO_PROCEDURES },
    { type: 'xstate.error.actor.searchProcedures', error: { data: { success: false, reason: PROCEDURE_REFUSAL } } },
    { type: 'xstate.error.actor.searchProcedures', error: { message: 'Failed to fetch' } },
    { type: 'claim.create', idCobertura: 1 },
    { type: 'claim.create', idCobertura: 2 },
    { type: 'claim.open', idEvento: 201 },
    { type: 'claim.open', idEvento: 999 },
  ],
} satisfies TraversalSamples
