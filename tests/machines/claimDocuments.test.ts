/**
 * Model-based tests of the document upload page. Loads wait on deferred promises; uploads run through the real
 * `uploadActorFrom` wrapper around a fake transport that the path drives (progress bytes, success, failure), so the
 * progress the view shows is the transport's own byte count.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  NOT_A_PDF,
  UPLOAD_ERROR,
  claimDocumentsMachine,
  displayFileName,
  isPdfUpload,
  progressLabel,
  selectCanAssignProvider,
  selectCanUpload,
  selectCanVerify,
  selectShowAssignProvider,
  selectSlots,
  selectUploadPercent,
  selectUploadedCount,
  selectVerifiedCount,
  uploadActorFrom,
  type ClaimDocumentsEmitted,
  type ClaimDocumentsSnapshot,
  type DocumentsInfo,
  type UploadRequest,
} from '../../machines/claimDocuments.machine'
import { recordCoverage } from './support/modelTest'
import { type Deferred, deferred, describeReachability, drivePath, generatePaths, replayEachPath, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const entry = (tipo: string, status: number, nombre = `documento_${tipo}_firmado.pdf`) => ({
  tipo,
  status,
  nombre,
  url: `/api/file/download/${tipo}`,
  comentario: null,
})
const NONE: DocumentsInfo = { files: [], numSended: 0 }
const PARTIAL: DocumentsInfo = { files: [entry('1', 1, 'formato_solicitud_2025.pdf')], numSended: 1 }
const UPLOADED: DocumentsInfo = { files: [entry('1', 1), entry('2', 3), entry('3', 1)], numSended: 3 }
const VERIFIED: DocumentsInfo = { files: [entry('1', 2), entry('2', 4), entry('3', 2)], numSended: 3 }
/** What each load shows: uploaded, verified, 'Verificar documentos', 'Asignar proveedor'. */
const EXPECTED = new Map<DocumentsInfo, [number, number, boolean, boolean]>([
  [NONE, [0, 0, false, false]],
  [PARTIAL, [1, 0, false, false]],
  [UPLOADED, [3, 0, true, false]],
  [VERIFIED, [3, 3, true, true]],
])

const PDF = new File(['%PDF-1.7\n…'], 'resumen.pdf', { type: 'application/pdf' })
const PNG = new File(['\x89PNG'], 'foto.png', { type: 'image/png' })
const DISGUISED = new File(['MZ\x90'], 'contrato.pdf', { type: 'application/pdf' })
const SERVER_REASON = 'El archivo excede el tamaño permitido'

const EVENTS = [
  { type: 'xstate.done.actor.loadDocuments', output: NONE },
  { type: 'xstate.done.actor.loadDocuments', output: PARTIAL },
  { type: 'xstate.done.actor.loadDocuments', output: UPLOADED },
  { type: 'xstate.done.actor.loadDocuments', output: VERIFIED },
  { type: 'document.upload', tipo: 1, file: PDF, firstBytes: '%PDF-' },
  { type: 'document.upload', tipo: 2, file: PNG },
  { type: 'document.upload', tipo: 3, file: DISGUISED, firstBytes: 'MZ\x90' },
  { type: 'upload.progress', loaded: 5, total: 10 },
  { type: 'upload.fail', reason: SERVER_REASON },
  { type: 'upload.fail', reason: null },
] as const

const INPUT = { idEvento: 77 }
const generated = generatePaths(claimDocumentsMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const readOnlyGenerated = generatePaths(claimDocumentsMachine as AnyStateMachine, {
  events: EVENTS,
  input: { ...INPUT, readOnly: true },
  kind: 'shortest',
})
const coverage = recordCoverage(claimDocumentsMachine, { input: INPUT })

describe('claimDocuments: pure rules', () => {
  it('cuts shown names to 10 characters plus .pdf', () => {
    expect(displayFileName('formato_solicitud_2025.pdf')).toBe('formato_so.pdf')
    expect(displayFileName('ine.PDF')).toBe('ine.pdf')
  })

  it('recognises a PDF by type or name, and by its first bytes when known', () => {
    expect(isPdfUpload({ name: 'a.pdf', type: '' })).toBe(true)
    expect(isPdfUpload({ name: 'scan', type: 'application/pdf' }, '%PDF-1.4')).toBe(true)
    expect(isPdfUpload({ name: 'a.pdf', type: 'application/pdf' }, 'MZ\x90')).toBe(false)
    expect(isPdfUpload({ name: 'a.docx', type: 'application/msword' })).toBe(false)
  })

  it("labels progress as 'n de 3'", () => expect(progressLabel(2)).toBe('2 de 3'))
})

describeReachability('claimDocuments', claimDocumentsMachine, generated.shortest)

interface TransportCall {
  request: UploadRequest
  onProgress: (loaded: number, total: number) => void
  signal: AbortSignal
  result: Deferred<unknown>
}

function runPaths(paths: typeof generated.paths, input: { idEvento: number; readOnly?: boolean }) {
  let actor: Actor<typeof claimDocumentsMachine>
  replayEachPath(paths, () => actor, async (path) => {
    const stub = stubs('loadDocuments')
    const transportCalls: TransportCall[] = []
    const emitted: ClaimDocumentsEmitted[] = []
    let loaded: DocumentsInfo | undefined
    let lastAlertCause: string | null = null
    const transport = (request: UploadRequest, onProgress: (l: number, t: number) => void, signal: AbortSignal) => {
      const call = { request, onProgress, signal, result: deferred<unknown>() }
      transportCalls.push(call)
      return call.result.promise
    }
    actor = createActor(
      claimDocumentsMachine.provide({ actors: { loadDocuments: stub.loadDocuments.logic, uploadDocument: uploadActorFrom(transport) } }),
      { input, inspect: coverage.inspect },
    )
    actor.on('*', (event) => emitted.push(event))
    actor.start()
    const lastTransport = () => transportCalls.at(-1)!

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      const modelSnapshot = model as ClaimDocumentsSnapshot
      expect(real.value).toEqual(modelSnapshot.value)
      expect(real.context).toEqual(modelSnapshot.context)
      if (real.matches('loading')) expect(stub.loadDocuments.last.input).toEqual({ idEvento: 77 })
      if (real.matches('loadFailed')) expect(['Error', null]).toContain(real.context.alert)
      if (real.matches('ready') && loaded) {
        const [uploaded, verified, canVerify, canAssign] = EXPECTED.get(loaded)!
        expect(selectUploadedCount(real)).toBe(uploaded)
        expect(selectVerifiedCount(real)).toBe(verified)
        expect(selectCanVerify(real)).toBe(canVerify)
        expect(selectCanAssignProvider(real)).toBe(canAssign && !input.readOnly)
        expect(selectShowAssignProvider(real)).toBe(!input.readOnly)
        expect(selectCanUpload(real)).toBe(!input.readOnly)
        const slots = selectSlots(real)
        expect(slots.map((s) => s.label)).toEqual(['Formato de solicitud', 'Resumen médico', 'Identificación oficial'])
        if (loaded === PARTIAL) expect(slots.map((s) => s.file?.shownName ?? null)).toEqual(['formato_so.pdf', null, null])
      }
      if (real.matches('uploading')) {
        expect(selectCanUpload(real)).toBe(false)
        expect(real.can({ type: 'documents.verify' })).toBe(false)
        expect(lastTransport().request).toEqual({ idEvento: 77, tipo: 1, file: PDF })
        expect(real.context.upload).toMatchObject({ tipo: 1, fileName: 'resumen.pdf' })
        // The file's size until the transport reports its own byte counts.
        expect(real.context.upload!.total).toBe(real.context.upload!.loaded === 5 ? 10 : PDF.size)
        expect(selectSlots(real).map((s) => s.uploading)).toEqual([true, false, false])
        expect(selectUploadPercent(real)).toBe(real.context.upload!.loaded === 5 ? 50 : 0)
      } else {
        expect(selectUploadPercent(real)).toBeNull()
      }
      if (real.context.alert !== null && !real.matches('loadFailed')) {
        expect(real.context.alert).toBe(lastAlertCause)
      }
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      custom: {
        'xstate.done.actor.loadDocuments': (event) => {
          loaded = (event as unknown as { output: DocumentsInfo }).output
          stub.loadDocuments.resolve(loaded)
        },
        'document.upload': (event) => {
          if ((event as unknown as { file: File }).file !== PDF) lastAlertCause = NOT_A_PDF
          const before = transportCalls.length
          actor.send(event as never)
          // A refused file never reaches the transport.
          if (lastAlertCause === NOT_A_PDF) expect(transportCalls.length).toBe(before)
        },
        'upload.progress': (event) => {
          const { loaded: sent, total } = event as unknown as { loaded: number; total: number }
          lastTransport().onProgress(sent, total)
        },
        'upload.succeed': () => lastTransport().result.resolve({ success: true }),
        'upload.fail': (event) => {
          const reason = (event as unknown as { reason: string | null }).reason
          lastAlertCause = reason ?? UPLOAD_ERROR
          lastTransport().result.reject(reason ? new ApiError(reason, 409) : new Error('network down'))
        },
        'upload.cancel': () => {
          actor.send({ type: 'upload.cancel' })
          expect(lastTransport().signal.aborted).toBe(true)
        },
        'documents.verify': () => {
          actor.send({ type: 'documents.verify' })
          expect(emitted.at(-1)).toEqual({ type: 'navigate.verification', idEvento: 77 })
        },
        'provider.assign': () => {
          actor.send({ type: 'provider.assign' })
          expect(emitted.at(-1)).toEqual({ type: 'navigate.assignProvider', idEvento: 77 })
        },
      },
    })
  }, input.readOnly ? 'claimDocuments (solo lectura)' : 'claimDocuments')
}

describe('claimDocuments: every shortest path and every transition on a real actor', () => {
  runPaths(generated.paths, INPUT)
})

describe('claimDocuments: read-only variant (retail partner)', () => {
  it('offers no upload and no provider assignment in any reachable state', () => {
    for (const path of readOnlyGenerated.shortest) {
      const snapshot = path.state as ClaimDocumentsSnapshot
      expect(snapshot.matches('uploading')).toBe(false)
      expect(snapshot.can({ type: 'provider.assign' })).toBe(false)
      expect(snapshot.can(EVENTS[4] as never)).toBe(false)
    }
  })
  runPaths(readOnlyGenerated.paths, { ...INPUT, readOnly: true })
})
