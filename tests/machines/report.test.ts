/**
 * Model-based tests of Reportes: every shortest path and every transition, on a real actor whose download waits on
 * a deferred promise, with the 10 s error banner on fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  NO_DATA_MESSAGE,
  REPORT_DELAYS,
  isValidPeriod,
  reportMachine,
  selectCanDownload,
  selectIsDownloading,
  selectPeriodInverted,
} from '../../machines/report.machine'
import { recordCoverage } from './support/modelTest'
import { generatePaths, pathName, pathParams, stubs, unreachedStates } from './drivers/deferredActors'

const SERVER_REASON = 'El periodo no puede exceder un año'
const EVENTS = [
  { type: 'reportType.select', value: 'tramites' },
  { type: 'startDate.change', value: '2025-01-01' },
  { type: 'startDate.change', value: '2025-12-31' },
  { type: 'endDate.change', value: '2025-06-30' },
  { type: 'xstate.done.actor.downloadReport', output: { rowCount: 42 } },
  { type: 'xstate.done.actor.downloadReport', output: { rowCount: 0 } },
  { type: 'xstate.error.actor.downloadReport', error: { data: { success: false, reason: SERVER_REASON } } },
] as const

const generated = generatePaths(reportMachine as AnyStateMachine, { events: EVENTS, kind: 'shortest' })
const coverage = recordCoverage(reportMachine)

describe('report: pure rules', () => {
  it('needs both dates, the start not after the end', () => {
    expect(isValidPeriod('2025-01-01', '2025-06-30')).toBe(true)
    expect(isValidPeriod('2025-06-30', '2025-06-30')).toBe(true)
    expect(isValidPeriod('2025-07-01', '2025-06-30')).toBe(false)
    expect(isValidPeriod('', '2025-06-30')).toBe(false)
    expect(isValidPeriod('2025-01-01', '')).toBe(false)
  })
})

describe('report: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(reportMachine, generated.shortest)).toEqual([])
  })
})

describe('report: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof reportMachine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  for (const path of generated.paths) {
    it(pathName(path), async () => {
      const stub = stubs('downloadReport')
      actor = createActor(reportMachine.provide({ actors: { downloadReport: stub.downloadReport.logic } }), {
        inspect: coverage.inspect,
      }).start()
      let expectedBanner: string | null = null

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        const { startDate, endDate, banner } = real.context
        const periodOk = startDate !== '' && endDate !== '' && startDate <= endDate
        expect(selectCanDownload(real)).toBe(!real.matches('downloading') && periodOk)
        expect(selectPeriodInverted(real)).toBe(startDate === '2025-12-31' && endDate === '2025-06-30')
        expect(selectIsDownloading(real)).toBe(real.matches('downloading'))
        if (real.matches('downloading')) {
          expect(stub.downloadReport.last.input).toEqual({
            reportType: 'tramites',
            initDate: '2025-01-01',
            endDate: '2025-06-30',
            fileName: 'Reporte.csv',
          })
        }
        expect(banner).toBe(real.matches('errorBanner') ? expectedBanner : null)
      }

      await coverage.testPath(
        path,
        pathParams(
          path,
          {
            actor: () => actor,
            stubs: stub,
            delays: REPORT_DELAYS,
            custom: {
              'xstate.done.actor.downloadReport': (event) => {
                const output = (event as unknown as { output: { rowCount: number } }).output
                expectedBanner = output.rowCount === 0 ? NO_DATA_MESSAGE : null
                stub.downloadReport.resolve(output)
              },
              'xstate.error.actor.downloadReport': () => {
                expectedBanner = SERVER_REASON
                stub.downloadReport.reject({ data: { success: false, reason: SERVER_REASON } })
              },
            },
          },
          check,
        ),
      )
    })
  }

  it("falls back to 'Error' when the download fails without a reason, and clears it after 10 s", async () => {
    const stub = stubs('downloadReport')
    actor = createActor(reportMachine.provide({ actors: { downloadReport: stub.downloadReport.logic } })).start()
    actor.send({ type: 'startDate.change', value: '2025-01-01' })
    actor.send({ type: 'endDate.change', value: '2025-01-31' })
    actor.send({ type: 'report.download' })
    stub.downloadReport.reject(new TypeError('Failed to fetch'))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.banner).toBe('Error')
    await vi.advanceTimersByTimeAsync(9_999)
    expect(actor.getSnapshot().context.banner).toBe('Error')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.banner).toBeNull()
  })
})
