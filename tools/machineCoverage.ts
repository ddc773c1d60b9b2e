/**
 * Coverage check of the model-based tests, run by `npm test` after vitest: fails when a state or a transition of a
 * registered machine was not reached by that machine's tests, naming each one.
 *
 *   tsx tools/machineCoverage.ts            every machine of tools/catalog/machineCatalog.ts
 *   tsx tools/machineCoverage.ts login      only these machines (after running only their tests)
 *   tsx tools/machineCoverage.ts --reset    forget earlier records (npm test does this before vitest)
 *
 * Tests record through tests/machines/support/modelTest.ts (`recordCoverage`), into .tmp/machine-coverage/.
 */
import { machineCatalog, type MachineCatalogEntry } from './catalog/machineCatalog'
import { findCoverageGap, formatCoverageGap, isComplete, toMachineGraph, type CoverageGap } from './machineGraph'
import { readCoverageRecords, resetCoverageRecords, type CoverageRecord } from './coverageStore'

export interface MachineCoverageResult {
  id: string
  testFiles: string[]
  gap: CoverageGap
  report: string[]
}

export function checkCoverage(
  catalog: readonly MachineCatalogEntry[],
  readRecords: (machineId: string) => CoverageRecord[],
): MachineCoverageResult[] {
  return catalog.map((entry) => {
    const graph = toMachineGraph(entry.machine)
    const records = readRecords(entry.machine.id)
    const gap = findCoverageGap(graph, {
      states: records.flatMap((r) => r.states),
      transitions: records.flatMap((r) => r.transitions),
    })
    const testFiles = [...new Set(records.map((r) => r.testFile))].sort()
    const report: string[] = []
    if (isComplete(gap)) {
      report.push(`✓ ${entry.id}: ${gap.totalStates} estados y ${gap.totalTransitions} transiciones (${testFiles.join(', ')})`)
    } else if (records.length === 0) {
      report.push(
        `✗ ${entry.id}: ninguna prueba registró cobertura; sus pruebas de modelo deben usar recordCoverage ` +
          '(tests/machines/support/modelTest.ts)',
      )
    } else {
      const missing = gap.missingStates.length + gap.missingTransitions.length
      report.push(`✗ ${entry.id}: faltan ${missing} (${testFiles.join(', ')}):`)
      report.push(...formatCoverageGap(graph, gap))
    }
    return { id: entry.id, testFiles, gap, report }
  })
}

function main(): number {
  const args = process.argv.slice(2)
  if (args.includes('--reset')) {
    resetCoverageRecords()
    return 0
  }
  const unknown = args.filter((id) => !machineCatalog.some((e) => e.id === id))
  if (unknown.length) {
    console.error(`No registradas en tools/catalog/machineCatalog.ts: ${unknown.join(', ')}`)
    return 2
  }
  const catalog = args.length ? machineCatalog.filter((e) => args.includes(e.id)) : machineCatalog
  const results = checkCoverage(catalog, (id) => readCoverageRecords(id))
  for (const line of results.flatMap((r) => r.report)) console.log(line)
  const incomplete = results.filter((r) => !isComplete(r.gap))
  if (incomplete.length) {
    console.error(`\nCobertura de máquinas incompleta: ${incomplete.map((r) => r.id).join(', ')}`)
    return 1
  }
  console.log(`\nCobertura de máquinas completa (${results.length}).`)
  return 0
}

if (process.argv[1] && /machineCoverage\.ts$/.test(process.argv[1])) process.exitCode = main()
