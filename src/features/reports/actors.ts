/**
 * The real actors of Reportes:
 * - `loadStatisticsActor`: GET the figures of the period, the statistics and the service-level compliance side by side
 *   (two calls: the compliance counts business days per stay, the statistics read aggregates; neither waits for the
 *   other's server work);
 * - `downloadReportActor`: opens where Reporte.csv goes (the save dialog where the browser has one), streams the CSV
 *   into it chunk by chunk while counting rows on the bytes, reports rows and bytes received, and keeps the file only
 *   when it has rows (an empty report shows 'No hay datos para exportar' and leaves no header-only file). Stopping it
 *   aborts the request and discards the file.
 */
import { fromCallback, type EventObject } from 'xstate'
import { fromRequest } from '../../lib/requestActor'
import type { DownloadActorEvent, DownloadReportInput, LoadStatisticsInput } from '../../../machines/report.machine'
import type { ReportFigures } from '../../../domain/contract/claims'
import { getReportServiceLevels, getReportStatistics, streamReport } from '../../api/claims'
import { createCsvRowCounter } from './csv'
import { openFileSink } from './saveFile'

export const loadStatisticsActor = fromRequest<ReportFigures, LoadStatisticsInput>(async ({ input, signal }) => {
  const [statistics, serviceLevels] = await Promise.all([
    getReportStatistics(input.initDate, input.endDate, signal),
    getReportServiceLevels(input.initDate, input.endDate, signal),
  ])
  return { ...statistics, serviceLevels: serviceLevels.stages }
})

/** Streams the report to a file; the data rows written, or null when the save dialog was closed. */
async function streamReportToFile(
  input: DownloadReportInput,
  signal: AbortSignal,
  onProgress: (rows: number, bytes: number) => void,
): Promise<number | null> {
  const sink = await openFileSink(input.fileName)
  if (!sink) return null
  try {
    const reader = (await streamReport(input.initDate, input.endDate, signal)).getReader()
    const counter = createCsvRowCounter()
    let bytes = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      await sink.write(value)
      counter.push(value)
      bytes += value.byteLength
      onProgress(counter.rows, bytes)
    }
    const rows = counter.finish()
    await (rows > 0 ? sink.close() : sink.discard())
    return rows
  } catch (error) {
    await sink.discard().catch(() => {})
    throw error
  }
}

export const downloadReportActor = fromCallback<EventObject, DownloadReportInput>(({ input, sendBack }) => {
  const controller = new AbortController()
  // A stopped download's outcome belongs to nobody (see src/lib/requestActor.ts).
  const send = (event: DownloadActorEvent) => {
    if (!controller.signal.aborted) sendBack(event)
  }
  streamReportToFile(input, controller.signal, (rows, bytes) => send({ type: 'download.progress', rows, bytes })).then(
    (rows) => send(rows === null ? { type: 'download.cancelled' } : { type: 'download.done', rowCount: rows }),
    (error: unknown) => send({ type: 'download.failed', error }),
  )
  return () => controller.abort()
})
