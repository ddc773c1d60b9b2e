/**
 * Starts the real portal for end-to-end runs and screenshots: the server (`node --import tsx server/main.ts`, the
 * same code as `npm start`) on a free port with a fresh temporary DATA_DIR and STATIC_DIR=dist, waits for
 * /api/health, and launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium; never downloaded).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const ROOT = resolve(import.meta.dirname, '../..')
export const CLIENT_TOKEN = 'e2e-client-token'
export const PARTNER = { prefix: 'coppel', name: 'Coppel' } as const

export interface RunningPortal {
  url: string
  dataDir: string
  /** Server output so far (for failure messages). */
  output: () => string
  close: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolveExit(true)
    })
  })
}

export async function startPortal(options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<RunningPortal> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ no existe: ejecuta `npm run build` primero')
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(ROOT, 'dist'),
      CLIENT_TOKEN,
      PARTNER_PREFIX: PARTNER.prefix,
      PARTNER_NAME: PARTNER.name,
      DATABASE_URL: '',
      LOG: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL')
        await waitForExit(child, 5_000)
      }
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + (options.timeoutMs ?? 180_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await close()
      throw new Error(`El servidor terminó (código ${child.exitCode}) antes de estar listo:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/api/health`, { headers: { authtoken: CLIENT_TOKEN } })
      if (response.ok) return { url, dataDir, output: () => output, close }
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  await close()
  throw new Error(`El servidor no respondió /api/health a tiempo:\n${output}`)
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Uncaught page errors and console errors (CSP violations land here too). */
  errors: string[]
}

export async function newPage(browser: Browser, baseURL: string, width = 1280, height = 900): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'es-MX', timezoneId: 'America/Mexico_City' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return { context, page, errors }
}

export interface Credentials {
  role: string
  email: string
  password: string
}

/** Signs in through the role login screen as a person would. Does not wait for the destination. */
export async function fillRoleLogin(page: Page, account: Credentials): Promise<void> {
  await page.goto('/')
  const roleSelect = page.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })
  // The catalogue loads first; the default role shows when it arrived.
  await roleSelect.filter({ hasText: 'Ejecutivo' }).waitFor()
  if (account.role !== 'Ejecutivo') {
    await roleSelect.click()
    await page.getByRole('option', { name: account.role, exact: true }).click()
  }
  await page.getByLabel('Correo electrónico').fill(account.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

export async function fillCollaboratorLogin(page: Page, idColaborador: number | string, numProcedure: number | string): Promise<void> {
  await page.goto('/login-colaborador')
  await page.getByLabel('Número de colaborador').fill(String(idColaborador))
  await page.getByLabel('Número de trámite').fill(String(numProcedure))
  await page.getByRole('button', { name: 'Buscar' }).click()
}
