/**
 * Web benchmark: what a phone downloads and how fast the screens appear.
 *
 *   npm run bench:web [-- --no-build] [--no-lighthouse] [--lighthouse-rounds 3] [--no-slow4g] [--slow4g-rounds 5] [--label after]
 *                     [--no-bytes] [--lighthouse-paths /pendientes,/home-colaborador]
 *
 * Builds the app (unless --no-build), builds a minimal React + react-dom app with the same Vite as the yardstick,
 * starts the real server (tests/e2e/harness.ts: free port, fresh data folder, demo seed) and, in Debian's Chromium:
 *   1. records every JS and CSS response of the sign-in routes and of each role's first screen (signed in through
 *      the API, the session written to localStorage as the app stores it): raw, gzip, brotli, bytes on the wire,
 *      and the JS ratios to the stack floor (targets: sign-in ≤ 1.25×, role screens ≤ 1.5×, gzip and brotli); a
 *      signed-in screen counts what it asked for before the app began prefetching the role's other screens on idle,
 *      and that prefetch is reported apart (scripts/benchWeb/bytes.ts); the spec's landing pages are counted too;
 *   2. on slow 4G with 4× CPU slowdown, five rotated rounds (--no-slow4g skips both): the minimal app, the stack floor
 *      and both sign-in routes, first contentful paint and the moment the form is usable (scripts/benchWeb/slow4g.ts);
 *      then each role's sign-in to its first screen usable against that screen's warm reload (signInToScreen.ts);
 *   3. runs Lighthouse mobile on the bare app, the sign-in routes and each role's first screen, in turn, three rounds
 *      (--lighthouse-rounds), medians reported; the run is void if the bare app's median is below 97.
 * Prints Markdown with the load average (2 shared cores: absolute timings depend on it) and writes the figures to
 * .tmp/bench-web/<label>.json.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DEMO_COLLABORATOR, demoAccounts } from '../server/seed'
import { CLIENT_TOKEN, PARTNER, ROOT, launchBrowser, startPortal, type RunningPortal } from '../tests/e2e/harness'
import { measurePage, type PageBytes } from './benchWeb/bytes'
import { BARE_APP, runLighthouse, type LighthouseFigures } from './benchWeb/lighthouse'
import { buildMinimalApp, buildStackFloorApp } from './benchWeb/minimalApp'
import { markdownReport } from './benchWeb/report'
import { serveFolder } from './benchWeb/staticServer'
import { measureSignInToScreen, type SignInFlow } from './benchWeb/signInToScreen'
import { measureSlow4g, type SlowPage } from './benchWeb/slow4g'

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback
}

const WORK_DIR = join(ROOT, '.tmp', 'bench-web')
const label = option('label', 'latest')

type RoleKey = 'executive' | 'admin' | 'provider' | 'partner' | 'collaborator'

interface Screen {
  name: string
  path: string
  role?: RoleKey
}

const SIGN_IN_SCREENS: Screen[] = [
  { name: 'Sign-in (roles)', path: '/' },
  { name: 'Sign-in (collaborator)', path: '/login-colaborador' },
]

/** Each role's first screen: where its sign-in lands (issue 23 made 'Pendientes' the office roles' landing). */
const ROLE_SCREENS: Screen[] = [
  { name: 'Executive first screen (Pendientes)', path: '/pendientes', role: 'executive' },
  { name: 'Administrator first screen (Pendientes)', path: '/administrador/pendientes', role: 'admin' },
  { name: 'Provider first screen (Pendientes)', path: '/proveedores/pendientes', role: 'provider' },
  { name: 'Partner first screen', path: `/${PARTNER.prefix}/dashboard`, role: 'partner' },
  { name: 'Collaborator first screen', path: '/home-colaborador', role: 'collaborator' },
]

/** The spec's landing pages (2.3), one click from 'Pendientes' now: their bytes only (no timings, no Lighthouse). */
const SPEC_HOMES: Screen[] = [
  { name: 'Executive, spec home (Inicio de cobertura)', path: '/home', role: 'executive' },
  { name: 'Administrator, spec home (Inicio de cobertura)', path: '/administrador/inicio-de-cobertura', role: 'admin' },
  { name: 'Provider, spec home (Mis trámites)', path: '/proveedores/mis-tramites', role: 'provider' },
]

const loads = () => loadavg().map((n) => n.toFixed(2)).join(' / ')

/** Signs in through the API as the app would and returns the three localStorage entries of the session. */
async function sessionStorageFor(portal: RunningPortal, role: RoleKey): Promise<Record<string, string>> {
  const accounts = demoAccounts('coppel.com', PARTNER.name)
  const byRole = { executive: 'Ejecutivo', admin: 'Administrativo', provider: 'Proveedores', partner: PARTNER.name } as const
  const [path, body] =
    role === 'collaborator'
      ? ['/api/auth/login-colaborator', { idColaborador: DEMO_COLLABORATOR.idColaborador, numProcedure: DEMO_COLLABORATOR.idEvento }]
      : (() => {
          const account = accounts.find((a) => a.role === byRole[role])
          if (!account) throw new Error(`no demo account for ${role}`)
          return ['/api/auth/login', { email: account.email, password: account.password, role: account.rol }] as const
        })()
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { authtoken: CLIENT_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as { success: boolean; reason?: string; response?: { user: unknown; accessToken: string } }
  if (!answer.success || !answer.response) throw new Error(`sign-in as ${role} failed: ${answer.reason ?? response.status}`)
  return {
    user: JSON.stringify(answer.response.user),
    accessToken: answer.response.accessToken,
    lastUpdate: new Date().toISOString(),
  }
}

/** The page shows what it is for: its first heading (sign-in screens and role screens alike). */
const headingShown = async (page: Page) => {
  await page.locator('h1').first().waitFor({ timeout: 60_000 })
}

async function measureBytes(
  browser: Browser,
  portal: RunningPortal,
  minimalUrl: string,
  floorUrl: string,
): Promise<{ minimal: PageBytes; stackFloor: PageBytes; pages: PageBytes[] }> {
  const minimal = await measurePage(browser, { name: 'Minimal React app', baseUrl: minimalUrl, path: '/', ready: headingShown })
  const stackFloor = await measurePage(browser, { name: 'Stack floor (router + XState + Ark Select)', baseUrl: floorUrl, path: '/', ready: headingShown })
  const pages: PageBytes[] = []
  for (const screen of [...SIGN_IN_SCREENS, ...ROLE_SCREENS, ...SPEC_HOMES]) {
    const storage = screen.role ? await sessionStorageFor(portal, screen.role) : undefined
    pages.push(await measurePage(browser, { name: screen.name, baseUrl: portal.url, path: screen.path, storage, ready: headingShown }))
  }
  return { minimal, stackFloor, pages }
}

/** The pages Lighthouse runs: every sign-in and first screen, or those named by --lighthouse-paths (a quick check). */
function lighthouseScreens(): Screen[] {
  const all = [...SIGN_IN_SCREENS, ...ROLE_SCREENS]
  const only = option('lighthouse-paths', '')
  if (!only) return all
  const paths = only.split(',')
  const chosen = all.filter((screen) => paths.includes(screen.path))
  if (chosen.length !== paths.length) throw new Error(`--lighthouse-paths: known paths are ${all.map((s) => s.path).join(', ')}`)
  return chosen
}

async function measureLighthouse(portal: RunningPortal, minimalUrl: string, rounds: number): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = []
  for (let round = 1; round <= rounds; round++) {
    // The bare app first in every round: its score says how busy the machine was while the portal's pages ran.
    figures.push(await runLighthouse({ name: BARE_APP, origin: minimalUrl, path: '/', preset: 'mobile', round }))
    console.error(`  lighthouse round ${round} bare app: performance ${figures.at(-1)!.performance}`)
    for (const screen of lighthouseScreens()) {
      // A fresh token per run: a run takes long enough that a 10-minute token could lapse across the set.
      const storage = screen.role ? await sessionStorageFor(portal, screen.role) : undefined
      const result = await runLighthouse({ name: screen.name, origin: portal.url, path: screen.path, preset: 'mobile', storage, round })
      console.error(`  lighthouse round ${round} ${screen.path}: performance ${result.performance}, accessibility ${result.accessibility}`)
      figures.push(result)
    }
  }
  return figures
}

/**
 * A person typing on a phone's keyboard: 150 ms a key (about 6.7 keys a second, a quick thumb typist). The portal
 * may use that time, as it would with a person, to fetch the landing screen's code.
 */
const TYPING_DELAY_MS = 150

/** Each role's sign-in as a person does it on the phone: the form typed once it is usable, then the button. */
function signInFlows(portalUrl: string): SignInFlow[] {
  const accounts = demoAccounts('coppel.com', PARTNER.name)
  const roleFlow = (name: string, role: string): SignInFlow => {
    const account = accounts.find((a) => a.role === role)
    if (!account) throw new Error(`no demo account ${role}`)
    return {
      name,
      baseUrl: portalUrl,
      signInPath: '/',
      button: 'Iniciar sesión',
      fill: async (page) => {
        const roleSelect = page.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' })
        await roleSelect.filter({ hasText: 'Ejecutivo' }).waitFor()
        if (role !== 'Ejecutivo') {
          await roleSelect.click()
          await page.getByRole('option', { name: role, exact: true }).click()
        }
        await page.getByLabel('Correo electrónico').pressSequentially(account.email, { delay: TYPING_DELAY_MS })
        await page.getByLabel('Contraseña', { exact: true }).pressSequentially(account.password, { delay: TYPING_DELAY_MS })
      },
    }
  }
  return [
    roleFlow('Executive', 'Ejecutivo'),
    roleFlow('Administrator', 'Administrativo'),
    roleFlow('Provider', 'Proveedores'),
    roleFlow('Partner', PARTNER.name),
    {
      name: 'Collaborator',
      baseUrl: portalUrl,
      signInPath: '/login-colaborador',
      button: 'Buscar',
      fill: async (page) => {
        await page.getByLabel('Número de colaborador').pressSequentially(String(DEMO_COLLABORATOR.idColaborador), { delay: TYPING_DELAY_MS })
        await page.getByLabel('Número de trámite').pressSequentially(String(DEMO_COLLABORATOR.idEvento), { delay: TYPING_DELAY_MS })
      },
    },
  ]
}

async function main() {
  const startedAt = new Date()
  const loadAtStart = loads()
  if (!flag('no-build')) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('npm run build failed')
  }
  mkdirSync(WORK_DIR, { recursive: true })
  const minimalDist = await buildMinimalApp(WORK_DIR)
  const minimalServer = await serveFolder(minimalDist)
  const floorServer = await serveFolder(await buildStackFloorApp(WORK_DIR))
  const portal = await startPortal()
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    const loadBeforeBytes = loads()
    const bytes = flag('no-bytes') ? { minimal: null, stackFloor: null, pages: [] } : await measureBytes(browser, portal, minimalServer.url, floorServer.url)
    const loadBeforeSlow4g = loads()
    const slowPages: SlowPage[] = [
      { name: 'Minimal React app', baseUrl: minimalServer.url, path: '/', control: 'h1' },
      { name: 'Stack floor', baseUrl: floorServer.url, path: '/', control: 'main button' },
      { name: 'Sign-in (roles)', baseUrl: portal.url, path: '/', control: 'button[type=submit]', text: 'Ejecutivo' },
      { name: 'Sign-in (collaborator)', baseUrl: portal.url, path: '/login-colaborador', control: 'button[type=submit]' },
    ]
    const slowRounds = Number(option('slow4g-rounds', '5'))
    const slow4g = flag('no-slow4g') ? [] : await measureSlow4g(browser, slowPages, slowRounds)
    const signInToScreen = flag('no-slow4g') ? [] : await measureSignInToScreen(browser, signInFlows(portal.url), slowRounds)
    await browser.close()
    browser = undefined
    const loadBeforeLighthouse = loads()
    const lighthouseFigures = flag('no-lighthouse') ? [] : await measureLighthouse(portal, minimalServer.url, Number(option('lighthouse-rounds', '3')))
    const figures = {
      label,
      startedAt: startedAt.toISOString(),
      node: process.version,
      load: { atStart: loadAtStart, beforeBytes: loadBeforeBytes, beforeSlow4g: loadBeforeSlow4g, beforeLighthouse: loadBeforeLighthouse, atEnd: loads() },
      ...bytes,
      slow4g,
      signInToScreen,
      lighthouse: lighthouseFigures,
    }
    writeFileSync(join(WORK_DIR, `${label}.json`), `${JSON.stringify(figures, null, 2)}\n`)
    console.log(markdownReport(figures))
  } finally {
    await browser?.close()
    await portal.close()
    await minimalServer.close()
    await floorServer.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
