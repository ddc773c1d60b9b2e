/**
 * Model-based tests of the provider's invoice page. Every shortest path plus one path per remaining transition is
 * replayed on a real actor whose load and upload wait on deferred promises; the two 3-second notices run on
 * vitest's fake timers (the driver checks that nothing happens one millisecond early).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  INVOICE_MESSAGES,
  invoiceUploadMachine,
  selectCanDelete,
  selectCanShowComment,
  selectCanUpload,
  selectHasFile,
  selectIsLoading,
  selectIsUploading,
  selectNotice,
  selectOpenComment,
  selectStatus,
  type ExistingInvoice,
  type InvoiceUploadInput,
} from '../../machines/invoiceUpload.machine'
import { NOT_A_PDF } from '../../machines/uploadFiles'
import { recordCoverage } from './support/modelTest'
import { describeReachability, generatePaths, itKeepsPathsFew, logicOf, pathParams, replayEachPath, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const file = (name: string, type: string) =>
  Object.assign(new File(['%PDF-1.7'], name, { type }), { toJSON: () => ({ name, type }) })
const PDF = file('factura-abril.pdf', 'application/pdf')
const IMAGE = file('factura.png', 'image/png')

const COMMENT = 'Falta el RFC del paciente'
const WITH_COMMENT: ExistingInvoice = { nombre: 'factura-marzo.pdf', url: '/api/file/invoice/5', comentario: COMMENT }
const WITHOUT_COMMENT: ExistingInvoice = { nombre: 'factura-marzo.pdf', url: '/api/file/invoice/5', comentario: ' ' }
const SERVER_REASON = 'La factura de este trámite ya fue aprobada'
const INPUT: InvoiceUploadInput = { idEvento: 77, idProveedor: 4 }

const EVENTS = [
  { type: 'xstate.done.actor.loadInvoice', output: null },
  { type: 'xstate.done.actor.loadInvoice', output: WITH_COMMENT },
  { type: 'xstate.done.actor.loadInvoice', output: WITHOUT_COMMENT },
  { type: 'invoice.upload', file: PDF },
  { type: 'invoice.upload', file: IMAGE },
  { type: 'invoice.replace', file: PDF },
  { type: 'invoice.replace', file: IMAGE },
  { type: 'xstate.done.actor.uploadInvoice', output: true },
  { type: 'xstate.error.actor.uploadInvoice', error: new ApiError(SERVER_REASON, 409) },
  { type: 'xstate.error.actor.uploadInvoice', error: { message: 'Failed to fetch' } },
] as const

const generated = generatePaths(invoiceUploadMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const coverage = recordCoverage(invoiceUploadMachine, { input: INPUT })

describeReachability('invoiceUpload', invoiceUploadMachine, generated.shortest)

describe('invoiceUpload: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof invoiceUploadMachine>
  itKeepsPathsFew(generated.paths, { moreThan: 10, lessThan: 300 })

  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('loadInvoice', 'uploadInvoice')
    actor = createActor(
      invoiceUploadMachine.provide({ actors: logicOf(stub) }),
      { input: INPUT, inspect: coverage.inspect },
    ).start()

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { context } = real
      expect(selectIsLoading(real)).toBe(real.matches('loading'))
      if (real.matches('loading')) expect(stub.loadInvoice.last.input).toEqual({ idEvento: 77 })
      if (real.matches('loadFailed')) expect(['Error', null]).toContain(context.alert)
      if (!real.matches('ready')) {
        expect(selectCanUpload(real)).toBe(false)
        expect(selectStatus(real)).toBeNull()
        return
      }
      // 'Cargar factura' while there is no file; edit/delete icons and 'Pagada' once one exists.
      const present = real.matches({ ready: { invoice: 'present' } })
      expect(selectCanUpload(real)).toBe(real.matches({ ready: { invoice: 'empty' } }))
      expect(selectHasFile(real)).toBe(present)
      expect(selectCanDelete(real)).toBe(present)
      expect(selectStatus(real)).toBe(present ? 'Pagada' : null)
      expect(context.file !== null).toBe(present || (selectIsUploading(real) && context.file !== null))
      expect(selectCanShowComment(real)).toBe(true)

      if (selectIsUploading(real)) {
        expect(stub.uploadInvoice.last.input).toMatchObject({ idEvento: 77, idProveedor: 4 })
        expect(stub.uploadInvoice.last.input.file.name).toBe(context.sending)
        expect(context.sending).toBe('factura-abril.pdf')
      } else {
        expect(context.sending).toBeNull()
      }
      if (present && context.file!.url === null) expect(context.file!.nombre).toBe('factura-abril.pdf')

      const notice = selectNotice(real)
      if (real.matches({ ready: { notice: 'uploaded' } })) {
        expect(notice).toBe('Carga de factura exitosa.')
      } else if (real.matches({ ready: { notice: 'noComments' } })) {
        expect(notice).toBe('No hay comentarios de la factura')
        expect(context.comment).toBeNull()
      } else {
        expect(notice).toBeNull()
      }
      expect(selectOpenComment(real)).toBe(real.matches({ ready: { notice: 'comment' } }) ? COMMENT : null)
      if (context.alert !== null) expect([NOT_A_PDF, SERVER_REASON, INVOICE_MESSAGES.uploadError]).toContain(context.alert)
    }

    await coverage.testPath(path, pathParams(path, { actor: () => actor, stubs: stub, delays: { successNotice: 3_000, noCommentsNotice: 3_000 } }, check))
  })
})

describe('invoiceUpload: the page on a real actor', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("'Cancelar carga' aborts the upload's request and brings back what was there before (issue 22)", async () => {
    const stub = stubs('loadInvoice', 'uploadInvoice')
    const actor = createActor(invoiceUploadMachine.provide({ actors: logicOf(stub) }), { input: INPUT }).start()
    stub.loadInvoice.resolve(null)
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'invoice.upload', file: PDF })
    expect(selectIsUploading(actor.getSnapshot())).toBe(true)
    const request = stub.uploadInvoice.last
    actor.send({ type: 'upload.cancel' })
    expect(request.signal.aborted).toBe(true)
    expect(actor.getSnapshot().matches({ ready: { invoice: 'empty' } })).toBe(true)
    expect(actor.getSnapshot().context.sending).toBeNull()
    expect(actor.getSnapshot().context.alert).toBeNull()
    actor.stop()
  })

  it('uploads, shows the 3 s success notice and Pagada, deletes locally, then shows no-comment notice for 3 s', async () => {
    const stub = stubs('loadInvoice', 'uploadInvoice')
    const actor = createActor(
      invoiceUploadMachine.provide({ actors: logicOf(stub) }),
      { input: INPUT },
    ).start()
    stub.loadInvoice.resolve(null)
    await vi.advanceTimersByTimeAsync(0)
    const snap = () => actor.getSnapshot()
    expect(selectCanUpload(snap())).toBe(true)

    actor.send({ type: 'invoice.upload', file: IMAGE })
    expect(snap().context.alert).toBe(NOT_A_PDF)
    expect(stub.uploadInvoice.calls).toHaveLength(0)

    actor.send({ type: 'invoice.upload', file: PDF })
    expect(snap().context.alert).toBeNull()
    expect(stub.uploadInvoice.last.input.file).toBe(PDF)
    stub.uploadInvoice.resolve(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(selectNotice(snap())).toBe('Carga de factura exitosa.')
    expect(selectStatus(snap())).toBe('Pagada')
    await vi.advanceTimersByTimeAsync(2_999)
    expect(selectNotice(snap())).toBe('Carga de factura exitosa.')
    await vi.advanceTimersByTimeAsync(1)
    expect(selectNotice(snap())).toBeNull()

    actor.send({ type: 'invoice.delete' })
    expect(selectCanUpload(snap())).toBe(true)
    expect(stub.uploadInvoice.calls).toHaveLength(1)

    actor.send({ type: 'comment.show' })
    expect(selectNotice(snap())).toBe('No hay comentarios de la factura')
    await vi.advanceTimersByTimeAsync(2_000)
    // Pressing again restarts the 3 seconds.
    actor.send({ type: 'comment.show' })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(selectNotice(snap())).toBe('No hay comentarios de la factura')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(selectNotice(snap())).toBeNull()
    actor.stop()
  })
})
