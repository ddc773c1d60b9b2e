/**
 * The registry and the samples agree: every sample set belongs to a registered machine, and every registered machine
 * can be walked with its samples, which is what `npm run paths -- <id>` does (collaboratorClaim once failed there,
 * because its loads answered nothing without samples).
 */
import { describe, expect, it } from 'vitest'
import { machineCatalog } from '../../tools/catalog/machineCatalog'
import { samplesFor, traversalSamples } from '../../tools/catalog/traversalSamples'
import { listPaths } from '../../tools/machineGraph'

describe('traversal samples', () => {
  it('belong to registered machines', () => {
    const registered = machineCatalog.map((entry) => entry.id)
    expect(Object.keys(traversalSamples).filter((id) => !registered.includes(id))).toEqual([])
  })

  for (const entry of machineCatalog) {
    it(`walk ${entry.id} to a shortest path per reachable state`, () => {
      // One simple path is enough here: the shortest paths already visit every state the samples reach.
      const listing = listPaths(entry.machine, { ...samplesFor(entry.id), simpleLimit: 1 })
      expect(listing.shortest.length).toBeGreaterThan(1)
    })
  }
})
