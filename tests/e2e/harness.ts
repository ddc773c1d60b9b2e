/**
 * Starts the real portal for end-to-end runs and screenshots: the built server (`dist-server/main.mjs`, what
 * `npm start` runs) on a free port with a fresh temporary DATA_DIR and STATIC_DIR=dist, waits for
 * /api/health, and launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium; never downloaded).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { demoAccounts } from '../../server/seed'
import { SERVER_NODE_FLAGS } from '../../scripts/lib/serverProcess'

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
  if (!existsSync(join(ROOT, 'dist', 'index.html')) || !existsSync(join(ROOT, 'dist-server', 'main.mjs')))
    throw new Error('dist/ o dist-server/ no existe: ejecuta `npm run build` primero')
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_FLAGS, 'dist-server/main.mjs'], {
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
  // A server that dies in the middle of a file fails every test after it with «connection refused»: say why it died,
  // once, where the run's log shows it (its own output is otherwise only printed when it fails to start).
  let closing = false
  child.once('exit', (code, signal) => {
    if (!closing) process.stderr.write(`\nEl servidor de la prueba terminó solo (código ${code}, señal ${signal}); su salida:\n${output.slice(-8_000)}\n`)
  })

  const close = async () => {
    closing = true
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

/** The browser's time zone: a Mexican office. Node (and CI) run in UTC, so "today" may differ by a day. */
export const BROWSER_TIME_ZONE = 'America/Mexico_City'

/** Today as the browser's calendar sees it, as a local Date at midnight (for year/month/day arithmetic). */
export function browserToday(): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE }).format(new Date()).split('-').map(Number)
  return new Date(year!, month! - 1, day!)
}

/** Requests in flight per page, the live event stream aside (see `waitForQuiet`). */
const inFlight = new WeakMap<Page, Set<unknown>>()
const isLiveStream = (url: string) => new URL(url).pathname.startsWith('/api/live/')

/**
 * Waits until the page has had no request in flight for 500 ms, the live event stream aside: a signed-in page keeps
 * `GET /api/live/events` open for the whole session (issue 21), so Playwright's 'networkidle' never comes.
 */
export async function waitForQuiet(page: Page, timeout = 30_000): Promise<void> {
  const pending = inFlight.get(page)
  if (!pending) throw new Error('waitForQuiet: the page was not opened by newPage')
  await page.waitForLoadState('load', { timeout })
  const deadline = Date.now() + timeout
  let quietSince = pending.size === 0 ? Date.now() : Number.POSITIVE_INFINITY
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline) throw new Error(`waitForQuiet: ${pending.size} requests still in flight after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (pending.size > 0) quietSince = Number.POSITIVE_INFINITY
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now()
  }
}

export async function newPage(browser: Browser, baseURL: string, width = 1280, height = 900): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'es-MX', timezoneId: BROWSER_TIME_ZONE })
  const page = await context.newPage()
  const pending = new Set<unknown>()
  inFlight.set(page, pending)
  page.on('request', (request) => {
    if (!isLiveStream(request.url())) pending.add(request)
  })
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return { context, page, errors }
}

export interface ScreenshotRun {
  /** The demo account's role on the sign-in screen ('Ejecutivo', 'Administrativo', …). */
  role: string
  outDir: string
  /** The file is `<name>-<width>.png`. */
  name: string
  /** Brings the screen up once signed in. */
  show: (page: Page) => Promise<void>
  widths?: readonly number[]
  fullPage?: boolean
}

/**
 * For the screenshot scripts: starts the real server with fresh demo data and Chromium; at each width signs the demo
 * account in on a fresh page, lets `show` bring the screen up and saves it into `outDir`, printing the file. Console
 * errors (a CSP violation included) fail the run.
 */
export async function takeScreenshots(run: ScreenshotRun): Promise<void> {
  mkdirSync(run.outDir, { recursive: true })
  const portal = await startPortal()
  const browser = await launchBrowser()
  try {
    for (const width of run.widths ?? [1280, 375]) {
      const { context, page, errors } = await newPage(browser, portal.url, width, width < 960 ? 812 : 900)
      await fillRoleLogin(page, demoAccount(run.role))
      await page.waitForURL((url) => url.pathname !== '/')
      await run.show(page)
      const file = join(run.outDir, `${run.name}-${width}.png`)
      await page.screenshot({ path: file, fullPage: run.fullPage ?? false })
      console.log(file)
      if (errors.length) throw new Error(`errores en la consola:\n${errors.join('\n')}`)
      await context.close()
    }
  } finally {
    await browser.close()
    await portal.close()
  }
}

export interface E2eRun {
  portal: RunningPortal
  browser: Browser
  /** Browser contexts a test leaves open; they are closed after the file's tests. */
  contexts: BrowserContext[]
  /** A new page on the running portal (1280 × 900 unless told). */
  openPage: (width?: number, height?: number) => Promise<OpenedPage>
}

/**
 * A test file's portal and browser: starts the portal and Chromium before its tests and closes them after (with
 * the contexts listed in `contexts`). Read `portal` and `browser` inside tests, once they have started.
 */
export function usePortalAndBrowser(options: { env?: () => Record<string, string> } = {}): E2eRun {
  const run = {
    contexts: [] as BrowserContext[],
    openPage: (width?: number, height?: number) => newPage(run.browser, run.portal.url, width, height),
  } as E2eRun
  beforeAll(async () => {
    // `env` is read when the portal starts, so it may name what an earlier beforeAll started (an SMTP server).
    run.portal = await startPortal({ env: options.env?.() })
    run.browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const context of run.contexts) await context.close().catch(() => {})
    await run.browser?.close()
    await run.portal?.close()
  })
  return run
}

/** The seed's demo account of a role as the sign-in screen names it ('Ejecutivo', 'Administrativo', …). */
export function demoAccount(role: string) {
  const found = demoAccounts('coppel.com', PARTNER.name).find((a) => a.role === role)
  if (!found) throw new Error(`no demo account ${role}`)
  return found
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

/** Signs in with a role's demo account and waits until the app has left the sign-in screen. */
export async function signInAs(page: Page, role: string): Promise<void> {
  await fillRoleLogin(page, demoAccount(role))
  await page.waitForURL((url) => url.pathname !== '/')
}

/** An API call made inside the page with the signed-in browser's token, as the app makes it; the answer's response. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ({ path, clientToken }) => {
      const response = await fetch(path, {
        headers: { authtoken: clientToken, Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      })
      const body = await response.json()
      if (!body.success) throw new Error(`${path}: ${body.reason}`)
      return body.response
    },
    { path, clientToken: CLIENT_TOKEN },
  ) as Promise<T>
}
