/**
 * The real `downloadReport` of Reportes: GET the CSV, count its data rows, and save it as Reporte.csv only when it
 * has any (an empty report shows 'No hay datos para exportar' instead of saving a header-only file).
 */
import { fromRequest } from '../../lib/requestActor'
import type { DownloadReportInput } from '../../../machines/report.machine'
import { ApiReasonError, downloadReport } from '../../api/claims'
import { countCsvRows } from './csv'
import { saveBlob } from './saveFile'

export const downloadReportActor = fromRequest<{ rowCount: number }, DownloadReportInput>(async ({ input, signal }) => {
  const result = await downloadReport(input.initDate, input.endDate, signal)
  if (!result.success) throw new ApiReasonError(result.reason, result.status)
  const rowCount = countCsvRows(await result.blob.text())
  if (rowCount > 0) saveBlob(result.blob, input.fileName)
  return { rowCount }
})
