/**
 * Model-based tests of one document's comment flow: every shortest path (simple paths number over a thousand) plus every remaining transition, on a real
 * actor whose `sendComment` waits on a deferred promise, with the 6 s notice on fake timers.
 */
import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  COMMENT_REQUIRED,
  COMMENT_SENT,
  commentMachine,
  selectBoxOpen,
  selectCanOpen,
  selectIsSending,
  type CommentInput,
  type CommentSnapshot,
} from '../../machines/comment.machine'
import { recordCoverage } from './support/modelTest'
import { drivePath, generatePaths, logicOf, replayEachPath, stubs, unreachedStates } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const INPUT: CommentInput = { idEvento: 77, tipo: 2, fileUrl: '/api/file/download/12', status: null }
const SERVER_REASON = 'El trámite ya no admite comentarios'
const EVENTS = [
  { type: 'comment.statusChange', status: 3 },
  { type: 'comment.change', text: 'Falta la firma' },
  { type: 'comment.change', text: '   ' },
  { type: 'xstate.error.actor.sendComment', error: new ApiError(SERVER_REASON, 409) },
] as const

const generated = generatePaths(commentMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const readOnly = generatePaths(commentMachine as AnyStateMachine, { events: EVENTS, input: { ...INPUT, readOnly: true }, kind: 'simple' })
const coverage = recordCoverage(commentMachine, { input: INPUT })

describe('comment: reachability', () => {
  it('reaches every state by a shortest path', () => {
    expect(unreachedStates(commentMachine, generated.shortest)).toEqual([])
  })

  it('never opens the box in the read-only variant', () => {
    expect(readOnly.shortest.every((path) => (path.state as CommentSnapshot).matches('closed'))).toBe(true)
  })
})

describe('comment: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof commentMachine>
  it('generates a bounded set of paths', () => {
    expect(generated.paths.length).toBeGreaterThan(5)
    expect(generated.paths.length).toBeLessThan(150)
  })

  replayEachPath(generated.paths, () => actor, async (path) => {
    const stub = stubs('sendComment')
    actor = createActor(commentMachine.provide({ actors: logicOf(stub) }), {
      input: INPUT,
      inspect: coverage.inspect,
    }).start()
    let submittedIncomplete = false

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      const { status, text, message, notice } = real.context
      expect(selectBoxOpen(real)).toBe(real.matches('open') || real.matches('sending'))
      expect(selectIsSending(real)).toBe(real.matches('sending'))
      expect(selectCanOpen(real)).toBe(real.matches('closed') || real.matches('sent'))
      if (real.matches('sending')) {
        expect(stub.sendComment.last.input).toEqual({
          idEvento: 77,
          tipo: 2,
          fileUrl: '/api/file/download/12',
          estatus: 3,
          comentario: 'Falta la firma',
        })
      }
      if (real.matches('open') && submittedIncomplete) {
        expect(status === null || text.trim() === '').toBe(true)
        expect(message).toBe(COMMENT_REQUIRED)
      }
      if (message !== null) expect([COMMENT_REQUIRED, SERVER_REASON]).toContain(message)
      expect(notice).toBe(real.matches('sent') ? COMMENT_SENT : null)
      if (real.matches('sent')) expect(text).toBe('')
    }

    await drivePath(coverage, path, check, {
      actor: () => actor,
      stubs: stub,
      delays: { commentNotice: 6_000 },
      custom: {
        'comment.submit': () => {
          const { status, text } = actor.getSnapshot().context
          submittedIncomplete = status === null || text.trim() === ''
          actor.send({ type: 'comment.submit' })
        },
        'comment.change': (event) => {
          submittedIncomplete = false
          actor.send(event as never)
        },
        'comment.statusChange': (event) => {
          submittedIncomplete = false
          actor.send(event as never)
        },
      },
    })
  })
})
