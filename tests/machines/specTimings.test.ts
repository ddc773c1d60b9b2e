/**
 * Every timing of spec section 9 (and the session rule of section 4), asserted against the number the spec writes,
 * never against a constant of the code under test: a machine whose delay drifts (5 s → 4 s) must fail here. Each
 * test drives the real machine on vitest's fake clock to the moment the notice appears, then checks it is still
 * shown 1 ms before the spec's time and gone exactly at it. The 404 redirect (1 s) is a view and is checked in
 * tests/src/app/routing.test.tsx the same way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate'
import {
  procedureSearchMachine,
  selectNotice as selectSearchNotice,
  type ProcedureRow,
  type SearchProceduresInput,
} from '../../machines/procedureSearch.machine'
import { reportMachine, type DownloadReportInput } from '../../machines/report.machine'
import { commentMachine, type SendCommentInput } from '../../machines/comment.machine'
import {
  invoiceUploadMachine,
  selectNotice as selectInvoiceNotice,
  type ExistingInvoice,
  type UploadInvoiceInput,
} from '../../machines/invoiceUpload.machine'
import { saveButtonMachine, selectSavedIndicator } from '../../machines/saveButton.machine'
import { sessionMachine } from '../../machines/session.machine'
import { executiveUser as user } from '../../tools/catalog/samples/common'
import { flush } from './drivers/deferredActors'

const T0 = new Date('2026-03-02T15:00:00.000Z')

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})
afterEach(() => vi.useRealTimers())

/** `shown()` holds now and 1 ms before `ms`, and no longer at `ms`. */
async function expectShownFor(ms: number, shown: () => unknown) {
  expect(shown(), 'shown when it appears').toBeTruthy()
  await vi.advanceTimersByTimeAsync(ms - 1)
  expect(shown(), `still shown at ${ms - 1} ms`).toBeTruthy()
  await vi.advanceTimersByTimeAsync(1)
  expect(shown(), `gone at ${ms} ms`).toBeFalsy()
}

describe('spec section 9 timings', () => {
  it("no-results notice 'No se encontraron resultados': 5 s (Inicio de trámite)", async () => {
    const actor = createActor(
      procedureSearchMachine.provide({ actors: { searchProcedures: fromPromise<ProcedureRow[], SearchProceduresInput>(async () => []) } }),
    ).start()
    actor.send({ type: 'search.change', value: '70123' })
    actor.send({ type: 'search.submit' })
    await flush()
    await expectShownFor(5_000, () => selectSearchNotice(actor.getSnapshot()) === 'No se encontraron resultados')
    expect(actor.getSnapshot().value).toBe('idle')
    actor.stop()
  })

  it.each([
    [
      'no rows',
      fromCallback<EventObject, DownloadReportInput>(({ sendBack }) => void queueMicrotask(() => sendBack({ type: 'download.done', rowCount: 0 }))),
      'No hay datos para exportar',
    ],
    [
      'a failed download',
      fromCallback<EventObject, DownloadReportInput>(
        ({ sendBack }) => void queueMicrotask(() => sendBack({ type: 'download.failed', error: new Error('sin conexión') })),
      ),
      'Error',
    ],
  ])('reports error banner: 10 s (%s)', async (_, downloadReport, banner) => {
    const actor = createActor(reportMachine.provide({ actors: { downloadReport } }), { input: { today: '2026-02-01' } }).start()
    actor.send({ type: 'startDate.change', value: '2026-01-01' })
    actor.send({ type: 'endDate.change', value: '2026-01-31' })
    actor.send({ type: 'report.download' })
    await flush()
    await expectShownFor(10_000, () => actor.getSnapshot().context.banner === banner)
    actor.stop()
  })

  it('comment success notice: 6 s (Agregar comentario)', async () => {
    const actor = createActor(commentMachine.provide({ actors: { sendComment: fromPromise<unknown, SendCommentInput>(async () => ({})) } }), {
      input: { idEvento: 12, tipo: 2, fileUrl: null, status: 3 },
    }).start()
    actor.send({ type: 'comment.open' })
    actor.send({ type: 'comment.change', text: 'Falta la firma del médico' })
    actor.send({ type: 'comment.submit' })
    await flush()
    await expectShownFor(6_000, () => actor.getSnapshot().context.notice)
    actor.stop()
  })

  describe('success and comment notices: 3 s (provider invoice)', () => {
    const startInvoicePage = async () => {
      const actor = createActor(
        invoiceUploadMachine.provide({
          actors: {
            loadInvoice: fromPromise<ExistingInvoice | null, { idEvento: number }>(async () => null),
            uploadInvoice: fromPromise<unknown, UploadInvoiceInput>(async () => ({})),
          },
        }),
        { input: { idEvento: 77, idProveedor: 4 } },
      ).start()
      await flush()
      return actor
    }

    it("'Carga de factura exitosa.' after an upload", async () => {
      const actor = await startInvoicePage()
      actor.send({ type: 'invoice.upload', file: new File(['%PDF-1.7'], 'factura.pdf', { type: 'application/pdf' }) })
      await flush()
      await expectShownFor(3_000, () => selectInvoiceNotice(actor.getSnapshot()) === 'Carga de factura exitosa.')
      actor.stop()
    })

    it("'No hay comentarios de la factura' on 'Ver comentario' without comments", async () => {
      const actor = await startInvoicePage()
      actor.send({ type: 'comment.show' })
      await expectShownFor(3_000, () => selectInvoiceNotice(actor.getSnapshot()) === 'No hay comentarios de la factura')
      actor.stop()
    })
  })

  it("saved indicator: 300 ms (save button 'ok')", async () => {
    const actor = createActor(saveButtonMachine).start()
    actor.send({ type: 'save.start' })
    actor.send({ type: 'save.succeed' })
    await expectShownFor(300, () => selectSavedIndicator(actor.getSnapshot()))
    expect(actor.getSnapshot().matches('ok')).toBe(true)
    actor.stop()
  })
})

describe('session: checked every 60 s, refresh attempted when lastUpdate is older than 8 minutes', () => {
  const MINUTE = 60_000

  /** A signed-in session whose token was last renewed `ageMs` before T0; counts the refresh attempts. */
  function startSession(ageMs: number) {
    let refreshes = 0
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          refreshToken: fromPromise(async () => {
            refreshes++
            return { accessToken: `renovado-${refreshes}` }
          }),
        },
      }),
      { input: { user, accessToken: 'guardado', lastUpdate: new Date(T0.getTime() - ageMs).toISOString() } },
    ).start()
    return { actor, refreshes: () => refreshes }
  }

  it('a token exactly 8 minutes old is kept; 1 ms older is refreshed at once', async () => {
    const kept = startSession(8 * MINUTE)
    await flush()
    expect(kept.refreshes()).toBe(0)
    kept.actor.stop()

    const stale = startSession(8 * MINUTE + 1)
    await flush()
    expect(stale.refreshes()).toBe(1)
    expect(stale.actor.getSnapshot().context.accessToken).toBe('renovado-1')
    stale.actor.stop()
  })

  it('the next check comes 60 s later', async () => {
    // Exactly 8 minutes old at T0: not refreshed now, refreshed by the first check after that.
    const session = startSession(8 * MINUTE)
    await vi.advanceTimersByTimeAsync(60_000 - 1)
    expect(session.refreshes()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(session.refreshes()).toBe(1)
    session.actor.stop()
  })

  it('checks keep coming every 60 s: a fresh token is refreshed at the 9th check, 9 minutes later', async () => {
    const session = startSession(0)
    // The 8th check (8 min) sees a token exactly 8 minutes old: not older, so kept.
    await vi.advanceTimersByTimeAsync(9 * 60_000 - 1)
    expect(session.refreshes()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(session.refreshes()).toBe(1)
    // The renewed token starts the count again.
    await vi.advanceTimersByTimeAsync(9 * 60_000 - 1)
    expect(session.refreshes()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(session.refreshes()).toBe(2)
    session.actor.stop()
  })
})
