import type { ClaimOverview } from '../../../machines/collaboratorClaim.machine'
import type { TraversalSamples } from '../../machineGraph/traversal'

/** Claim 500 as GET /api/event/by-id/500 answers it (shapes of domain/contract/claims.ts). */
export const CLAIM_500 = {
  idEvento: 500,
  idColaborador: 90251437,
  idCobertura: 1,
  idEjecutivo: 2,
  idProveedor: null,
  idServicio: null,
  statusId: 2,
  value: 'Carga de documentos',
  descripcion: 'Gastos médicos mayores',
  monto: 150000,
  montoAutorizado: 12345.5,
  usedAmount: 12345.5,
  montoUtilizado: 12345.5,
  montoDisponible: 137654.5,
  servicio: null,
  nombreProveedor: null,
  nombreEjecutivo: 'Laura Hernández',
  nombreColaborador: 'Ana Sofía Valenzuela Ruiz',
  beneficiary: 'Ana Sofía Valenzuela Ruiz',
  tipo: 'Digital',
  fechaIngreso: '2025-11-03T16:20:00.000Z',
}

/** The stages claim 500 went through, oldest first (GET /api/event/get-status/500). */
export const HISTORY_500 = [
  { status: 1, fecha: '2025-11-03T16:20:00.000Z', value: 'Trámite iniciado', actor: 'Ejecutivo: Laura Hernández' },
  { status: 2, fecha: '2025-11-04T17:00:00.000Z', value: 'Carga de documentos', actor: 'Colaborador' },
]

export const CLAIM_500_OVERVIEW: ClaimOverview = { claim: CLAIM_500, history: HISTORY_500 }
/** The same claim after a reload, one stage further. */
export const CLAIM_500_MOVED: ClaimOverview = {
  claim: { ...CLAIM_500, statusId: 3, value: 'Validación de documentos' },
  history: [...HISTORY_500, { status: 3, fecha: '2025-11-05T09:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' }],
}
const CLAIM_500_REFUSAL = { reason: 'No tiene permiso sobre este trámite', status: 403 }

export const collaboratorClaimSamples = {
  input: { idEvento: 500 },
  events: [
    { type: 'xstate.done.actor.loadOverview', output: CLAIM_500_OVERVIEW },
    { type: 'xstate.error.actor.loadOverview', error: CLAIM_500_REFUSAL },
    { type: 'xstate.error.actor.loadOverview', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.reloadOverview', output: CLAIM_500_MOVED },
    { type: 'xstate.error.actor.reloadOverview', error: CLAIM_500_REFUSAL },
    { type: 'tab.select', tab: 'tiempo' },
    { type: 'tab.select', tab: 'proceso' },
  ],
} satisfies TraversalSamples
