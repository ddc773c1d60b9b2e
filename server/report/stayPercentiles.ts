/**
 * `percentile_cont` read from a histogram of stays (stay_day_bins, migration 0011_stats_aggregate) instead of the
 * sorted stays: the ranks that percentile_cont interpolates between are located by a running sum over the bins, and
 * the value at a rank is its bin's mean (sum of days ÷ stays). A bin holding one distinct duration gives exactly that
 * duration, so the answer is percentile_cont's whenever the two ranks' bins do; otherwise each value is off by less
 * than its bin's width (0.05 day below 10 days, 0.5 % of the value above: stay_bin in the migration), and so is the
 * interpolation between them. docs/decisions/report-statistics.md, "Aggregates per day", states the bound;
 * tests/server/statsAggregate.test.ts checks it against percentile_cont on varied durations.
 */

/** One bin of one stage, in bin order: its stays and the sum of their days. */
export interface StayBin {
  stays: number
  days: number
}

/** The value of each 0-based rank in `ranks` (ascending), from `bins` in bin order. */
function valuesAtRanks(bins: readonly StayBin[], ranks: readonly number[]): number[] {
  const values: number[] = []
  let before = 0
  let k = 0
  for (const bin of bins) {
    while (k < ranks.length && ranks[k]! < before + bin.stays) {
      values.push(bin.days / bin.stays)
      k++
    }
    before += bin.stays
  }
  return values
}

/**
 * percentile_cont(fraction) of the stays in `bins` (one stage, bin order, no empty bin), or null without stays:
 * the value at rank fraction·(n − 1), interpolated between the ranks below and above it, as PostgreSQL does.
 */
export function stayPercentile(bins: readonly StayBin[], fraction: number): number | null {
  const n = bins.reduce((sum, bin) => sum + bin.stays, 0)
  if (n === 0) return null
  const position = fraction * (n - 1)
  const below = Math.floor(position)
  const above = Math.ceil(position)
  const [low, high] = valuesAtRanks(bins, [below, above])
  return low! + (high! - low!) * (position - below)
}
