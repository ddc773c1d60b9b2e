/** The child processes of `npm run bench:load` (anchor server, load worker) and the RSS of a process by its pid. */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../lib/serverProcess'
import type { LoadJob, LoadResult } from './loadWorker'
import type { CpuPerRequest } from './verdict'

const HERE = path.join(REPO_ROOT, 'scripts/benchLoad')

export interface AnchorProcess {
  origin: string
  pid: number
  stop: () => Promise<void>
}

export function startAnchor(databaseUrl: string): Promise<AnchorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'anchorServer.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ANCHOR_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let text = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString()
      const match = /anchor on (\d+)/.exec(text)
      if (!match) return
      child.stdout.removeListener('data', onData)
      child.stdout.resume()
      resolve({
        origin: `http://127.0.0.1:${match[1]}`,
        pid: child.pid!,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM')
          await exited
        },
      })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    void exited.then(() => reject(new Error(`el servidor ancla terminó antes de escuchar:\n${text}`)))
  })
}

/** Runs one autocannon job in a separate process and returns its summary. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'loadWorker.ts'), JSON.stringify(job)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop()
      if (code !== 0 || !line) reject(new Error(`el generador de carga terminó con ${code}:\n${err}`))
      else resolve(JSON.parse(line) as LoadResult)
    })
  })
}

/** Resident set size of a process (VmRSS in /proc/<pid>/status), in bytes. */
export function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`sin VmRSS para el proceso ${pid}`)
  return Number(match[1]) * 1024
}

/**
 * CPU time a process has used, every thread (utime + stime of /proc/<pid>/stat, in USER_HZ ticks: 100 a second on
 * Linux), in ms. The uploads print it beside the wall time: on 2 shared cores the burst's wall time swings with
 * whatever else runs, the server's own CPU time much less.
 */
export function cpuMsOf(pid: number): number {
  return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
}

/**
 * utime + stime of a /proc/<pid>/stat line, in ms; with `reaped`, also the time of the children it has waited for
 * (cutime + cstime).
 */
function cpuMsOfStat(stat: string, reaped = false): number {
  // Fields after the command name (which may hold spaces), from the third: utime, stime, cutime and cstime are the
  // 14th to the 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * 10
}

/**
 * CPU time of every process named postgres on this machine (the backends serving the load and the server's own
 * workers), in ms, with the time of the backends that have ended: the postmaster has reaped them, so it is in its
 * cutime and cstime (a pool that closes an idle connection and opens another would otherwise lose that time).
 */
function postgresCpuMs(): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (stat.includes('(postgres)')) total += cpuMsOfStat(stat, true)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}

/** Busy CPU time of the whole machine (user, nice, system, irq, softirq of /proc/stat's first line), in ms. */
function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  return (user! + nice! + system! + irq! + softirq!) * 10
}

/**
 * Starts counting CPU time for a measurement of the server `pid`; `perRequest(answers)` divides what was used since by
 * the answers, in µs. /proc counts in 10 ms ticks, so a measurement of a few seconds (thousands of answers) is needed.
 */
export function cpuMeter(pid: number): { perRequest: (answers: number) => CpuPerRequest } {
  const server = cpuMsOf(pid)
  const postgres = postgresCpuMs()
  const machine = machineBusyMs()
  const per = (ms: number, answers: number) => (answers > 0 ? (ms * 1000) / answers : 0)
  return {
    perRequest: (answers) => ({
      server: per(cpuMsOf(pid) - server, answers),
      postgres: per(postgresCpuMs() - postgres, answers),
      machine: per(machineBusyMs() - machine, answers),
    }),
  }
}

/**
 * Highest RSS of `pid` above its value right before `work`, sampled every 20 ms while it runs. RSS is what the
 * operating system must give the server, garbage not yet collected included: the figure the issue bounds.
 */
export async function peakRssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthBytes: number }> {
  const before = rssOf(pid)
  let peak = before
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20)
  try {
    const result = await work()
    peak = Math.max(peak, rssOf(pid))
    return { result, growthBytes: peak - before }
  } finally {
    clearInterval(timer)
  }
}
