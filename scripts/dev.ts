/**
 * `npm run dev`: the API (tsx watch server/main.ts on PORT=3001, or API_PORT) and Vite (which proxies /api and
 * /app-config.js to it, see vite.config.ts) together. Ctrl+C, or either one stopping, stops both.
 * Arguments after `--` go to Vite.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const apiPort = process.env.API_PORT ?? '3001'
const bin = (name: string) => resolve(root, 'node_modules', '.bin', name)

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Own process group, so stopping it also stops what it spawned (tsx watch runs the server in a child).
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`\n[dev] ${name} terminó (${signal ?? code}); deteniendo todo.`)
      stopAll(code ?? 1)
    }
  })
  return child
}

let stopping = false
const children: ChildProcess[] = []

function stopAll(exitCode = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => {
    for (const child of children) {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    }
    process.exit(exitCode)
  }, 3000).unref()
  Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r))))).then(() =>
    process.exit(exitCode),
  )
}

children.push(
  start('API', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    ...process.env,
    PORT: apiPort,
    HOST: process.env.HOST ?? '127.0.0.1',
  }),
)
// Extra arguments go to Vite (`npm run dev -- --port 5180 --host`).
children.push(start('Vite', bin('vite'), process.argv.slice(2), { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` }))

process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
