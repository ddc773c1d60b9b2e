/**
 * After `vite build`: writes the HTML of the pages that need no session with their first screen already in it
 * (issue 24), so a phone shows the sign-in form as soon as the HTML and the one style sheet arrive, before any
 * JavaScript runs, and React hydrates that markup (src/main.tsx).
 *
 *   dist/prerendered/<page>.html   `/` and `/login-colaborador` (server/webApp.ts, PRERENDERED_PAGES), the sign-in
 *                                  screen rendered by the same components, with every chunk it needs announced
 *                                  as modulepreload so none is discovered only after another ran
 *   dist/prerendered/<screen>.html each role's first screen (server/webApp.ts, LANDING_SCREEN_PAGES): the loading
 *                                  frame, with the chunks of the shell and of that screen announced as modulepreload
 *   dist/index.html                every other path: the loading frame the app draws first
 *
 * The components are loaded through Vite itself (ssrLoadModule: same aliases, same JSX transform), rendered with
 * react-dom/server's renderToString. Each written file gets its .br and .gz copies, as the build's other files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { createServer } from 'vite'
import { LANDING_SCREEN_PAGES, PRERENDERED_PAGES } from '../server/webApp'
import { ROOT_MARKER, chunksOfEntry, withPage } from './prerender/html'

const DIST = join(import.meta.dirname, '..', 'dist')

/** The module of each landing screen (src/app/screenChunks.ts), as the build's manifest names it. */
const LANDING_SCREEN_MODULES = {
  queue: 'src/features/queue/QueuePage.tsx',
  claimList: 'src/features/claims/ClaimListPage.tsx',
  collaboratorHome: 'src/features/collaborator/CollaboratorHomePage.tsx',
} satisfies Record<keyof typeof LANDING_SCREEN_PAGES, string>

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
    const loadingFrame = render.renderLoadingFrame()
    const shellChunks = chunksOfEntry(manifest, 'src/app/areas/shell.ts')
    for (const [screen, file] of Object.entries(LANDING_SCREEN_PAGES)) {
      const screenChunks = chunksOfEntry(manifest, LANDING_SCREEN_MODULES[screen as keyof typeof LANDING_SCREEN_PAGES])
      write(file, withPage(template, { markup: loadingFrame, modulePreloads: [...new Set([...shellChunks, ...screenChunks])] }))
    }
    write('index.html', withPage(template, { markup: loadingFrame, modulePreloads: [] }))
  } finally {
    await vite.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
