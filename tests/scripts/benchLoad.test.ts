/** `npm run bench:load`'s pure parts: options, ratios and verdicts, the Markdown (nothing here times anything). */
import { describe, expect, it } from 'vitest'
import { benchDatabaseName, measures, parseLoadArgs } from '../../scripts/benchLoad/args'
import { figureRow, formatValue, median, medianOfRoundRatios, passes, problemOf, ratio, renderLoadMarkdown, type Figure, type LoadSample } from '../../scripts/benchLoad/verdict'

const sample = (over: Partial<LoadSample> = {}): LoadSample => ({
  label: 'one claim',
  connections: 50,
  rps: 400,
  p50: 100,
  p99: 250,
  failures: 0,
  load: [1.5, 1.2, 1],
  ...over,
})

const figure = (over: Partial<Figure> = {}): Figure => ({
  name: 'One claim',
  measure: 'requests/s ÷ anchor',
  value: 0.45,
  unit: '%',
  comparison: '≥',
  target: 0.4,
  detail: '450 vs 1000 req/s',
  loads: [1.5, 2.25],
  ...over,
})

describe('parseLoadArgs', () => {
  it('measures every group unless --only names some', () => {
    expect(measures(parseLoadArgs([]), 'uploads')).toBe(true)
    const only = parseLoadArgs(['--only', 'search,queue'])
    expect(only.only).toEqual(['search', 'queue'])
    expect(measures(only, 'search')).toBe(true)
    expect(measures(only, 'uploads')).toBe(false)
  })

  it('defaults to PostgreSQL with a million claims, 10 s, 50 connections, 3 rounds', () => {
    expect(parseLoadArgs([])).toEqual({ db: 'postgres', claims: 1_000_000, duration: 10, connections: 50, rounds: 3, fresh: false, source: false })
  })

  it('defaults PGlite to 100 000 claims and reads --name value and --name=value', () => {
    expect(parseLoadArgs(['--db=pglite'])).toMatchObject({ db: 'pglite', claims: 100_000 })
    expect(parseLoadArgs(['--claims', '20000', '--duration=3', '--connections', '10', '--rounds=4', '--fresh', '--source', '--database', 'bench27'])).toEqual({
      db: 'postgres',
      claims: 20_000,
      duration: 3,
      connections: 10,
      rounds: 4,
      fresh: true,
      source: true,
      database: 'bench27',
    })
  })

  it('refuses what it cannot use, and fewer than three rounds (no median of the rounds)', () => {
    expect(() => parseLoadArgs(['--rounds', '2'])).toThrow(/--rounds/)
    expect(() => parseLoadArgs(['--database', 'Bench; drop'])).toThrow(/--database/)
    expect(() => parseLoadArgs(['--db', 'mysql'])).toThrow(/--db/)
    expect(() => parseLoadArgs(['--only', 'search,everything'])).toThrow(/--only/)
    expect(() => parseLoadArgs(['--claims', '0'])).toThrow(/--claims/)
    expect(() => parseLoadArgs(['--duration', '2.5'])).toThrow(/--duration/)
    expect(() => parseLoadArgs(['--rounds', '1'])).toThrow(/--rounds/)
  })

  it('names the kept database bench_1m for a million claims', () => {
    expect(benchDatabaseName(1_000_000)).toBe('bench_1m')
    expect(benchDatabaseName(20_000)).toBe('bench_20000')
  })
})

describe('the median of the rounds', () => {
  it('pairs each measurement with its reference of the same round and takes the middle ratio', () => {
    const measured = [sample({ round: 1, p50: 10 }), sample({ round: 2, p50: 40 }), sample({ round: 3, p50: 12 })]
    const reference = [sample({ round: 1, p50: 5 }), sample({ round: 2, p50: 10 }), sample({ round: 3, p50: 4 })]
    // 2×, 4×, 3×: a round whose load doubled both moves the ratio less than the means would (62 ÷ 19 = 3.26×).
    expect(medianOfRoundRatios(measured, reference, (s) => s.p50)).toEqual({ value: 3, ratios: [2, 4, 3] })
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('ratios and verdicts', () => {
  it('divides by a positive reference only', () => {
    expect(ratio(50, 200)).toBe(0.25)
    expect(() => ratio(1, 0)).toThrow(/positive/)
  })

  it('passes a figure on the right side of its target, the target itself included', () => {
    expect(passes(figure())).toBe(true)
    expect(passes(figure({ value: 0.4 }))).toBe(true)
    expect(passes(figure({ value: 0.39 }))).toBe(false)
    expect(passes(figure({ unit: '×', comparison: '≤', value: 2.5, target: 2 }))).toBe(false)
    expect(passes(figure({ unit: '×', comparison: '≤', value: 1.5, target: 2 }))).toBe(true)
  })

  it('fails a figure whose requests failed, whatever its value', () => {
    const problem = problemOf([sample(), sample({ failures: 3 })])
    expect(problem).toMatch(/3 requests failed/)
    expect(problemOf([sample()])).toBeUndefined()
    expect(passes(figure({ problem }))).toBe(false)
  })

  it('formats each unit', () => {
    expect(formatValue(0.456, '%')).toBe('46 %')
    expect(formatValue(1.234, '×')).toBe('1.23×')
    expect(formatValue(12.34, 'MiB')).toBe('12.3 MiB')
    expect(formatValue(999.6, 'ms')).toBe('1000 ms')
  })

  it('prints the target, the verdict and the load range on the figure row', () => {
    expect(figureRow(figure())).toBe('| One claim | requests/s ÷ anchor | 45 % | ≥ 40 % | PASS | 450 vs 1000 req/s | 1.50–2.25 |')
    expect(figureRow(figure({ value: 0.3, loads: [2] }))).toContain('| FAIL | 450 vs 1000 req/s | 2.00 |')
  })
})

describe('renderLoadMarkdown', () => {
  it('shows the load average, each figure and each measurement', () => {
    const markdown = renderLoadMarkdown({
      title: 'PostgreSQL, 20,000 benchmark claims',
      date: '2025-01-02T03:04:05.000Z',
      command: 'npm run bench:load -- --claims 20000',
      notes: ['Machine: 2 CPUs'],
      loadStart: [1, 2, 3],
      loadEnd: [4, 5, 6],
      figures: [figure(), figure({ value: 0.1 })],
      samples: [sample({ label: 'anchor', rps: 1000 }), sample({ label: 'one claim', cpuPerRequest: { server: 131.4, postgres: 148.6, machine: 352 } })],
    })
    expect(markdown).toContain('## PostgreSQL, 20,000 benchmark claims')
    expect(markdown).toContain('2025-01-02 03:04 UTC')
    expect(markdown).toContain('at the start 1.00 / 2.00 / 3.00, at the end 4.00 / 5.00 / 6.00')
    expect(markdown).toContain('1 of 2 figures meet their target.')
    expect(markdown).toContain('| anchor | 50 | 1000 | 100.0 | 250.0 | 0 | – | 1.50 / 1.20 / 1.00 |')
    expect(markdown).toContain('| one claim | 50 | 400 | 100.0 | 250.0 | 0 | 131 / 149 / 352 | 1.50 / 1.20 / 1.00 |')
  })
})
