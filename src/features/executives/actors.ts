/** The real actors of the executive screens: the src/api calls, unwrapped so a failure throws its Spanish reason. */
import { fromRequest } from '../../lib/requestActor'
import type {
  CreateExecutivePayload,
  ExecutiveRecord,
  UpdateExecutivePayload,
} from '../../../machines/executiveForm.machine'
import { unwrap } from '../../api/claims'
import type { ExecutiveListItem, ExecutiveListPage, LoadExecutivesInput } from '../../../machines/executiveList.machine'
import { createExecutive, getExecutive, listExecutives, updateExecutive } from '../../api/executives'

export const executiveFormActors = {
  loadExecutive: fromRequest<ExecutiveRecord, { idUser: number }>(async ({ input, signal }) =>
    unwrap(await getExecutive(input.idUser, signal)) as ExecutiveRecord,
  ),
  createExecutive: fromRequest<{ idUser: number }, CreateExecutivePayload>(async ({ input, signal }) =>
    unwrap(await createExecutive(input, signal)),
  ),
  updateExecutive: fromRequest<unknown, UpdateExecutivePayload>(async ({ input, signal }) =>
    unwrap(await updateExecutive(input, signal)),
  ),
}

export const executiveListActors = {
  loadExecutives: fromRequest<ExecutiveListPage, LoadExecutivesInput>(async ({ input, signal }) => {
    const page = unwrap(await listExecutives(input, signal))
    return { items: page.items as ExecutiveListItem[], total: page.total }
  }),
  deactivateExecutive: fromRequest<unknown, UpdateExecutivePayload>(async ({ input, signal }) =>
    unwrap(await updateExecutive(input, signal)),
  ),
}
