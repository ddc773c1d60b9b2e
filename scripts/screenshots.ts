/**
 * Screenshots of the built app at 375 and 1280 px, for looking at the screens.
 *
 *   npm run build && npx tsx scripts/screenshots.ts [route …] [--widths=375,1280] [--database-url=URL]
 *
 * Starts the real server on a free port with a fresh data folder (tests/e2e/harness.ts), signs in as the role
 * that owns each route (the demo accounts of server/seed), and writes .tmp/screens/<route>-<width>.png.
 * `--database-url` points the server at a PostgreSQL database instead (e.g. the 1,000,000 claims of `bench_1m`, to see
 * the lists' capped totals); it must hold the demo seed. Below
 * 960 px signed-in routes get a second shot with the slide-in menu open (<route>-<width>-menu.png).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_COLLABORATOR, demoAccounts } from '../server/seed'
import { profileKindFromPath, type ProfileKind } from '../src/lib/profile'
import { PARTNER, ROOT, fillCollaboratorLogin, fillRoleLogin, launchBrowser, newPage, startPortal } from '../tests/e2e/harness'

const DEFAULT_ROUTES = [
  '/',
  '/login-colaborador',
  '/home',
  '/administrador/inicio-de-cobertura',
  '/proveedores/mis-tramites',
  `/${PARTNER.prefix}/dashboard`,
  '/home-colaborador',
  '/ruta-que-no-existe',
]
const PUBLIC = new Set(['/', '/login-colaborador', '/ruta-que-no-existe'])

const args = process.argv.slice(2)
const widthsArg = args.find((a) => a.startsWith('--widths='))
const widths = widthsArg ? widthsArg.slice('--widths='.length).split(',').map(Number) : [375, 1280]
const databaseUrl = args.find((a) => a.startsWith('--database-url='))?.slice('--database-url='.length)
const routes = args.filter((a) => !a.startsWith('--'))
const outDir = join(ROOT, '.tmp', 'screens')

const slug = (route: string) => route.replace(/^\/+/, '').replace(/[^A-Za-z0-9]+/g, '_') || 'root'

async function signIn(page: Page, kind: ProfileKind): Promise<void> {
  if (kind === 'collaborator') {
    await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
    await page.waitForURL('**/home-colaborador')
    return
  }
  const accounts = demoAccounts('coppel.com', PARTNER.name)
  const role = { executive: 'Ejecutivo', admin: 'Administrativo', provider: 'Proveedores', partner: PARTNER.name }[kind]
  const account = accounts.find((a) => a.role === role)
  if (!account) throw new Error(`no demo account for ${kind}`)
  await fillRoleLogin(page, account)
  await page.waitForURL((url) => url.pathname !== '/')
}

async function main() {
  mkdirSync(outDir, { recursive: true })
  const portal = await startPortal(databaseUrl ? { env: { DATABASE_URL: databaseUrl }, timeoutMs: 180_000 } : {})
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    for (const width of widths) {
      const sessions = new Map<string, { context: BrowserContext; page: Page }>()
      for (const route of routes.length ? routes : DEFAULT_ROUTES) {
        const kind = PUBLIC.has(route) ? 'public' : profileKindFromPath(route, PARTNER.prefix)
        let entry = sessions.get(kind)
        if (!entry) {
          entry = await newPage(browser, portal.url, width, width < 960 ? 812 : 900)
          if (kind !== 'public') await signIn(entry.page, kind)
          sessions.set(kind, entry)
        }
        const { page } = entry
        await page.goto(route)
        // Not 'networkidle': a signed-in page keeps its live stream (SSE) open, so the network is never idle.
        // Wait for what the user sees instead: the screen's heading, and no list or panel still loading.
        await page.waitForLoadState('load')
        await page.locator('h1').first().waitFor({ timeout: 30_000 })
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 })
        await page.waitForTimeout(300)
        const file = join(outDir, `${slug(route)}-${width}.png`)
        await page.screenshot({ path: file, fullPage: true })
        console.log(file)
        if (kind !== 'public' && width < 960) {
          await page.getByRole('button', { name: 'Abrir menú' }).click()
          // The drawer's code loads when it is first opened: wait for the drawer, then for its slide-in to end.
          await page.getByRole('dialog').waitFor()
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 })
          const menuFile = join(outDir, `${slug(route)}-${width}-menu.png`)
          await page.screenshot({ path: menuFile })
          console.log(menuFile)
          await page.keyboard.press('Escape')
        }
      }
      for (const { context } of sessions.values()) await context.close()
    }
  } finally {
    await browser?.close()
    await portal.close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
