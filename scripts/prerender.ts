/**
 * After `vite build`: writes the HTML of the pages that need no session with their first screen already in it
 * (issue 24), so a phone shows the sign-in form as soon as the HTML and the one style sheet arrive, before any
 * JavaScript runs, and React hydrates that markup (src/main.tsx).
 *
 *   dist/prerendered/<page>.html   `/` and `/login-colaborador` (server/webApp.ts, PRERENDERED_PAGES), the sign-in
 *                                  screen rendered by the same components, with every chunk it needs announced
 *                                  as modulepreload so none is discovered only after another ran
 *   dist/prerendered/landing/<path>.html
 *                                  each role's first screen (server/webApp.ts, landingPages): the shell with the
 *                                  role's menu and the screen's heading and loading state, as the browser draws it
 *                                  while the data arrives, with the chunks of the shell and of that screen announced
 *                                  as modulepreload (src/main.tsx hydrates it once they are there)
 *   dist/index.html                every other path: the loading frame the app draws first
 *
 * The components are loaded through Vite itself (ssrLoadModule: same aliases, same JSX transform), rendered with
 * react-dom/server's renderToString. Each written file gets its .br and .gz copies, as the build's other files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { createServer } from 'vite'
import { ROLE } from '../domain/roles'
import { PRERENDERED_PAGES, landingPageFile } from '../server/webApp'
import type { LandingScreen } from '../src/app/firstChunks'
import { ROOT_MARKER, chunksOfEntry, withPage } from './prerender/html'

const DIST = join(import.meta.dirname, '..', 'dist')

/** The module of each landing screen (src/app/firstChunks.ts), as the build's manifest names it. */
const LANDING_SCREEN_MODULES: Record<LandingScreen, string> = {
  queue: 'src/features/queue/QueuePage.tsx',
  claimList: 'src/features/claims/ClaimListPage.tsx',
  collaboratorHome: 'src/features/collaborator/CollaboratorHomePage.tsx',
}

function write(relative: string, html: string) {
  const file = join(DIST, relative)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, html)
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }))
}

async function main() {
  const template = readFileSync(join(DIST, 'index.html'), 'utf8')
  if (!template.includes(ROOT_MARKER)) throw new Error(`dist/index.html lacks ${ROOT_MARKER}`)
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Parameters<typeof chunksOfEntry>[0]
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' })
  try {
    const render = (await vite.ssrLoadModule('/src/prerender/renderPage.tsx')) as typeof import('../src/prerender/renderPage')
    const signInChunks = chunksOfEntry(manifest, 'src/app/areas/signIn.ts')
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      const page = render.renderSignInPage(path)
      write(file, withPage(template, { markup: page.markup, title: page.title, prerenderedFor: path, modulePreloads: signInChunks }))
    }
    const shellChunks = chunksOfEntry(manifest, 'src/app/areas/shell.ts')
    for (const rol of Object.values(ROLE)) {
      // The partner's page is drawn for the default prefix: a server configured with another gets index.html there.
      const { path, screen, ...page } = await render.renderLandingPage(rol)
      // A screen the route table does not show at that path would have rendered the loading frame instead.
      if (!page.markup.includes('id="contenido"')) throw new Error(`${path}: la pantalla ${screen} no se dibujó en el marco`)
      const modulePreloads = [...new Set([...shellChunks, ...chunksOfEntry(manifest, LANDING_SCREEN_MODULES[screen])])]
      write(landingPageFile(path), withPage(template, { ...page, landing: { path, screen }, modulePreloads, preloadPriority: 'low' }))
    }
    write('index.html', withPage(template, { markup: render.renderLoadingFrame(), modulePreloads: [] }))
  } finally {
    await vite.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
