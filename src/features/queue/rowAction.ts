/** The screen where a queue row's action is taken, by the stage the claim waits in and the area it is shown in. */
import type { TimedStageId } from '../../../domain/serviceLevels'
import { claimPaths } from '../claimProcess/paths'
import { QUEUE_TEXTS as T } from './messages'

export type QueueArea = 'executive' | 'admin' | 'provider'

export interface QueueRowLike {
  idEvento: number
  statusId: TimedStageId
  idFactura: number | null
}

export function rowActionOf(area: QueueArea, row: QueueRowLike): { label: string; to: string } {
  const label = T.actions[row.statusId]
  if (area === 'provider') return { label, to: `/proveedores/cargar-factura/${row.idEvento}` }
  const paths = claimPaths(area, row.idEvento)
  switch (row.statusId) {
    case 3:
      return { label, to: paths.verification }
    case 5:
      return { label, to: paths.assignProvider ?? paths.general }
    case 6:
      return { label, to: paths.letter }
    case 9:
      return row.idFactura !== null
        ? { label, to: `/administrador/facturas/descargar-facturas/${row.idFactura}/${row.idEvento}` }
        : { label, to: paths.general }
    default:
      return { label, to: paths.general }
  }
}

/** The stages each area's queue holds: the filter offers only these. */
export const QUEUE_STAGES: Readonly<Record<QueueArea, readonly TimedStageId[]>> = {
  executive: [3, 5, 6],
  admin: [3, 5, 6, 9],
  provider: [7],
}
