/**
 * Service levels (issue 23): whom each stage waits on, the default targets of the README, the targets' validation
 * and each badge at its boundary, on a controlled clock.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_SERVICE_TARGETS, STAGE_WAITS_ON, dueSoonHorizon, serviceTargetReason, stageClock, timedStagesWaitingOn } from '../../domain/serviceLevels'

describe('whom a stage waits on', () => {
  it.each([
    [1, 'collaborator'],
    [2, 'collaborator'],
    [3, 'executive'],
    [4, 'collaborator'],
    [5, 'executive'],
    [6, 'executive'],
    [7, 'provider'],
    [9, 'administrator'],
    [8, null],
    [10, null],
  ] as const)('stage %i waits on %s', (stage, party) => {
    expect(STAGE_WAITS_ON[stage]).toBe(party)
  })

  it('has the README defaults in business days', () => {
    expect(DEFAULT_SERVICE_TARGETS).toEqual({ 3: 2, 5: 1, 6: 3, 7: 5, 9: 5 })
  })
})

describe('the clock of a stage', () => {
  // Validación de documentos (2 business days) entered on Monday 23 November 2026 at 09:00 in Mexico City.
  const entered = new Date('2026-11-23T15:00:00Z')
  const clockAt = (iso: string) => stageClock(3, entered, new Date(iso))

  it.each([
    ['2026-11-23T15:00:00Z', 'onTime'],
    ['2026-11-25T05:23:59Z', 'onTime'], // just before 80 % of the target (Tuesday 23:24)
    ['2026-11-25T05:24:00Z', 'dueSoon'],
    ['2026-11-25T15:00:00Z', 'dueSoon'], // the due instant itself is still due soon
    ['2026-11-25T15:00:01Z', 'overdue'],
  ])('at %s the badge is %s', (now, badge) => {
    expect(clockAt(now)?.badge).toBe(badge)
  })

  it('names the due instant, the party and the business days used', () => {
    const clock = clockAt('2026-11-24T15:00:00Z')
    expect(clock?.dueAt.toISOString()).toBe('2026-11-25T15:00:00.000Z')
    expect(clock?.waitsOn).toBe('executive')
    expect(clock?.targetDays).toBe(2)
    expect(clock?.businessDaysUsed).toBeCloseTo(1, 10)
  })

  it('does not run over a weekend', () => {
    // Invoice approval (5 days) entered on Friday 27 November 2026 at 12:00: due Friday 4 December at 12:00.
    const clock = stageClock(9, new Date('2026-11-27T18:00:00Z'), new Date('2026-11-30T06:00:00Z'))
    expect(clock?.dueAt.toISOString()).toBe('2026-12-04T18:00:00.000Z')
    expect(clock?.businessDaysUsed).toBeCloseTo(0.5, 10)
    expect(clock?.badge).toBe('onTime')
  })

  it('has no office clock while the claim waits on the collaborator or is final', () => {
    for (const stage of [1, 2, 4, 8, 10]) expect(stageClock(stage, entered, new Date('2027-01-01T00:00:00Z'))).toBeNull()
  })

  it('uses the targets it is given', () => {
    expect(stageClock(5, entered, new Date('2026-11-24T16:00:00Z'), { ...DEFAULT_SERVICE_TARGETS, 5: 3 })?.badge).toBe('onTime')
    expect(stageClock(5, entered, new Date('2026-11-24T16:00:00Z'))?.badge).toBe('overdue')
  })
})

describe('a target typed by the administrator', () => {
  it.each([
    ['', 'Campo requerido'],
    ['   ', 'Campo requerido'],
    ['1.5', 'Escribe un número entero de días hábiles'],
    ['-1', 'Escribe un número entero de días hábiles'],
    ['dos', 'Escribe un número entero de días hábiles'],
    ['0', 'El objetivo debe estar entre 1 y 60 días hábiles'],
    ['61', 'El objetivo debe estar entre 1 y 60 días hábiles'],
    ['1', null],
    ['60', null],
    [5, null],
  ])('%j → %s', (value, reason) => {
    expect(serviceTargetReason(value)).toBe(reason)
  })
})

describe("the latest due instant of a claim 'Por vencer' now", () => {
  it.each([
    // Friday 27 November 2026 at 09:00 in Mexico City; the longest default target is 5 days: 20 % is 1 business day.
    ['defaults (longest 5)', DEFAULT_SERVICE_TARGETS, '2026-11-30T15:00:00.000Z'],
    // A 60-day target: 12 business days, Monday 30 November to Tuesday 15 December.
    ['a 60-day target', { ...DEFAULT_SERVICE_TARGETS, 7: 60 }, '2026-12-15T15:00:00.000Z'],
  ])('%s', (_name, targets, expected) => {
    expect(dueSoonHorizon(new Date('2026-11-27T15:00:00Z'), targets).toISOString()).toBe(expected)
  })

  it.each([
    // An executive's stages (documents 2, provider 1, letter 3 days): 20 % of 3 days is 0.6 business days, 14.4 hours
    // of the 15 left on Friday from 09:00: Friday at 23:24 in Mexico City.
    ['executive', ['executive'], '2026-11-28T05:24:00.000Z'],
    ['office (executive and administrator)', ['executive', 'administrator'], '2026-11-30T15:00:00.000Z'],
    ['provider', ['provider'], '2026-11-30T15:00:00.000Z'],
  ] as const)("the stages of one scope: %s", (_name, parties, expected) => {
    const now = new Date('2026-11-27T15:00:00Z')
    expect(dueSoonHorizon(now, DEFAULT_SERVICE_TARGETS, timedStagesWaitingOn(parties)).toISOString()).toBe(expected)
  })
})
