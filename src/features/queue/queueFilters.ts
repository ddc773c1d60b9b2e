/**
 * The filters of 'Pendientes' live in the address (?etapa=3&estado=vencido&q=C300), so a view can be bookmarked and
 * shared. An unknown value is dropped (the list then shows everything), never sent to the server.
 */
import { SERVICE_BADGES, isTimedStage, type ServiceBadge, type TimedStageId } from '../../../domain/serviceLevels'

export interface QueueFilters {
  etapa: TimedStageId | null
  estado: ServiceBadge | null
  /** The search box's text as typed. */
  q: string
}

/** The badge's word in the address (Spanish, readable in a shared link). */
const BADGE_SLUGS: Readonly<Record<ServiceBadge, string>> = { onTime: 'a-tiempo', dueSoon: 'por-vencer', overdue: 'vencido' }

export function queueFiltersOf(params: URLSearchParams, stages: readonly TimedStageId[]): QueueFilters {
  const etapa = Number(params.get('etapa'))
  const badge = SERVICE_BADGES.find((candidate) => BADGE_SLUGS[candidate] === params.get('estado')) ?? null
  return {
    etapa: isTimedStage(etapa) && stages.includes(etapa) ? etapa : null,
    estado: badge,
    q: (params.get('q') ?? '').slice(0, 40),
  }
}

export function queueSearchParamsOf(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.etapa !== null) params.set('etapa', String(filters.etapa))
  if (filters.estado !== null) params.set('estado', BADGE_SLUGS[filters.estado])
  if (filters.q.trim() !== '') params.set('q', filters.q.trim())
  return params
}
