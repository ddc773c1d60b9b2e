/** Issue 23: the demo data gives the demo executive, the demo provider and the administrator every badge at first sign-in. */
import { describe, expect, it } from 'vitest'
import { buildDemoPlan, DEMO_PROVIDER_ID, DEMO_USER_IDS } from '../../server/seed/plan'
import { stageClock } from '../../domain/serviceLevels'

describe('demo queues', () => {
  it.each([
    ['a Monday morning', '2026-11-23T16:00:00Z'],
    ['a Saturday', '2026-11-28T18:00:00Z'],
  ])('on %s each demo queue holds A tiempo, Por vencer and Vencido rows', (_, at) => {
    const now = new Date(at)
    const plan = buildDemoPlan({ now })
    const badges = (test: (claim: (typeof plan.claims)[number]) => boolean) =>
      new Set(plan.claims.filter(test).map((claim) => stageClock(claim.statusId, claim.history.at(-1)!.fecha, now)?.badge))
    const all = ['onTime', 'dueSoon', 'overdue']
    expect([...badges((c) => [3, 5, 6].includes(c.statusId) && c.idEjecutivo === DEMO_USER_IDS.executive)].sort()).toEqual(all.sort())
    expect([...badges((c) => c.statusId === 7 && c.idProveedor === DEMO_PROVIDER_ID)].sort()).toEqual(all.sort())
    expect([...badges((c) => c.statusId === 9)].sort()).toEqual(all.sort())
    // Every history stays in time order.
    for (const claim of plan.claims) {
      const times = claim.history.map((row) => row.fecha.getTime())
      expect(times).toEqual([...times].sort((a, b) => a - b))
    }
  })
})
