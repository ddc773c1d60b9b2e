/**
 * Web benchmark: what a phone downloads and how fast the screens appear.
 *
 *   npm run bench:web [-- --no-build] [--no-lighthouse] [--no-slow4g] [--label after]
 *
 * Builds the app (unless --no-build), builds a minimal React + react-dom app with the same Vite as the yardstick,
 * starts the real server (tests/e2e/harness.ts: free port, fresh data folder, demo seed) and, in Debian's Chromium:
 *   1. records every JS and CSS response of the sign-in routes and of each role's first screen (signed in through
 *      the API, the session written to localStorage as the app stores it): raw, gzip, brotli, bytes on the wire,
 *      and the JS gzip ratio to the minimal app (targets: sign-in ≤ 2.0×, role screens ≤ 2.5×);
 *   2. loads the minimal app, the stack floor and both sign-in routes on slow 4G with 4× CPU slowdown, five rotated
 *      rounds (scripts/benchWeb/slow4g.ts): first contentful paint and the moment the form is usable (--no-slow4g);
 *   3. runs Lighthouse once per page and preset (mobile, desktop) on / and each role's home.
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
import { runLighthouse, type LighthouseFigures, type Preset } from './benchWeb/lighthouse'
import { buildMinimalApp, buildStackFloorApp } from './benchWeb/minimalApp'
import { markdownReport } from './benchWeb/report'
import { serveFolder } from './benchWeb/staticServer'
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

const ROLE_SCREENS: Screen[] = [
  { name: 'Executive home', path: '/home', role: 'executive' },
  { name: 'Administrator home', path: '/administrador/inicio-de-cobertura', role: 'admin' },
  { name: 'Provider home', path: '/proveedores/mis-tramites', role: 'provider' },
  { name: 'Partner home', path: `/${PARTNER.prefix}/dashboard`, role: 'partner' },
  { name: 'Collaborator home', path: '/home-colaborador', role: 'collaborator' },
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
  for (const screen of [...SIGN_IN_SCREENS, ...ROLE_SCREENS]) {
    const storage = screen.role ? await sessionStorageFor(portal, screen.role) : undefined
    pages.push(await measurePage(browser, { name: screen.name, baseUrl: portal.url, path: screen.path, storage, ready: headingShown }))
  }
  return { minimal, stackFloor, pages }
}

async function measureLighthouse(portal: RunningPortal): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = []
  const screens = [SIGN_IN_SCREENS[0]!, ...ROLE_SCREENS]
  for (const preset of ['mobile', 'desktop'] as Preset[]) {
    for (const screen of screens) {
      // A fresh token per run: a run takes long enough that a 10-minute token could lapse across the set.
      const storage = screen.role ? await sessionStorageFor(portal, screen.role) : undefined
      const result = await runLighthouse({ name: screen.name, origin: portal.url, path: screen.path, preset, storage })
      console.error(`  lighthouse ${preset} ${screen.path}: performance ${result.performance}, accessibility ${result.accessibility}`)
      figures.push(result)
    }
  }
  return figures
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
    const bytes = await measureBytes(browser, portal, minimalServer.url, floorServer.url)
    const loadBeforeSlow4g = loads()
    const slowPages: SlowPage[] = [
      { name: 'Minimal React app', baseUrl: minimalServer.url, path: '/', control: 'h1' },
      { name: 'Stack floor', baseUrl: floorServer.url, path: '/', control: 'main button' },
      { name: 'Sign-in (roles)', baseUrl: portal.url, path: '/', control: 'button[type=submit]', text: 'Ejecutivo' },
      { name: 'Sign-in (collaborator)', baseUrl: portal.url, path: '/login-colaborador', control: 'button[type=submit]' },
    ]
    const slow4g = flag('no-slow4g') ? [] : await measureSlow4g(browser, slowPages, 5)
    await browser.close()
    browser = undefined
    const loadBeforeLighthouse = loads()
    const lighthouseFigures = flag('no-lighthouse') ? [] : await measureLighthouse(portal)
    const figures = {
      label,
      startedAt: startedAt.toISOString(),
      node: process.version,
      load: { atStart: loadAtStart, beforeBytes: loadBeforeBytes, beforeSlow4g: loadBeforeSlow4g, beforeLighthouse: loadBeforeLighthouse, atEnd: loads() },
      ...bytes,
      slow4g,
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
