import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createActor, createMachine, fromPromise } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from '../machines/support/modelTest'
import { requestMachine } from './fixtures'

describe('recordCoverage', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'machine-coverage-'))
  })

  it('records the states and the exact transitions of walked paths, and writes them', async () => {
    const coverage = recordCoverage(requestMachine, { dir, testFile: 'tests/machines/request.test.ts' })
    const model = createMachineModel(requestMachine)
    for (const path of getTransitionTestPaths(model)) await coverage.testPath(path, {})

    const expected = {
      states: ['request.closing', 'request.done', 'request.editing', 'request.sending', 'request.sent'],
      transitions: [
        'request.closing|always|0',
        'request.editing|form.submit|1',
        'request.sending|form.back|0',
        'request.sending|xstate.done.actor.sendRequest|0',
        'request.sending|xstate.error.actor.sendRequest|0',
        'request.sent|xstate.after.toastDuration.request.sent|0',
      ],
    }
    expect(coverage.visited()).toEqual(expected)
    const written = JSON.parse(
      readFileSync(join(dir, 'request', 'tests_machines_request.test.ts.json'), 'utf8'),
    ) as unknown
    expect(written).toEqual({ machineId: 'request', testFile: 'tests/machines/request.test.ts', ...expected })
  })

  it('shortest paths alone leave the transitions back to reached states unrecorded', () => {
    const coverage = recordCoverage(requestMachine, { dir, testFile: 'shortest' })
    for (const path of createMachineModel(requestMachine).getShortestPaths()) coverage.recordPath(path)
    expect(coverage.visited().transitions).not.toContain('request.sending|form.back|0')
    expect(coverage.visited().transitions).not.toContain('request.sending|xstate.error.actor.sendRequest|0')
  })

  it('rejects paths of another machine', () => {
    const [path] = createMachineModel(requestMachine).getShortestPaths()
    const provided = recordCoverage(requestMachine.provide({}), { dir, testFile: 'provided' })
    expect(() => provided.recordPath(path!)).not.toThrow()
    const stranger = recordCoverage(createMachine({ id: 'otra', initial: 'a', states: { a: {} } }), { dir, testFile: 'x' })
    expect(() => stranger.recordPath(path!)).toThrow('recibió un snapshot de la máquina "request"')
  })

  describe('inspect (a real actor)', () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    it('records what the running actor does, delays and invoke results included', async () => {
      const coverage = recordCoverage(requestMachine, { dir, testFile: 'actor' })
      const machine = requestMachine.provide({ actors: { sendRequest: fromPromise<void>(async () => {}) } })
      const actor = createActor(machine, { inspect: coverage.inspect }).start()
      actor.send({ type: 'form.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value).toBe('sent')
      await vi.advanceTimersByTimeAsync(3000)
      expect(actor.getSnapshot().value).toBe('done')
      expect(coverage.visited()).toEqual({
        states: ['request.closing', 'request.done', 'request.editing', 'request.sending', 'request.sent'],
        transitions: [
          'request.closing|always|0',
          'request.editing|form.submit|1',
          'request.sending|xstate.done.actor.sendRequest|0',
          'request.sent|xstate.after.toastDuration.request.sent|0',
        ],
      })
      expect(readdirSync(join(dir, 'request'))).toEqual(['actor.json'])
    })
  })
})
