/** The real actors of the executive screens: the src/api calls, which throw ApiError with the Spanish reason. */
import { fromRequest } from '../../lib/requestActor'
import type {
  CreateExecutivePayload,
  ExecutiveRecord,
  UpdateExecutivePayload,
} from '../../../machines/executiveForm.machine'
import type { LoadPageInput, PagedListPage, RowActionInput } from '../../../machines/pagedList.machine'
import { createExecutive, getExecutive, listExecutives, updateExecutive } from '../../api/executives'
import { deactivationPayload, type ExecutiveListItem } from './executiveRow'

export const executiveFormActors = {
  loadExecutive: fromRequest<ExecutiveRecord, { idUser: number }>(({ input, signal }) => getExecutive(input.idUser, signal)),
  createExecutive: fromRequest<{ idUser: number }, CreateExecutivePayload>(({ input, signal }) => createExecutive(input, signal)),
  updateExecutive: fromRequest<unknown, UpdateExecutivePayload>(({ input, signal }) => updateExecutive(input, signal)),
}

export const executiveListActors = {
  loadPage: fromRequest<PagedListPage<ExecutiveListItem>, LoadPageInput<ExecutiveListItem>>(async ({ input, signal }) => {
    const page = await listExecutives(input, signal)
    // Only what a row shows and the deactivation sends, absent fields as null: the list's context stays small.
    const items = page.items.map((row) => ({
      idUser: row.idUser,
      nombre: row.nombre ?? null,
      nombre2: row.nombre2 ?? null,
      apePat: row.apePat ?? null,
      apeMAt: row.apeMAt ?? null,
      email: row.email ?? null,
      telefono: row.telefono ?? null,
      activo: row.activo,
      ubicacionLaboral: row.ubicacionLaboral ?? null,
    }))
    return { items, total: page.total, totalCapped: page.totalCapped }
  }),
  /** The row's action is the deactivation. */
  rowAction: fromRequest<unknown, RowActionInput<ExecutiveListItem>>(({ input, signal }) =>
    updateExecutive(deactivationPayload(input.row), signal),
  ),
}
