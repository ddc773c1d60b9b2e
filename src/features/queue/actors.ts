/**
 * The real actors of 'Pendientes': one queue page for the filters of the address (pagedList machine; «Página
 * siguiente» and «Página anterior» continue from the row beside them by its key), and the bulk approval.
 */
import type { LoadPageInput, PagedListPage } from '../../../machines/pagedList.machine'
import type { BulkApprovalOutcome } from '../../../machines/bulkApproval.machine'
import type { QueuePage, QueueQuery } from '../../../domain/contract/serviceLevels'
import { approveInvoices, getQueuePage } from '../../api/serviceLevels'
import { fromRequest } from '../../lib/requestActor'
import type { QueueFilters } from './queueFilters'

export type QueueItem = QueuePage['items'][number]

export function loadQueueActor(filters: Omit<QueueFilters, 'q'>) {
  return fromRequest<PagedListPage<QueueItem>, LoadPageInput<QueueItem>>(async ({ input, signal }) => {
    const query: QueueQuery = {
      page: input.page,
      pageSize: input.pageSize,
      ...(input.q.trim() ? { q: input.q.trim() } : {}),
      ...(filters.etapa !== null ? { etapa: filters.etapa } : {}),
      ...(filters.estado !== null ? { estado: filters.estado } : {}),
    }
    if (input.beside && 'after' in input.beside) Object.assign(query, { after: input.beside.after.idEvento, vence: input.beside.after.vence })
    if (input.beside && 'before' in input.beside) Object.assign(query, { before: input.beside.before.idEvento, vence: input.beside.before.vence })
    const page = await getQueuePage(query, signal)
    return { items: page.items, total: page.total, totalCapped: page.totalCapped }
  })
}

export const approveInvoicesActor = fromRequest<BulkApprovalOutcome, { idEventos: number[] }>(async ({ input, signal }) => {
  const result = await approveInvoices(input.idEventos, signal)
  return {
    approved: result.aprobados.map((entry) => entry.idEvento),
    refused: result.rechazados.map((entry) => ({ idEvento: entry.idEvento, reason: entry.motivo })),
  }
})
