import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where model-based tests leave what they reached, and where the coverage check reads it:
 * `.tmp/machine-coverage/<machine id>/<test file slug>.json`, one file per test file and machine, so parallel vitest
 * workers never write the same file. `npm test` clears the folder before vitest runs (`--reset`), so a record
 * always belongs to the current run. `MACHINE_COVERAGE_DIR` moves the folder (for runs side by side).
 */
export const COVERAGE_DIR = process.env.MACHINE_COVERAGE_DIR ?? join(process.cwd(), '.tmp', 'machine-coverage')

export interface CoverageRecord {
  machineId: string
  testFile: string
  states: string[]
  transitions: string[]
}

export function writeCoverageRecord(record: CoverageRecord, dir = COVERAGE_DIR): string {
  const machineDir = join(dir, slug(record.machineId))
  mkdirSync(machineDir, { recursive: true })
  const file = join(machineDir, `${slug(record.testFile)}.json`)
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`)
  return file
}

/** Every record left for one machine, in file-name order. */
export function readCoverageRecords(machineId: string, dir = COVERAGE_DIR): CoverageRecord[] {
  const machineDir = join(dir, slug(machineId))
  if (!existsSync(machineDir)) return []
  return readdirSync(machineDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(machineDir, name), 'utf8')) as CoverageRecord)
}

export function resetCoverageRecords(dir = COVERAGE_DIR): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'unknown'
}
