/**
 * Renders the whole app at an administrator path (or as another user) with the fake API, like renderPortal, but
 * with runtime configuration overrides (the company e-mail domains are configuration) and the visited paths.
 */
import { render } from '@testing-library/react'
import type { SessionUser } from '../../../../domain/contract/auth'
import { writeStoredSession } from '../../../../src/api/storedSession'
import { createPortal } from '../../../../src/app/App'
import { memoryRouterAt } from '../../../../src/app/memoryRouter'
import { setRuntimeConfigForTests, type RuntimeConfig } from '../../../../src/lib/runtimeConfig'
import { closedAfterTest } from '../../helpers/openViews'
import { TEST_CONFIG, USERS } from '../../helpers/renderPortal'

export const TEST_DOMAINS = ['empresa.mx', 'banco-empresa.mx', 'afore-empresa.mx']

export function renderAdmin(path: string, options: { as?: SessionUser; config?: Partial<RuntimeConfig> } = {}) {
  setRuntimeConfigForTests({ ...TEST_CONFIG, internalEmailDomains: TEST_DOMAINS, ...options.config })
  localStorage.clear()
  writeStoredSession({ user: options.as ?? USERS.admin, accessToken: 'token-guardado', lastUpdate: new Date().toISOString() })
  const portal = createPortal({ createRouter: memoryRouterAt([path]) })
  const view = render(portal.element)
  const visited: string[] = []
  portal.router.subscribe((state) => visited.push(state.location.pathname))
  return {
    ...view,
    portal,
    visited,
    pathname: () => portal.router.state.location.pathname,
    dispose: closedAfterTest(() => {
      view.unmount()
      portal.dispose()
      setRuntimeConfigForTests(null)
    }),
  }
}
