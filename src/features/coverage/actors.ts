/** The real actor of Inicio de trámite's machine: the procedure search, rows shaped as the machine reads them. */
import { fromRequest } from '../../lib/requestActor'
import type { ProcedureRow, SearchProceduresInput } from '../../../machines/procedureSearch.machine'
import { searchProcedures } from '../../api/claims'

export const searchProceduresActor = fromRequest<ProcedureRow[], SearchProceduresInput>(async ({ input, signal }) => {
  const rows = await searchProcedures(Number(input.idColaborador), signal)
  // The no-result row carries nulls everywhere; the machine only reads its idColaborador.
  return rows.map((row) => ({ ...row, idCobertura: row.idCobertura ?? 0, descripcion: row.descripcion ?? '' }))
})
