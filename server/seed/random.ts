/** A small seeded PRNG (mulberry32) so the demo data is the same on every machine. */
export interface Random {
  /** Uniform in [0, 1). */
  next: () => number
  /** Integer in [min, max], both included. */
  int: (min: number, max: number) => number
  /** Uniform in [min, max). */
  float: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  /** True with probability p. */
  chance: (p: number) => boolean
  shuffle: <T>(items: readonly T[]) => T[]
  /** Picks by weight: entries are [value, weight]. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(next() * items.length)]!
  }
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    pick,
    chance: (p) => next() < p,
    shuffle: (items) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
      }
      return copy
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0)
      let roll = next() * total
      for (const [value, weight] of entries) {
        roll -= weight
        if (roll < 0) return value
      }
      return entries[entries.length - 1]![0]
    },
  }
}
