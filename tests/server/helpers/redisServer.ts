/**
 * A throwaway redis-server (Debian's `redis-server` package) on a free loopback port, started and stopped by a test:
 * no persistence, no service, nothing left behind. Stopping and starting again keeps the port, as a Redis that
 * restarts does.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '../../../scripts/lib/serverProcess'

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

export interface ThrowawayRedis {
  port: number
  url: string
  start: () => Promise<void>
  stop: () => Promise<void>
  /** SIGSTOP / SIGCONT: a Redis that keeps its connections open and answers nothing. */
  pause: () => void
  resume: () => void
}

export async function throwawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = proc
      let output = ''
      const timer = setTimeout(() => reject(new Error(`redis-server no arrancó:\n${output}`)), 10_000)
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer)
          resolve()
        }
      })
      proc.once('error', reject)
      proc.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`redis-server terminó (${code}):\n${output}`))
      })
    })
  const stop = async () => {
    const proc = child
    child = undefined
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
    const exited = new Promise((resolve) => proc.once('exit', resolve))
    proc.kill('SIGCONT')
    proc.kill('SIGTERM')
    await exited
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  }
}
