/**
 * Model-based tests of the collaborator's document upload ('Proceso actual'), in its normal and read-only
 * variants. Every shortest path plus one path per remaining transition is replayed on a real actor: the document
 * list waits on a deferred promise, the upload is a callback actor whose progress, answer and failure the path
 * sends back through the actor's own `sendBack`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type Actor, type AnyEventObject, type EventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  COMPLETE_NOTICE,
  UPLOAD_ERROR,
  UPLOAD_EXPIRED,
  collaboratorUploadMachine,
  documentsFrom,
  isUploadable,
  slotOffer,
  percentOf,
  selectCanSend,
  selectCanUpload,
  selectCompleteNotice,
  selectIsLoading,
  selectIsUploading,
  selectUploadPhase,
  selectSlots,
  selectUploadedCount,
  type ClaimDocuments,
  type CollaboratorUploadInput,
  type CollaboratorUploadSnapshot,
  type DocumentTipo,
  type UploadDocumentInput,
  type UploadDocumentLogic,
} from '../../machines/collaboratorUpload.machine'
import { NOT_A_PDF } from '../../machines/uploadFiles'
import { recordCoverage } from './support/modelTest'
import { drivePath, generatePaths, itKeepsPathsFew, namedPaths, stubs, unreachedStates } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

/** A File whose JSON form tells samples apart (the traversal keys events by JSON.stringify). */
const file = (name: string, type: string, size = 1024) =>
  Object.assign(new File([new Uint8Array(size)], name, { type }), { toJSON: () => ({ name, type, size }) })

const PDF = file('solicitud.pdf', 'application/pdf')
const TEXT = file('notas.txt', 'text/plain', 10)
const SUMMARY = file('resumen.pdf', 'application/pdf', 2048)

const REVIEWER_COMMENT = 'El resumen médico no tiene firma'
const NOTHING: ClaimDocuments = { files: [], numSended: 0 }
/** Request form uploaded, medical summary rejected with a comment, ID verified. */
const REVIEWED: ClaimDocuments = {
  files: [
    { url: '/api/file/claim/11', status: 1, tipo: '1', nombre: 'solicitud.pdf', comentario: null },
    { url: '/api/file/claim/12', status: 3, tipo: '2', nombre: 'resumen.pdf', comentario: REVIEWER_COMMENT },
    { url: '/api/file/claim/13', status: 2, tipo: '3', nombre: 'ine.pdf', comentario: '' },
  ],
  numSended: 3,
}
const UPLOADED_ENTRY = { url: '/api/file/claim/21', status: 1, tipo: '2', nombre: 'nuevo.pdf', comentario: null }
const SERVER_REASON = 'El archivo excede el tamaño permitido'

const EVENTS = [
  { type: 'xstate.done.actor.loadDocuments', output: NOTHING },
  { type: 'xstate.done.actor.loadDocuments', output: REVIEWED },
  { type: 'document.upload', tipo: 1, file: PDF },
  { type: 'document.upload', tipo: 1, file: TEXT },
  { type: 'document.upload', tipo: 2, file: SUMMARY },
  { type: 'document.upload', tipo: 3, file: PDF },
  { type: 'upload.progress', loaded: 512, total: 1024 },
  { type: 'upload.dropped' },
  { type: 'upload.pause' },
  { type: 'upload.resume' },
  { type: 'xstate.after.uploadExpiry.collaboratorUpload.ready.uploading.paused' },
  { type: 'upload.cancel' },
  { type: 'upload.done', file: UPLOADED_ENTRY },
  { type: 'upload.failed', error: new ApiError(SERVER_REASON, 409) },
  { type: 'upload.failed', error: { message: 'Failed to fetch' } },
] as const

const INPUT: CollaboratorUploadInput = { idEvento: 321 }
const READ_ONLY: CollaboratorUploadInput = { idEvento: 321, readOnly: true }

/** An upload actor the test drives: it records its input and hands out its `sendBack`. */
class UploadStub {
  readonly calls: {
    input: UploadDocumentInput
    sendBack: (event: AnyEventObject) => void
    stopped: boolean
    crashed: boolean
    /** What the machine told it: upload.pause / upload.resume. */
    received: string[]
  }[] = []
  readonly logic: UploadDocumentLogic = fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack, receive }) => {
    const call = { input, sendBack, stopped: false, crashed: false, received: [] as string[] }
    this.calls.push(call)
    // An adapter that throws: xstate reports it to the machine as xstate.error.actor.uploadDocument.
    receive((event) => {
      call.received.push(event.type)
      if (event.type !== 'test.crash') return
      call.crashed = true
      throw new Error('adapter crashed')
    })
    return () => {
      call.stopped = true
    }
  })
  get last() {
    const call = this.calls.at(-1)
    if (!call) throw new Error('uploadDocument was never invoked')
    return call
  }
}

const variants = [
  { name: 'collaborator', input: INPUT, generated: generatePaths(collaboratorUploadMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' }) },
  { name: 'retail partner (read-only)', input: READ_ONLY, generated: generatePaths(collaboratorUploadMachine as AnyStateMachine, { events: EVENTS, input: READ_ONLY, kind: 'shortest' }) },
]
const coverage = recordCoverage(collaboratorUploadMachine, { input: INPUT })

describe('collaboratorUpload: pure rules', () => {
  it('maps the API file list to the three slots', () => {
    const documents = documentsFrom(REVIEWED.files)
    expect(documents[2]).toEqual({ nombre: 'resumen.pdf', url: '/api/file/claim/12', status: 3, comentario: REVIEWER_COMMENT })
    expect(documents[3]!.comentario).toBeNull()
    expect(documentsFrom([{ url: 'x', status: 1, tipo: '7', nombre: 'otro.pdf' }])).toEqual({ 1: null, 2: null, 3: null })
  })

  it('takes a file until the reviewer verifies it (empty, uploaded and not reviewed, rejected), never read-only', () => {
    // REVIEWED: 1 uploaded (1), 2 rejected digital (3), 3 verified digital (2).
    const documents = documentsFrom(REVIEWED.files)
    expect(([1, 2, 3] as DocumentTipo[]).map((tipo) => isUploadable({ readOnly: false, documents }, tipo))).toEqual([true, true, false])
    const physicalRejected = { ...documents, 1: { ...documents[1]!, status: 5 } }
    expect(isUploadable({ readOnly: false, documents: physicalRejected }, 1)).toBe(true)
    const physicalVerified = { ...documents, 1: { ...documents[1]!, status: 4 } }
    expect(isUploadable({ readOnly: false, documents: physicalVerified }, 1)).toBe(false)
    expect(isUploadable({ readOnly: true, documents: documentsFrom([]) }, 1)).toBe(false)
    // The reason comes with the same answer (issue 21).
    expect(slotOffer({ readOnly: false, documents }, 3)).toEqual({ available: false, reason: 'Documento verificado: ya no se reemplaza.' })
    expect(slotOffer({ readOnly: true, documents }, 1)).toEqual({ available: false, reason: 'Vista de solo lectura.' })
    expect(slotOffer({ readOnly: false, documents }, 1)).toEqual({ available: true, reason: null })
  })

  it('computes the byte progress as a percentage', () => {
    expect(percentOf({ loaded: 512, total: 1024 })).toBe(50)
    expect(percentOf({ loaded: 0, total: 0 })).toBe(0)
    expect(percentOf({ loaded: 2000, total: 1024 })).toBe(100)
  })
})

describe('collaboratorUpload: reachability', () => {
  it('reaches every state by a shortest path (both variants together)', () => {
    expect(unreachedStates(collaboratorUploadMachine, variants.flatMap((v) => v.generated.shortest))).toEqual([])
  })

  it('offers no upload and no send in the read-only variant', () => {
    const states = new Set(variants[1]!.generated.shortest.map((p) => JSON.stringify(p.state.value)))
    expect([...states].some((s) => s.includes('uploading') || s.includes('complete'))).toBe(false)
  })
})

for (const variant of variants) {
  describe(`collaboratorUpload (${variant.name}): every shortest path and every transition on a real actor`, () => {
    let actor: Actor<typeof collaboratorUploadMachine>
    // A paused upload expires after 24 h: the paths that wait for it run on vitest's fake clock.
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => {
      actor?.stop()
      vi.useRealTimers()
    })

    itKeepsPathsFew(variant.generated.paths, { moreThan: 3, lessThan: 200 })

    for (const [name, path] of namedPaths(`collaboratorUpload (${variant.name})`, variant.generated.paths)) {
      it(name, async () => {
        const stub = stubs('loadDocuments')
        const upload = new UploadStub()
        actor = createActor(
          collaboratorUploadMachine.provide({ actors: { loadDocuments: stub.loadDocuments.logic, uploadDocument: upload.logic } }),
          { input: variant.input, inspect: coverage.inspect },
        ).start()
        let lastFailure: unknown

        const check = (model: AnyMachineSnapshot) => {
          const real = actor.getSnapshot()
          expect(real.value).toEqual(model.value)
          expect(real.context).toEqual(model.context)
          const { context } = real
          expect(selectIsLoading(real)).toBe(real.matches('loading'))
          expect(selectIsUploading(real)).toBe(real.matches({ ready: 'uploading' }))
          if (real.matches('loading')) expect(stub.loadDocuments.last.input).toEqual({ idEvento: 321 })
          if (real.matches('loadFailed')) {
            expect(['Error', null]).toContain(context.alert)
            expect(real.can({ type: 'load.retry' })).toBe(true)
          }

          const slots = selectSlots(real)
          expect(slots.map((s) => s.label)).toEqual(['Formato de solicitud', 'Resumen médico', 'Identificación oficial'])
          const count = slots.filter((s) => s.document !== null).length
          expect(selectUploadedCount(real)).toBe(count)
          for (const slot of slots) {
            // Until the reviewer verifies it (2 or 4), a document can be uploaded again (issue 21).
            const takesFile = slot.document === null || ![2, 4].includes(slot.document.status)
            expect(slot.canUpload).toBe(real.matches({ ready: 'idle' }) && !context.readOnly && takesFile)
            expect(slot.uploadReason).toBe(
              context.readOnly ? 'Vista de solo lectura.' : takesFile ? null : 'Documento verificado: ya no se reemplaza.',
            )
            expect(selectCanUpload(real, slot.tipo)).toBe(slot.canUpload)
            // The reviewer's comment shows only on a rejected document.
            if (slot.document?.status === 3) {
              expect(slot.rejected).toBe(true)
              expect(slot.statusLabel).toBe('Rechazado digital')
              expect(slot.comment).toBe(REVIEWER_COMMENT)
            } else {
              expect(slot.comment).toBeNull()
            }
          }
          // 'Enviar a validar' only with all three documents, never read-only, never while uploading.
          expect(selectCanSend(real)).toBe(real.matches({ ready: 'idle' }) && !context.readOnly && count === 3)
          expect(selectCompleteNotice(real)).toEqual(real.matches({ ready: 'complete' }) ? COMPLETE_NOTICE : null)
          if (real.matches({ ready: 'complete' })) {
            expect(COMPLETE_NOTICE.title).toBe('Carga completa')
            expect(COMPLETE_NOTICE.message).toBe('Has terminado de subir tus archivos')
            // Nothing was sent by the button: no upload started after the last one settled.
            expect(upload.calls.every((call) => call.stopped || call.crashed)).toBe(true)
          }

          if (real.matches({ ready: 'uploading' })) {
            const current = context.upload!
            expect(upload.last.input.idEvento).toBe(321)
            expect(upload.last.input.tipo).toBe(current.tipo)
            expect(upload.last.input.file.name).toBe(current.fileName)
            expect(upload.last.stopped).toBe(false)
            const slot = slots.find((s) => s.tipo === current.tipo)!
            expect(slot.progress).toBe(percentOf(current))
            expect(slots.filter((s) => s.progress !== null)).toHaveLength(1)
            // Paused: the actor was told to stop sending (and it keeps running, so resuming continues from the server).
            const told = upload.last.received.at(-1)
            expect(selectUploadPhase(real)).toBe(real.matches({ ready: { uploading: 'paused' } }) ? 'paused' : real.matches({ ready: { uploading: 'dropped' } }) ? 'dropped' : 'sending')
            if (real.matches({ ready: { uploading: 'paused' } })) expect(told).toBe('upload.pause')
            else if (told !== undefined) expect(told).toBe('upload.resume')
          } else {
            expect(selectUploadPhase(real)).toBeNull()
            expect(context.upload).toBeNull()
            expect(slots.every((s) => s.progress === null)).toBe(true)
            // No upload keeps running once the state is left.
            if (upload.calls.length) expect(upload.last.stopped || upload.last.crashed).toBe(true)
          }

          if (context.alert !== null && !real.matches('loadFailed')) {
            expect([NOT_A_PDF, UPLOAD_EXPIRED, lastFailure instanceof ApiError ? lastFailure.reason : UPLOAD_ERROR]).toContain(context.alert)
          }
        }

        const sendBack = (event: AnyEventObject) => {
          if (event.type === 'upload.failed') lastFailure = (event as { error?: unknown }).error
          upload.last.sendBack(event)
        }
        await drivePath(coverage, path, check, {
          actor: () => actor,
          stubs: stub,
          // The spec's silence filled by the server's rule: an unfinished upload is kept 24 hours.
          delays: { uploadExpiry: 24 * 3_600_000 },
          custom: {
            'upload.progress': sendBack,
            'upload.dropped': sendBack,
            'upload.done': sendBack,
            'upload.failed': sendBack,
            'xstate.error.actor.uploadDocument': () => {
              lastFailure = new Error('adapter crashed')
              actor.getSnapshot().children.uploadDocument!.send({ type: 'test.crash' })
            },
          },
        })
      })
    }
  })
}

describe('collaboratorUpload: the upload flow on a real actor', () => {
  it('refuses a non-PDF before sending, reports byte progress, stores the answer and shows Carga completa', async () => {
    const stub = stubs('loadDocuments')
    const upload = new UploadStub()
    const actor = createActor(
      collaboratorUploadMachine.provide({ actors: { loadDocuments: stub.loadDocuments.logic, uploadDocument: upload.logic } }),
      { input: INPUT },
    ).start()
    const snap = (): CollaboratorUploadSnapshot => actor.getSnapshot()
    stub.loadDocuments.resolve(REVIEWED)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(selectCanSend(snap())).toBe(true)

    actor.send({ type: 'document.upload', tipo: 2, file: TEXT })
    expect(snap().context.alert).toBe(NOT_A_PDF)
    expect(upload.calls).toHaveLength(0)

    // The verified document is kept; the uploaded one nobody reviewed yet could be replaced (below, after 2).
    actor.send({ type: 'document.upload', tipo: 3, file: PDF })
    expect(snap().matches({ ready: 'idle' })).toBe(true)
    expect(upload.calls).toHaveLength(0)

    actor.send({ type: 'document.upload', tipo: 2, file: SUMMARY })
    expect(snap().context.alert).toBeNull()
    expect(selectSlots(snap())[1]!.progress).toBe(0)
    upload.last.sendBack({ type: 'upload.progress', loaded: 1024, total: 2048 })
    expect(selectSlots(snap())[1]!.progress).toBe(50)
    expect(selectCanSend(snap())).toBe(false)
    upload.last.sendBack({ type: 'upload.done', file: { ...UPLOADED_ENTRY, comentario: null } })
    const summary = selectSlots(snap())[1]!
    expect(summary).toMatchObject({ rejected: false, comment: null, canUpload: true, uploadReason: null, statusLabel: 'Cargado' })
    expect(summary.document!.nombre).toBe('nuevo.pdf')

    actor.send({ type: 'documents.send' })
    expect(selectCompleteNotice(snap())).toEqual(COMPLETE_NOTICE)
    actor.send({ type: 'notice.close' })
    expect(snap().matches({ ready: 'idle' })).toBe(true)
    actor.stop()
  })

  it('cancelling an upload stops the actor (the adapter aborts its request)', async () => {
    const stub = stubs('loadDocuments')
    const upload = new UploadStub()
    const actor = createActor(
      collaboratorUploadMachine.provide({ actors: { loadDocuments: stub.loadDocuments.logic, uploadDocument: upload.logic } }),
      { input: INPUT },
    ).start()
    stub.loadDocuments.resolve(NOTHING)
    await new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'document.upload', tipo: 3, file: PDF })
    expect(upload.last.stopped).toBe(false)
    actor.send({ type: 'upload.cancel' })
    expect(upload.last.stopped).toBe(true)
    expect(actor.getSnapshot().context.documents[3]).toBeNull()
    actor.stop()
  })
})
