/**
 * Model-based tests of the collaborator's document upload ('Proceso actual'), in its normal and read-only
 * variants. Every shortest path plus one path per remaining transition is replayed on a real actor: the document
 * list waits on a deferred promise; each slot's upload is its own spawned documentUpload actor (issue 22: side by
 * side) running on a callback stub whose answer, failure or cancel the path brings about through that slot's stub.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type Actor, type AnyEventObject, type EventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  COMPLETE_NOTICE,
  collaboratorUploadMachine,
  documentsFrom,
  isUploadable,
  slotOffer,
  selectCanSend,
  selectCanUpload,
  selectCompleteNotice,
  selectIsLoading,
  selectRunningUploads,
  selectSlots,
  selectUploadedCount,
  type ClaimDocuments,
  type CollaboratorUploadInput,
  type CollaboratorUploadSnapshot,
  type DocumentTipo,
} from '../../machines/collaboratorUpload.machine'
import { documentUploadMachine, type UploadDocumentInput, type UploadDocumentLogic } from '../../machines/documentUpload.machine'
import { NOT_A_PDF } from '../../machines/uploadFiles'
import { recordCoverage } from './support/modelTest'
import { drivePath, generatePaths, itKeepsPathsFew, namedPaths, stubs } from './drivers/deferredActors'
import { unreachedStates } from './drivers/deferredActors'
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
  { type: 'xstate.done.actor.upload.1', output: { tipo: 1, outcome: 'cancelled' } },
  { type: 'xstate.done.actor.upload.2', output: { tipo: 2, outcome: 'stored', file: UPLOADED_ENTRY } },
  { type: 'xstate.done.actor.upload.2', output: { tipo: 2, outcome: 'failed', reason: SERVER_REASON } },
  { type: 'xstate.done.actor.upload.3', output: { tipo: 3, outcome: 'expired', reason: 'La carga caducó; vuelve a elegir el archivo.' } },
] as const

const INPUT: CollaboratorUploadInput = { idEvento: 321 }
const READ_ONLY: CollaboratorUploadInput = { idEvento: 321, readOnly: true }

/** The slots' running uploads as their ids: what tells two snapshots apart (the live actors never compare equal). */
const uploadIds = (context: CollaboratorUploadSnapshot['context']) => [1, 2, 3].map((tipo) => context.uploads[tipo as DocumentTipo]?.id ?? null)
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as CollaboratorUploadSnapshot['context']
  return JSON.stringify({ value: snapshot.value, documents: context.documents, uploads: uploadIds(context), alert: context.alert })
}

/** The transport stub under every slot's upload: it records its input and hands out its `sendBack`. */
class UploadStub {
  readonly calls: { input: UploadDocumentInput; sendBack: (event: AnyEventObject) => void; stopped: boolean }[] = []
  readonly logic: UploadDocumentLogic = fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack }) => {
    const call = { input, sendBack, stopped: false }
    this.calls.push(call)
    return () => {
      call.stopped = true
    }
  })
  /** The latest call of slot `tipo`. */
  of(tipo: number) {
    const call = this.calls.filter((c) => c.input.tipo === tipo).at(-1)
    if (!call) throw new Error(`no upload of slot ${tipo}`)
    return call
  }
}

const generate = (input: CollaboratorUploadInput) =>
  generatePaths(collaboratorUploadMachine as AnyStateMachine, { events: EVENTS, input, kind: 'shortest', serializeState })
const variants = [
  { name: 'collaborator', input: INPUT, generated: generate(INPUT) },
  { name: 'retail partner (read-only)', input: READ_ONLY, generated: generate(READ_ONLY) },
]
const coverage = recordCoverage(collaboratorUploadMachine, { input: INPUT })

/** The page's machine on the stubs: the document list, and each slot's upload machine on the transport stub. */
const machineOn = (loadDocuments: { logic: never }, upload: UploadStub) =>
  collaboratorUploadMachine.provide({
    actors: { loadDocuments: loadDocuments.logic, documentUpload: documentUploadMachine.provide({ actors: { uploadDocument: upload.logic } }) },
  })

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
        actor = createActor(machineOn(stub.loadDocuments as never, upload), { input: variant.input, inspect: coverage.inspect }).start()

        const check = (model: AnyMachineSnapshot) => {
          const real = actor.getSnapshot()
          expect(real.value).toEqual(model.value)
          expect(serializeState(real)).toBe(serializeState(model))
          const { context } = real
          expect(selectIsLoading(real)).toBe(real.matches('loading'))
          if (real.matches('loading')) expect(stub.loadDocuments.last.input).toEqual({ idEvento: 321 })
          if (real.matches('loadFailed')) {
            expect(['Error', null]).toContain(context.alert)
            expect(real.can({ type: 'load.retry' })).toBe(true)
          }

          const slots = selectSlots(real)
          expect(slots.map((s) => s.label)).toEqual(['Formato de solicitud', 'Resumen médico', 'Identificación oficial'])
          const count = slots.filter((s) => s.document !== null).length
          expect(selectUploadedCount(real)).toBe(count)
          const running = slots.filter((s) => s.upload !== null)
          expect(selectRunningUploads(real)).toBe(running.length)
          for (const slot of slots) {
            // Until the reviewer verifies it (2 or 4), a document can be uploaded again (issue 21), and each slot takes
            // its file while the others upload (issue 22), but not while its own upload runs.
            const takesFile = slot.document === null || ![2, 4].includes(slot.document.status)
            expect(slot.canUpload).toBe(real.matches({ ready: 'idle' }) && !context.readOnly && takesFile && slot.upload === null)
            expect(slot.uploadReason).toBe(
              context.readOnly ? 'Vista de solo lectura.' : takesFile ? null : 'Documento verificado: ya no se reemplaza.',
            )
            expect(selectCanUpload(real, slot.tipo)).toBe(slot.canUpload)
            if (slot.document?.status === 3) {
              expect(slot.rejected).toBe(true)
              expect(slot.statusLabel).toBe('Rechazado digital')
              expect(slot.comment).toBe(REVIEWER_COMMENT)
            } else {
              expect(slot.comment).toBeNull()
            }
            if (slot.upload) {
              // The slot's own actor, uploading the slot's own file on its own transport call.
              expect(slot.upload.id).toBe(`upload.${slot.tipo}`)
              expect(slot.upload.getSnapshot().matches('uploading')).toBe(true)
              expect(upload.of(slot.tipo).input.idEvento).toBe(321)
              expect(upload.of(slot.tipo).stopped).toBe(false)
            } else if (upload.calls.some((c) => c.input.tipo === slot.tipo)) {
              // No upload keeps running once its slot is free again.
              expect(upload.of(slot.tipo).stopped).toBe(true)
            }
          }
          // 'Enviar a validar' only with all three documents, never read-only, never while a slot uploads.
          expect(selectCanSend(real)).toBe(real.matches({ ready: 'idle' }) && !context.readOnly && count === 3 && running.length === 0)
          expect(selectCompleteNotice(real)).toEqual(real.matches({ ready: 'complete' }) ? COMPLETE_NOTICE : null)
          if (real.matches({ ready: 'complete' })) {
            expect(COMPLETE_NOTICE.title).toBe('Carga completa')
            expect(COMPLETE_NOTICE.message).toBe('Has terminado de subir tus archivos')
            expect(upload.calls.every((call) => call.stopped)).toBe(true)
          }
          if (context.alert !== null && !real.matches('loadFailed')) {
            // A slot's failure names its document (several may be sending).
            expect([NOT_A_PDF, `Resumen médico: ${SERVER_REASON}`, 'Identificación oficial: La carga caducó; vuelve a elegir el archivo.']).toContain(
              context.alert,
            )
          }
        }

        // A slot's upload ends the way the path says, brought about through its transport stub (or its own cancel).
        const endUpload = async (event: AnyEventObject) => {
          const { tipo, outcome, file: stored, reason } = (event as unknown as { output: { tipo: number; outcome: string; file?: unknown; reason?: string } }).output
          const child = actor.getSnapshot().context.uploads[tipo as DocumentTipo]!
          if (outcome === 'stored') upload.of(tipo).sendBack({ type: 'upload.done', file: stored })
          else if (outcome === 'failed') upload.of(tipo).sendBack({ type: 'upload.failed', error: new ApiError(reason!, 413) })
          else if (outcome === 'cancelled') child.send({ type: 'upload.cancel' })
          else {
            child.send({ type: 'upload.pause' })
            await vi.advanceTimersByTimeAsync(24 * 3_600_000)
          }
        }
        await drivePath(coverage, path, check, {
          actor: () => actor,
          stubs: stub,
          custom: {
            'xstate.done.actor.upload.1': endUpload,
            'xstate.done.actor.upload.2': endUpload,
            'xstate.done.actor.upload.3': endUpload,
          },
        })
      })
    }
  })
}

describe('collaboratorUpload: the three slots upload side by side on a real actor', () => {
  it('starts the next slot while one sends, each on its own actor; a refusal or a cancel touches only its slot', async () => {
    const stub = stubs('loadDocuments')
    const upload = new UploadStub()
    const actor = createActor(machineOn(stub.loadDocuments as never, upload), { input: INPUT }).start()
    const snap = (): CollaboratorUploadSnapshot => actor.getSnapshot()
    stub.loadDocuments.resolve(NOTHING)
    await new Promise((resolve) => setTimeout(resolve, 0))

    actor.send({ type: 'document.upload', tipo: 1, file: PDF })
    // While the first sends, the other two still take their files.
    expect(selectCanUpload(snap(), 1)).toBe(false)
    expect(selectCanUpload(snap(), 2)).toBe(true)
    actor.send({ type: 'document.upload', tipo: 2, file: SUMMARY })
    actor.send({ type: 'document.upload', tipo: 3, file: TEXT })
    expect(snap().context.alert).toBe(NOT_A_PDF)
    actor.send({ type: 'document.upload', tipo: 3, file: PDF })
    expect(upload.calls.map((c) => c.input.tipo)).toEqual([1, 2, 3])
    expect(selectRunningUploads(snap())).toBe(3)

    // Progress is each slot's own.
    upload.of(1).sendBack({ type: 'upload.progress', loaded: 256, total: 1024 })
    upload.of(2).sendBack({ type: 'upload.progress', loaded: 1024, total: 2048 })
    const [first, second, third] = selectSlots(snap()).map((s) => s.upload!.getSnapshot().context)
    expect([first!.loaded, second!.loaded, third!.loaded]).toEqual([256, 1024, 0])

    // Cancelling the third stops only its transport.
    selectSlots(snap())[2]!.upload!.send({ type: 'upload.cancel' })
    expect(upload.of(3).stopped).toBe(true)
    expect(upload.of(1).stopped).toBe(false)
    expect(selectSlots(snap())[2]!.upload).toBeNull()
    expect(selectCanUpload(snap(), 3)).toBe(true)

    // The second is refused by the server: its slot says why, the first keeps sending.
    upload.of(2).sendBack({ type: 'upload.failed', error: new ApiError(SERVER_REASON, 413) })
    expect(snap().context.alert).toBe(`Resumen médico: ${SERVER_REASON}`)
    expect(selectSlots(snap())[0]!.upload).not.toBeNull()

    upload.of(1).sendBack({ type: 'upload.done', file: { ...UPLOADED_ENTRY, tipo: '1', nombre: 'solicitud.pdf' } })
    expect(selectSlots(snap())[0]).toMatchObject({ statusLabel: 'Cargado', upload: null, canUpload: true })
    expect(selectRunningUploads(snap())).toBe(0)
    actor.stop()
  })

  it('Enviar a validar waits for a replacement that is still sending', async () => {
    const stub = stubs('loadDocuments')
    const upload = new UploadStub()
    const actor = createActor(machineOn(stub.loadDocuments as never, upload), { input: INPUT }).start()
    stub.loadDocuments.resolve({ files: REVIEWED.files.map((f) => ({ ...f, status: 1 })), numSended: 3 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(selectCanSend(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'document.upload', tipo: 2, file: SUMMARY })
    expect(selectCanSend(actor.getSnapshot())).toBe(false)
    upload.of(2).sendBack({ type: 'upload.done', file: UPLOADED_ENTRY })
    expect(selectCanSend(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'documents.send' })
    expect(selectCompleteNotice(actor.getSnapshot())).toEqual(COMPLETE_NOTICE)
    actor.stop()
  })
})
