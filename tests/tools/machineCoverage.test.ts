import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkCoverage } from '../../tools/machineCoverage'
import { readCoverageRecords, resetCoverageRecords, writeCoverageRecord, type CoverageRecord } from '../../tools/coverageStore'
import { createMachineModel, getTransitionTestPaths, recordCoverage } from '../machines/support/modelTest'
import { claimFlowMachine, requestMachine } from './fixtures'

const catalog = [
  { id: 'request', description: 'Solicitud.', machine: requestMachine },
  { id: 'claimFlow', description: 'Trámite.', machine: claimFlowMachine },
]

const ALL_REQUEST_STATES = ['request.blocked', 'request.closing', 'request.done', 'request.editing', 'request.sending', 'request.sent']
const ALL_REQUEST_TRANSITIONS = [
  'request.closing|always|0',
  'request.editing|form.submit|0',
  'request.editing|form.submit|1',
  'request.sending|form.back|0',
  'request.sending|xstate.done.actor.sendRequest|0',
  'request.sending|xstate.error.actor.sendRequest|0',
  'request.sent|xstate.after.toastDuration.request.sent|0',
]

describe('checkCoverage', () => {
  it('names each state and transition a deliberately incomplete record misses', () => {
    const records: Record<string, CoverageRecord[]> = {
      request: [
        {
          machineId: 'request',
          testFile: 'tests/machines/request.test.ts',
          states: ALL_REQUEST_STATES.filter((s) => s !== 'request.blocked'),
          transitions: ALL_REQUEST_TRANSITIONS.filter((t) => t !== 'request.editing|form.submit|0' && t !== 'request.sending|form.back|0'),
        },
      ],
    }
    const [request, claimFlow] = checkCoverage(catalog, (id) => records[id] ?? [])
    expect(request!.report).toEqual([
      '✗ request: faltan 3 (tests/machines/request.test.ts):',
      '  - estado blocked  (#request.blocked)',
      '  - transición editing --form.submit [isBlocked]--> blocked  [request.editing|form.submit|0]',
      '  - transición sending --form.back--> editing  [request.sending|form.back|0]',
    ])
    expect(claimFlow!.report).toEqual([
      '✗ claimFlow: ninguna prueba registró cobertura; sus pruebas de modelo deben usar recordCoverage (tests/machines/support/modelTest.ts)',
    ])
  })

  it('merges the records of several test files and passes when everything was reached', () => {
    const half = (items: string[], odd: boolean) => items.filter((_, i) => i % 2 === (odd ? 1 : 0))
    const records = [
      { machineId: 'request', testFile: 'b.test.ts', states: half(ALL_REQUEST_STATES, false), transitions: half(ALL_REQUEST_TRANSITIONS, false) },
      { machineId: 'request', testFile: 'a.test.ts', states: half(ALL_REQUEST_STATES, true), transitions: half(ALL_REQUEST_TRANSITIONS, true) },
    ]
    const [request] = checkCoverage(catalog.slice(0, 1), () => records)
    expect(request!.report).toEqual(['✓ request: 6 estados y 7 transiciones (a.test.ts, b.test.ts)'])
  })

  it('does not ask to reach history pseudo-states, and reports what the model tests could not reach', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-check-'))
    const coverage = recordCoverage(claimFlowMachine, { dir, testFile: 'claimFlow.test.ts' })
    for (const path of getTransitionTestPaths(createMachineModel(claimFlowMachine))) await coverage.testPath(path, {})
    const [result] = checkCoverage(catalog.slice(1), (id) => readCoverageRecords(id, dir))
    // The guard `hasDocuments && !isAdmin` is false with these implementations, so `approved` is unreachable.
    expect(result!.report).toEqual([
      '✗ claimFlow: faltan 2 (claimFlow.test.ts):',
      '  - estado open.review.approved  (#claimFlow.open.review.approved)',
      '  - transición open.review.waiting --doc.approve [hasDocuments && !isAdmin]--> open.review.approved  [claimFlow.open.review.waiting|doc.approve|0]',
    ])
    resetCoverageRecords(dir)
    expect(readCoverageRecords('claimFlow', dir)).toEqual([])
  })

  it('stores one record per machine and test file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-store-'))
    writeCoverageRecord({ machineId: 'request', testFile: 'tests/x.test.ts', states: ['a'], transitions: [] }, dir)
    writeCoverageRecord({ machineId: 'request', testFile: 'tests/x.test.ts', states: ['a', 'b'], transitions: ['t'] }, dir)
    expect(readCoverageRecords('request', dir)).toEqual([
      { machineId: 'request', testFile: 'tests/x.test.ts', states: ['a', 'b'], transitions: ['t'] },
    ])
  })
})
