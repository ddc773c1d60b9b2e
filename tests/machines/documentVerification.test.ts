/**
 * Model-based tests of the verification page: every shortest path plus every remaining transition, on a real actor
 * whose loads and 'Guardar cambios' wait on deferred promises, with the three real comment children running.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  documentVerificationMachine,
  selectCanChooseStatus,
  selectCanSave,
  selectIsSaving,
  selectionFrom,
  type DocumentVerificationSnapshot,
} from '../../machines/documentVerification.machine'
import { commentMachine, COMMENT_SENT } from '../../machines/comment.machine'
import { normalizeFiles, type DocumentsInfo } from '../../machines/claimDocuments.machine'
import { recordCoverage } from './support/modelTest'
import { drivePath, flush, generatePaths, replayEachPath, stubs, unreachedStates } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const entry = (tipo: string, status: number) => ({ tipo, status, nombre: `doc${tipo}.pdf`, url: `/api/file/download/${tipo}`, comentario: null })
const UPLOADED: DocumentsInfo = { files: [entry('1', 1), entry('2', 1), entry('3', 1)], numSended: 3 }
const REVIEWED: DocumentsInfo = { files: [entry('1', 2), entry('2', 3), entry('3', 4)], numSended: 3 }
const SERVER_REASON = 'Debe calificar cada uno de los tres documentos una sola vez'

const EVENTS = [
  { type: 'xstate.done.actor.loadDocuments', output: UPLOADED },
  { type: 'xstate.done.actor.loadDocuments', output: REVIEWED },
  { type: 'status.select', tipo: 1, status: 2 },
  { type: 'status.select', tipo: 2, status: 5 },
  { type: 'status.select', tipo: 3, status: 4 },
  { type: 'status.select', tipo: 1, status: 1 },
  { type: 'xstate.error.actor.verifyFiles', error: new ApiError(SERVER_REASON, 409) },
] as const

const INPUT = { idEvento: 77 }
const generated = generatePaths(documentVerificationMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const readOnly = generatePaths(documentVerificationMachine as AnyStateMachine, {
  events: EVENTS,
  input: { ...INPUT, readOnly: true },
  kind: 'shortest',
})
const coverage = recordCoverage(documentVerificationMachine, { input: INPUT })

function start(input: { idEvento: number; readOnly?: boolean }, inspect?: typeof coverage.inspect) {
  const stub = stubs('loadDocuments', 'verifyFiles', 'sendComment')
  const actor = createActor(
    documentVerificationMachine.provide({
      actors: {
        loadDocuments: stub.loadDocuments.logic,
        verifyFiles: stub.verifyFiles.logic,
        comment: commentMachine.provide({ actors: { sendComment: stub.sendComment.logic } }),
      },
    }),
    { input, inspect },
  ).start()
  return { actor, stub }
}

describe('documentVerification: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(documentVerificationMachine, generated.shortest)).toEqual([])
  })

  it('preselects statuses that are already a review (2 to 5)', () => {
    expect(selectionFrom(normalizeFiles(REVIEWED.files))).toEqual({ 1: 2, 2: 3, 3: 4 })
    expect(selectionFrom(normalizeFiles(UPLOADED.files))).toEqual({ 1: null, 2: null, 3: null })
  })

  it('never saves nor changes a status in the read-only variant', () => {
    for (const path of readOnly.shortest) {
      const snapshot = path.state as DocumentVerificationSnapshot
      expect(snapshot.matches({ ready: 'saving' })).toBe(false)
      expect(snapshot.can({ type: 'status.select', tipo: 1, status: 2 })).toBe(false)
    }
  })
})

describe('documentVerification: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof documentVerificationMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    const started = start(INPUT, coverage.inspect)
    actor = started.actor
    const { stub } = started
    const saved: unknown[] = []
    actor.on('verification.saved', (event) => saved.push(event))
    let saves = 0

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { selection } = real.context
      const allChosen = [1, 2, 3].every((tipo) => selection[tipo as 1 | 2 | 3] !== null)
      expect(selectCanSave(real)).toBe(real.matches({ ready: 'editing' }) && allChosen)
      expect(selectIsSaving(real)).toBe(real.matches({ ready: 'saving' }))
      expect(selectCanChooseStatus(real)).toBe(real.matches({ ready: 'editing' }))
      if (real.matches('ready')) {
        // One comment child per document, fed with the document's url and its chosen status.
        for (const tipo of [1, 2, 3] as const) {
          const child = real.children[`comment${tipo}`]!.getSnapshot()
          expect(child.context.fileUrl).toBe(`/api/file/download/${tipo}`)
          expect(child.context.status).toBe(selection[tipo])
        }
      } else {
        expect(real.children.comment1).toBeUndefined()
      }
      if (real.matches({ ready: 'saving' })) {
        expect(stub.verifyFiles.last.input).toEqual({
          idEvento: 77,
          preguntas: [1, 2, 3].map((tipo) => ({ tipo, idStatus: selection[tipo as 1 | 2 | 3] })),
        })
      }
      if (real.matches('loading')) expect(stub.loadDocuments.last.input).toEqual({ idEvento: 77 })
      expect(saved.length).toBe(saves)
      if (real.context.alert !== null) expect(['Error', SERVER_REASON]).toContain(real.context.alert)
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      custom: {
        'xstate.done.actor.verifyFiles': () => {
          saves += 1
          stub.verifyFiles.resolve({ success: true })
        },
      },
    })
  })
})

describe('documentVerification: a comment from the page', () => {
  it('sends the chosen status with the text and shows the notice for 6 s', async () => {
    vi.useFakeTimers()
    const { actor, stub } = start(INPUT)
    stub.loadDocuments.resolve(UPLOADED)
    await flush()
    const comment = () => actor.getSnapshot().children.comment2!
    comment().send({ type: 'comment.open' })
    comment().send({ type: 'comment.change', text: 'Ilegible' })
    comment().send({ type: 'comment.submit' })
    expect(comment().getSnapshot().context.message).toBe('Debe seleccionar una opción y escribir un comentario antes de enviar')
    actor.send({ type: 'status.select', tipo: 2, status: 3 })
    comment().send({ type: 'comment.submit' })
    expect(stub.sendComment.last.input).toEqual({ idEvento: 77, tipo: 2, fileUrl: '/api/file/download/2', estatus: 3, comentario: 'Ilegible' })
    stub.sendComment.resolve({ success: true })
    await flush()
    expect(comment().getSnapshot().context.notice).toBe(COMMENT_SENT)
    await vi.advanceTimersByTimeAsync(5_999)
    expect(comment().getSnapshot().context.notice).toBe(COMMENT_SENT)
    await vi.advanceTimersByTimeAsync(1)
    expect(comment().getSnapshot().context.notice).toBeNull()
    actor.stop()
    vi.useRealTimers()
  })

  it('in the read-only variant offers neither comments nor status edits', async () => {
    const { actor, stub } = start({ ...INPUT, readOnly: true })
    stub.loadDocuments.resolve(REVIEWED)
    await flush()
    expect(actor.getSnapshot().children.comment1!.getSnapshot().can({ type: 'comment.open' })).toBe(false)
    expect(selectCanSave(actor.getSnapshot())).toBe(false)
    actor.stop()
  })
})
