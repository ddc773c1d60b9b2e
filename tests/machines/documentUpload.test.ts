/**
 * Model-based tests of one slot's resumable upload (documentUpload, issue 22): every shortest path plus one path per
 * remaining transition is replayed on a real actor whose transport is a callback stub; the path's progress, drop,
 * answer and failure come back through the stub's own `sendBack`, pause and resume go to the stub, and a paused
 * upload expires on vitest's fake clock after the spec's 24 hours.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type Actor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'
import {
  documentUploadMachine,
  percentOf,
  selectProgress,
  selectUploadPhase,
  type UploadDocumentInput,
  type UploadDocumentLogic,
} from '../../machines/documentUpload.machine'
import { ApiError } from '../../domain/contract/envelope'
import { recordCoverage } from './support/modelTest'
import { drivePath, generatePaths, itKeepsPathsFew, namedPaths, unreachedStates } from './drivers/deferredActors'

/** A File whose JSON form tells samples apart (the traversal keys events by JSON.stringify). */
const SUMMARY = Object.assign(new File([new Uint8Array(2048)], 'resumen.pdf', { type: 'application/pdf' }), {
  toJSON: () => ({ name: 'resumen.pdf', type: 'application/pdf', size: 2048 }),
})
const INPUT: UploadDocumentInput = { idEvento: 321, tipo: 2, file: SUMMARY }
const STORED = { url: '/api/file/claim/21', status: 1, tipo: '2', nombre: 'resumen.pdf', comentario: null }
const SERVER_REASON = 'El archivo excede el tamaño permitido'

const EVENTS = [
  { type: 'upload.progress', loaded: 1024, total: 2048 },
  { type: 'upload.dropped' },
  { type: 'upload.pause' },
  { type: 'upload.resume' },
  { type: 'xstate.after.uploadExpiry.documentUpload.uploading.paused' },
  { type: 'upload.cancel' },
  { type: 'upload.done', file: STORED },
  { type: 'upload.failed', error: new ApiError(SERVER_REASON, 413) },
  { type: 'upload.failed', error: { message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.uploadDocument', error: new Error('adapter crashed') },
] as const

/** The transport the test drives: it records its input, what the machine told it, and hands out its `sendBack`. */
class TransportStub {
  readonly calls: { input: UploadDocumentInput; sendBack: (event: AnyEventObject) => void; stopped: boolean; crashed: boolean; received: string[] }[] = []
  readonly logic: UploadDocumentLogic = fromCallback<EventObject, UploadDocumentInput>(({ input, sendBack, receive }) => {
    const call = { input, sendBack, stopped: false, crashed: false, received: [] as string[] }
    this.calls.push(call)
    receive((event) => {
      call.received.push(event.type)
      // An adapter that throws: xstate reports it to the machine as xstate.error.actor.uploadDocument.
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

const generated = generatePaths(documentUploadMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const coverage = recordCoverage(documentUploadMachine, { input: INPUT })

describe('documentUpload: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(documentUploadMachine, generated.shortest)).toEqual([])
  })
  it('computes the byte progress as a percentage', () => {
    expect(percentOf({ loaded: 512, total: 1024 })).toBe(50)
    expect(percentOf({ loaded: 0, total: 0 })).toBe(0)
    expect(percentOf({ loaded: 2000, total: 1024 })).toBe(100)
  })
})

describe('documentUpload: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof documentUploadMachine>
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    actor?.stop()
    vi.useRealTimers()
  })

  itKeepsPathsFew(generated.paths, { moreThan: 5, lessThan: 60 })

  for (const [name, path] of namedPaths('documentUpload', generated.paths)) {
    it(name, async () => {
      const transport = new TransportStub()
      actor = createActor(documentUploadMachine.provide({ actors: { uploadDocument: transport.logic } }), {
        input: INPUT,
        inspect: coverage.inspect,
      }).start()
      let lastFailure: unknown

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        const { context } = real
        // One transport call for the slot's own file, never a second one.
        expect(transport.calls).toHaveLength(1)
        expect(transport.last.input).toEqual({ idEvento: 321, tipo: 2, file: SUMMARY })
        expect(context.fileName).toBe('resumen.pdf')
        expect(context.loaded).toBeLessThanOrEqual(context.total)
        const phase = selectUploadPhase(real)
        if (real.matches('uploading')) {
          expect(real.status).toBe('active')
          expect(transport.last.stopped).toBe(false)
          expect(selectProgress(real)).toBe(percentOf(context))
          expect(phase).toBe(real.matches({ uploading: 'paused' }) ? 'paused' : real.matches({ uploading: 'dropped' }) ? 'dropped' : 'sending')
          // Paused: the transport was told to stop sending (it keeps running, so resuming continues from the server).
          const told = transport.last.received.at(-1)
          if (phase === 'paused') expect(told).toBe('upload.pause')
          else if (told !== undefined) expect(told).toBe('upload.resume')
        } else {
          // Ended: the output tells the slot what happened, and the transport is stopped (cancelled on the server) or
          // it crashed by itself.
          expect(real.status).toBe('done')
          expect(phase).toBeNull()
          expect(selectProgress(real)).toBeNull()
          expect(transport.last.stopped || transport.last.crashed).toBe(true)
          const output = real.output!
          expect(output.tipo).toBe(2)
          if (real.matches('stored')) expect(output).toEqual({ tipo: 2, outcome: 'stored', file: STORED })
          if (real.matches('cancelled')) expect(output).toEqual({ tipo: 2, outcome: 'cancelled' })
          if (real.matches('expired')) expect(output).toEqual({ tipo: 2, outcome: 'expired', reason: 'La carga caducó; vuelve a elegir el archivo.' })
          if (real.matches('failed')) {
            const reason = lastFailure instanceof ApiError ? SERVER_REASON : 'Ocurrió un error al subir el archivo'
            expect(output).toEqual({ tipo: 2, outcome: 'failed', reason })
          }
        }
      }

      const sendBack = (event: AnyEventObject) => {
        if (event.type === 'upload.failed') lastFailure = (event as { error?: unknown }).error
        transport.last.sendBack(event)
      }
      await drivePath(coverage, path, check, {
        actor: () => actor,
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
