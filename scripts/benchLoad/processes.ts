/** The child processes of `npm run bench:load` (anchor server, load worker) and the RSS of a process by its pid. */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../lib/serverProcess'
import type { LoadJob, LoadResult } from './loadWorker'

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
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces), from the third: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
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
