/**
 * Runs the server as a child process (no wrapper process, so a signal reaches the server itself) and finds its port
 * in the banner. For scripts/multiInstanceCheck.ts, the benchmarks and the process tests. By default it runs the
 * source (`node --import tsx server/main.ts`, nothing to build first); `built: true` runs what `npm start` runs, the
 * bundle `dist-server/main.mjs` that `npm run build:server` writes.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ServerProcess {
  child: ChildProcess
  port: number
  url: string
  /** Everything it printed so far (stdout and stderr). */
  output: () => string
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  exited: Promise<number | string>
  /** Sends the signal unless the process already ended. */
  kill: (signal: NodeJS.Signals) => void
}

/** The built server (scripts/buildServer.mjs). */
export const BUILT_SERVER = path.join(REPO_ROOT, 'dist-server', 'main.mjs')

/**
 * Node's flags for the server, as `npm start` passes them (tests/scripts/runtime.test.ts checks the two agree). A young
 * generation of at most 16 MiB a semi-space (Node 20's default): with Node 24's own sizing the first download of the
 * whole-range CSV report (144 MiB) grew the server by 66–76 MiB once, at 16 MiB by 10–16 MiB, with no measurable
 * change in the request loads (docs/benchmarks.md, issue 27).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const

export function spawnServer(env: NodeJS.ProcessEnv, opts: { timeoutMs?: number; built?: boolean } = {}): Promise<ServerProcess> {
  const args = [...SERVER_NODE_FLAGS, ...(opts.built ? [BUILT_SERVER] : ['--import', 'tsx', 'server/main.ts'])]
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  let ended = false
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true
      resolve(code ?? signal ?? -1)
    }),
  )
  const kill = (signal: NodeJS.Signals) => {
    if (!ended) child.kill(signal)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kill('SIGKILL')
      reject(new Error(`el servidor no arrancó en ${opts.timeoutMs ?? 120_000} ms:\n${text}`))
    }, opts.timeoutMs ?? 120_000)
    const onData = (chunk: Buffer) => {
      text += chunk.toString()
      const match = /listo en (http:\/\/localhost:(\d+))/.exec(text)
      if (match) {
        clearTimeout(timer)
        child.stdout!.removeListener('data', onData)
        child.stdout!.on('data', (more: Buffer) => (text += more.toString()))
        resolve({ child, port: Number(match[2]), url: match[1]!, output: () => text, exited, kill })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`el servidor terminó (${code}) antes de escuchar:\n${text}`))
    })
  })
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}
