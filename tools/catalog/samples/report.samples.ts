import type { TraversalSamples } from '../../machineGraph/traversal'
import type { ReportStatistics } from '../../../domain/contract/claims'
import { serverError } from './common'

/** The figures of January 2025: 1,234 claims (a thousands separator to show), three stages, two weeks. */
export const januaryStatistics: ReportStatistics = {
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
