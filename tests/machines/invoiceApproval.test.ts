/**
 * Model-based tests of the administrator's invoice review. Every simple path plus one path per remaining transition
 * is replayed on a real actor whose loads, download and approval wait on deferred promises.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  APPROVAL_MESSAGES,
  invoiceApprovalMachine,
  selectCanApprove,
  selectCanDownload,
  selectDocuments,
  selectIsApproving,
  selectIsDownloading,
  selectIsLoading,
  selectProgress,
  type InvoiceApprovalInput,
} from '../../machines/invoiceApproval.machine'
import type { ClaimDocuments } from '../../machines/collaboratorUpload.machine'
import type { ExistingInvoice } from '../../machines/invoiceUpload.machine'
import { recordCoverage } from './support/modelTest'
import { describeReachability, generatePaths, itKeepsPathsFew, logicOf, namedPaths, pathParams, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const INPUT: InvoiceApprovalInput = { idEvento: 77, idFactura: 12 }
const entry = (tipo: string, status: number) => ({ url: `/api/file/claim/${tipo}`, status, tipo, nombre: `doc${tipo}.pdf`, comentario: null })
/** All three present: two verified (2 and 4), one only uploaded. */
const ALL_THREE: ClaimDocuments = { files: [entry('1', 2), entry('2', 4), entry('3', 1)], numSended: 3 }
const TWO: ClaimDocuments = { files: [entry('1', 2), entry('3', 3)], numSended: 2 }
const INVOICE: ExistingInvoice = { nombre: 'factura.pdf', url: '/api/file/invoice/12', comentario: null }
const SERVER_REASON = 'No se puede aprobar la factura: faltan documentos del trámite'

const EVENTS = [
  { type: 'xstate.done.actor.loadDocuments', output: ALL_THREE },
  { type: 'xstate.done.actor.loadDocuments', output: TWO },
  { type: 'xstate.done.actor.loadInvoice', output: INVOICE },
  { type: 'xstate.done.actor.loadInvoice', output: null },
  { type: 'xstate.done.actor.downloadInvoice', output: undefined },
  { type: 'xstate.error.actor.downloadInvoice', error: { message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.approveInvoice', output: { statusId: 8 } },
  { type: 'xstate.error.actor.approveInvoice', error: new ApiError(SERVER_REASON, 409) },
  { type: 'xstate.error.actor.approveInvoice', error: { message: 'Failed to fetch' } },
] as const

const generated = generatePaths(invoiceApprovalMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'simple' })
const coverage = recordCoverage(invoiceApprovalMachine, { input: INPUT })

describeReachability('invoiceApproval', invoiceApprovalMachine, generated.shortest)

describe('invoiceApproval: every simple path and every transition on a real actor', () => {
  let actor: Actor<typeof invoiceApprovalMachine>
  afterEach(() => actor?.stop())

  itKeepsPathsFew(generated.paths, { moreThan: 10, lessThan: 300 })

  for (const [name, path] of namedPaths('invoiceApproval', generated.paths)) {
    it(name, async () => {
      const stub = stubs('loadDocuments', 'loadInvoice', 'downloadInvoice', 'approveInvoice')
      actor = createActor(invoiceApprovalMachine.provide({ actors: logicOf(stub) }), { input: INPUT, inspect: coverage.inspect }).start()

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        const { context } = real
        expect(selectIsLoading(real)).toBe(real.matches('loading'))
        expect(selectIsDownloading(real)).toBe(real.matches('downloading'))
        expect(selectIsApproving(real)).toBe(real.matches('approving'))
        if (real.matches('loading')) {
          expect(stub.loadDocuments.last.input).toEqual({ idEvento: 77 })
          expect(stub.loadInvoice.last.input).toEqual({ idEvento: 77 })
        }
        if (real.matches('loadFailed')) expect(['Error', null]).toContain(context.alert)
        if (real.matches('loading')) expect(context.invoice === null || !real.matches({ loading: { invoice: 'fetching' } })).toBe(true)

        const docs = selectDocuments(real)
        expect(docs.map((d) => d.label)).toEqual(['Formato de solicitud', 'Resumen médico', 'Identificación oficial'])
        const present = docs.filter((d) => d.document !== null).length
        const progress = selectProgress(real)
        expect(progress.uploaded).toBe(present)
        expect(progress.verified).toBe(docs.filter((d) => d.document && [2, 4].includes(d.document.status)).length)
        if (present === 3) expect(progress).toEqual({ uploaded: 3, verified: 2, total: 3 })

        // Both buttons only with the three documents and an invoice; approval also needs it not yet approved.
        expect(selectCanApprove(real)).toBe(
          real.matches('ready') && present === 3 && context.invoice !== null && context.invoice.approved !== true,
        )
        expect(selectCanDownload(real)).toBe(real.matches('ready') && present === 3 && context.invoice !== null)

        if (real.matches('downloading')) {
          expect(stub.downloadInvoice.last.input).toEqual({ idEvento: 77, idFactura: 12, url: '/api/file/invoice/12', nombre: 'factura.pdf' })
        }
        if (real.matches('approving')) expect(stub.approveInvoice.last.input).toEqual({ idEvento: 77 })
        if (real.matches('approved')) {
          expect(real.status).toBe('done')
          expect(real.output).toEqual({ idEvento: 77 })
        }
        if (real.matches('ready') && context.alert !== null) {
          expect([SERVER_REASON, APPROVAL_MESSAGES.approveError, APPROVAL_MESSAGES.downloadError]).toContain(context.alert)
        }
      }

      await coverage.testPath(path, pathParams(path, { actor: () => actor, stubs: stub }, check))
    })
  }
})
