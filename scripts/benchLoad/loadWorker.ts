/**
 * The load generator of `npm run bench:load`, run as its own process so that its work is not charged to the server
 * or to the process that measures: autocannon with the job given as JSON in argv[2], each request on a random path of
 * the job's list, `{id}` in it a random claim number of the whole table, the summary printed as one JSON line on stdout.
 */
import autocannon from 'autocannon'

export interface LoadJob {
  /** Origin, e.g. http://127.0.0.1:3000. */
  origin: string
  /** `{id}` in a path is replaced on each request by a random integer of `ids` (whole table, not a cached sample). */
  paths: string[]
  ids?: { from: number; to: number }
  headers: Record<string, string>
  connections: number
  durationSeconds: number
}

export interface LoadResult {
  ok: number
  failures: number
  durationSeconds: number
  rps: number
  p50: number
  p99: number
}

const job = JSON.parse(process.argv[2] ?? '') as LoadJob
const randomId = (range: { from: number; to: number }) => String(range.from + Math.floor(Math.random() * (range.to - range.from + 1)))
const pick = () => {
  const path = job.paths[Math.floor(Math.random() * job.paths.length)]!
  return job.ids ? path.replace('{id}', randomId(job.ids)) : path
}

autocannon(
  {
    url: job.origin,
    connections: job.connections,
    duration: job.durationSeconds,
    // A request slower than this counts as failed (a timeout), not as a latency.
    timeout: 30,
    headers: job.headers,
    requests: [{ method: 'GET', path: pick(), setupRequest: (request) => ({ ...request, path: pick() }) }],
  },
  (err, result) => {
    if (err) {
      console.error(err)
      process.exit(1)
    }
    const summary: LoadResult = {
      ok: result['2xx'],
      failures: result.non2xx + result.errors,
      durationSeconds: result.duration,
      rps: result['2xx'] / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
    }
    process.stdout.write(`${JSON.stringify(summary)}\n`)
  },
)
