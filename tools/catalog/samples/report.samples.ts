import type { TraversalSamples } from '../../machineGraph/traversal'
import type { ReportFigures } from '../../../domain/contract/claims'
import { serverError } from './common'

/**
 * The figures of January 2025: 1,234 claims (a thousands separator to show), three stages, two weeks, and the
 * service levels of two stages with ended stays (the others without any).
 */
export const januaryStatistics: ReportFigures = {
  initDate: '2025-01-01',
  endDate: '2025-01-31',
  totalClaims: 1234,
  byStage: [
    { statusId: 1, value: 'Trámite iniciado', claims: 1000 },
    { statusId: 2, value: 'Carga de documentos', claims: 234 },
    { statusId: 8, value: 'Trámite concluido', claims: 0 },
  ],
  stageDays: [
    { statusId: 1, value: 'Trámite iniciado', stays: 1500, medianDays: 1.25, p90Days: 12.5 },
    { statusId: 2, value: 'Carga de documentos', stays: 0, medianDays: null, p90Days: null },
    { statusId: 8, value: 'Trámite concluido', stays: 0, medianDays: null, p90Days: null },
  ],
  weekly: [
    { weekStart: '2024-12-30', claims: 1200 },
    { weekStart: '2025-01-06', claims: 34 },
  ],
  serviceLevels: [
    { statusId: 3, value: 'Validación de documentos', targetDays: 2, onTime: 1100, late: 150, medianBusinessDays: 1.25 },
    { statusId: 5, value: 'Asignación de proveedor', targetDays: 1, onTime: 80, late: 20, medianBusinessDays: 0.5 },
    { statusId: 6, value: 'Carta autorización', targetDays: 3, onTime: 0, late: 0, medianBusinessDays: null },
  ],
}

export const reportSamples = {
  input: { today: '2026-01-15' },
  events: [
    { type: 'startDate.change', value: '2025-01-01' },
    { type: 'endDate.change', value: '2025-01-31' },
    { type: 'xstate.done.actor.loadStatistics', output: januaryStatistics },
    { type: 'xstate.error.actor.loadStatistics', error: serverError },
    { type: 'download.progress', rows: 10, bytes: 2048 },
    { type: 'download.done', rowCount: 12 },
    { type: 'download.done', rowCount: 0 },
    { type: 'download.failed', error: serverError },
  ],
} satisfies TraversalSamples
