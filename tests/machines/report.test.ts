/**
 * Model-based tests of Reportes: every shortest path and every transition, on a real actor whose download waits on
 * a deferred promise, with the 10 s error banner on fake timers.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'
import {
  NO_DATA_MESSAGE,
  isValidPeriod,
  reportMachine,
  selectBanner,
  selectCanDownload,
  selectDownloadProgress,
  selectIsDownloading,
  selectPeriodInverted,
  selectPeriodReasons,
  selectStatisticsView,
  type DownloadReportInput,
} from '../../machines/report.machine'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, replayEachPath, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'
import { januaryStatistics } from '../../tools/catalog/samples/report.samples'

const SERVER_REASON = 'El periodo no puede exceder un año'
const STATS_REASON = 'Fecha inválida: use el formato AAAA-MM-DD'
const EVENTS = [
  { type: 'reportType.select', value: 'tramites' },
  { type: 'startDate.change', value: '2025-01-01' },
  { type: 'startDate.change', value: '2025-02-15' },
  { type: 'endDate.change', value: '2025-01-31' },
  { type: 'xstate.done.actor.loadStatistics', output: januaryStatistics },
  { type: 'xstate.error.actor.loadStatistics', error: new ApiError(STATS_REASON, 400) },
  { type: 'statistics.retry' },
  { type: 'download.progress', rows: 10, bytes: 2048 },
  { type: 'download.done', rowCount: 42 },
  { type: 'download.done', rowCount: 0 },
  { type: 'download.cancelled' },
  { type: 'download.failed', error: new ApiError(SERVER_REASON, 400) },
] as const

const INPUT = { today: '2026-01-15' }
/** The graph's state key: the state, the dates and what the screen shows (not the whole figures object). */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { startDate, endDate, banner, lastRowCount, progress, statistics, statisticsReason } = snapshot.context
  return JSON.stringify([snapshot.value, startDate, endDate, banner, lastRowCount, progress, statistics !== null, statisticsReason])
}
const generated = generatePaths(reportMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest', serializeState })
const coverage = recordCoverage(reportMachine, { input: INPUT })

/** A callback actor that records each download it is asked for; the path sends its `download.*` events itself. */
function downloadStub() {
  const calls: DownloadReportInput[] = []
  let stopped = 0
  const logic = fromCallback<EventObject, DownloadReportInput>(({ input }) => {
    calls.push(input)
    return () => void stopped++
  })
  return { logic, calls, stopped: () => stopped }
}

describe('report: pure rules', () => {
  it('needs both dates, the start not after the end', () => {
    expect(isValidPeriod('2025-01-01', '2025-06-30')).toBe(true)
    expect(isValidPeriod('2025-06-30', '2025-06-30')).toBe(true)
    expect(isValidPeriod('2025-07-01', '2025-06-30')).toBe(false)
    expect(isValidPeriod('', '2025-06-30')).toBe(false)
    expect(isValidPeriod('2025-01-01', '')).toBe(false)
    expect(isValidPeriod('2025-02-30', '2025-06-30')).toBe(false)
  })
})

describeReachability('report', reportMachine, generated.shortest)

describe('report: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof reportMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadStatistics')
    const download = downloadStub()
    actor = createActor(reportMachine.provide({ actors: { loadStatistics: stub.loadStatistics.logic, downloadReport: download.logic } }), {
      input: INPUT,
      inspect: coverage.inspect,
    }).start()

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { startDate, endDate, banner, progress, statistics } = real.context
      const periodOk = startDate !== '' && endDate !== '' && startDate <= endDate
      const downloading = real.matches({ download: 'downloading' })
      expect(selectCanDownload(real)).toBe(!downloading && periodOk)
      expect(selectPeriodInverted(real)).toBe(startDate === '2025-02-15' && endDate === '2025-01-31')
      expect(selectIsDownloading(real)).toBe(downloading)
      if (downloading) {
        expect(download.calls.at(-1)).toEqual({ reportType: 'tramites', initDate: '2025-01-01', endDate: '2025-01-31', fileName: 'Reporte.csv' })
        // The bar fills against the CSV's row count only when the figures shown are for the period downloading.
        const sameFigures = real.matches({ statistics: 'ready' }) && statistics?.initDate === startDate && statistics.endDate === endDate
        expect(selectDownloadProgress(real)).toEqual({ ...progress, expectedRows: sameFigures ? 1234 : null })
      } else {
        expect(progress).toBeNull()
        expect(selectDownloadProgress(real)).toBeNull()
      }
      expect(banner === null || real.matches({ download: 'errorBanner' })).toBe(true)
      expect(selectBanner(real)).toBe(real.matches({ download: 'errorBanner' }) ? banner : null)
      if (real.matches({ download: 'errorBanner' })) expect([NO_DATA_MESSAGE, SERVER_REASON]).toContain(banner)

      const view = selectStatisticsView(real)
      if (!periodOk) expect(view).toEqual({ status: 'noPeriod' })
      if (real.matches({ statistics: 'loading' })) expect(stub.loadStatistics.last.input).toEqual({ initDate: startDate, endDate })
      if (real.matches({ statistics: 'ready' })) expect(view).toEqual({ status: 'ready', statistics: januaryStatistics })
      if (real.matches({ statistics: 'failed' })) expect(view).toEqual({ status: 'failed', reason: STATS_REASON })
      if (real.matches({ statistics: 'loading' })) expect(view).toEqual({ status: 'loading' })
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      delays: { reportErrorBanner: 10_000 },
    })
  })

  it('refuses a period with an unreadable or future date, and names why (issue 15)', () => {
    actor = createActor(reportMachine, { input: INPUT }).start()
    actor.send({ type: 'startDate.change', value: '2026-01-01' })
    actor.send({ type: 'endDate.change', value: 'abc' })
    expect(selectCanDownload(actor.getSnapshot())).toBe(false)
    expect(selectPeriodReasons(actor.getSnapshot())).toEqual({ startDate: null, endDate: 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA' })
    actor.send({ type: 'endDate.change', value: '2026-01-16' })
    expect(selectCanDownload(actor.getSnapshot())).toBe(false)
    expect(selectPeriodReasons(actor.getSnapshot()).endDate).toBe('La fecha no puede ser posterior a hoy')
    actor.send({ type: 'endDate.change', value: '2025-12-31' })
    expect(selectPeriodReasons(actor.getSnapshot())).toEqual({
      startDate: 'La fecha no puede ser posterior al 2025-12-31',
      endDate: 'La fecha no puede ser anterior al 2026-01-01',
    })
    actor.send({ type: 'endDate.change', value: '2026-01-15' })
    expect(selectPeriodReasons(actor.getSnapshot())).toEqual({ startDate: null, endDate: null })
    expect(selectCanDownload(actor.getSnapshot())).toBe(true)
  })

  it("falls back to 'Error' when the download fails without a reason, and clears it after 10 s", async () => {
    const download = downloadStub()
    actor = createActor(reportMachine.provide({ actors: { downloadReport: download.logic } }), { input: INPUT }).start()
    actor.send({ type: 'startDate.change', value: '2025-01-01' })
    actor.send({ type: 'endDate.change', value: '2025-01-31' })
    actor.send({ type: 'report.download' })
    actor.send({ type: 'download.failed', error: new TypeError('Failed to fetch') })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.banner).toBe('Error')
    await vi.advanceTimersByTimeAsync(9_999)
    expect(actor.getSnapshot().context.banner).toBe('Error')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.banner).toBeNull()
  })

  it('aborts the figures of a period left behind, and stops the download when the screen goes away', async () => {
    const stub = stubs('loadStatistics')
    const download = downloadStub()
    actor = createActor(reportMachine.provide({ actors: { loadStatistics: stub.loadStatistics.logic, downloadReport: download.logic } }), {
      input: INPUT,
    }).start()
    actor.send({ type: 'startDate.change', value: '2025-01-01' })
    actor.send({ type: 'endDate.change', value: '2025-01-30' })
    actor.send({ type: 'endDate.change', value: '2025-01-31' })
    expect(stub.loadStatistics.calls.map((c) => [c.input, c.signal.aborted])).toEqual([
      [{ initDate: '2025-01-01', endDate: '2025-01-30' }, true],
      [{ initDate: '2025-01-01', endDate: '2025-01-31' }, false],
    ])
    actor.send({ type: 'report.download' })
    expect(download.calls).toHaveLength(1)
    actor.stop()
    expect(download.stopped()).toBe(1)
    expect(stub.loadStatistics.last.signal.aborted).toBe(true)
  })
})
