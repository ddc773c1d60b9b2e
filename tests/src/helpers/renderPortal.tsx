/**
 * Renders the whole app (session, router, shell) at a path, on a memory router, with an optional stored session.
 * The API is whatever `installFakeApi` answers.
 */
import { render } from '@testing-library/react'
import type { SessionUser } from '../../../domain/contract/auth'
import { writeStoredSession } from '../../../src/api/storedSession'
import { createPortal } from '../../../src/app/App'
import { memoryRouterAt } from '../../../src/app/memoryRouter'
import { firstChunks } from '../../../src/app/firstChunks'
import type { LoadedModules } from '../../../src/app/routes'
import { screenChunks } from '../../../src/app/screenChunks'
import { setRuntimeConfigForTests } from '../../../src/lib/runtimeConfig'
import { PdfOpenerProvider } from '../../../src/features/documents/pdfOpener'
import { fakePdfEngine } from '../features/documents/fakePdf'
import { closedAfterTest } from './openViews'
import { TEST_CONFIG } from './testSession'

export { TEST_CONFIG, USERS } from './testSession'

/**
 * The route table's chunks, imported once per test file: screens render at once, as before code splitting, so a
 * view test reads the screen right after rendering. Loading the chunks themselves is covered by
 * tests/src/app/codeSplitting.test.tsx (`lazyRoutes: true`).
 */
const loadedScreens = await loadAll({ ...firstChunks, ...screenChunks })

async function loadAll(chunks: Record<string, () => Promise<unknown>>): Promise<Required<LoadedModules>> {
  const names = Object.keys(chunks)
  const modules = await Promise.all(names.map((name) => chunks[name]!()))
  return Object.fromEntries(names.map((name, index) => [name, modules[index]])) as Required<LoadedModules>
}

export interface RenderPortalOptions {
  /** Keep the lazy routes: the first screen shows after its chunk loads, behind the loading fallback. */
  lazyRoutes?: boolean
  signedInAs?: SessionUser
  accessToken?: string
  lastUpdate?: string
  /** Raw localStorage entries to start with (malformed or partial sessions). */
  storage?: Record<string, string>
}

export function renderPortal(path: string, options: RenderPortalOptions = {}) {
  setRuntimeConfigForTests(TEST_CONFIG)
  localStorage.clear()
  for (const [key, value] of Object.entries(options.storage ?? {})) localStorage.setItem(key, value)
  if (options.signedInAs) {
    writeStoredSession({
      user: options.signedInAs,
      accessToken: options.accessToken ?? 'token-guardado',
      lastUpdate: options.lastUpdate ?? new Date().toISOString(),
    })
  }
  const portal = createPortal({ createRouter: memoryRouterAt([path]), loadedScreens: options.lazyRoutes ? undefined : loadedScreens })
  // pdf.js cannot draw in jsdom: any viewer a screen opens gets a fake engine.
  const view = render(<PdfOpenerProvider opener={fakePdfEngine().opener}>{portal.element}</PdfOpenerProvider>)
  return {
    ...view,
    portal,
    pathname: () => portal.router.state.location.pathname,
    dispose: closedAfterTest(() => {
      view.unmount()
      portal.dispose()
    }),
  }
}
