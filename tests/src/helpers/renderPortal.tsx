/**
 * Renders the whole app (session, router, shell) at a path, on a memory router, with an optional stored session.
 * The API is whatever `installFakeApi` answers.
 */
import { render } from '@testing-library/react'
import type { SessionUser } from '../../../src/api/schemas'
import { writeStoredSession } from '../../../src/api/storedSession'
import { createPortal } from '../../../src/app/App'
import { setRuntimeConfigForTests } from '../../../src/lib/runtimeConfig'

export const TEST_CONFIG = {
  apiBase: 'http://api.test',
  clientToken: 'token-de-cliente',
  partnerPrefix: 'coppel',
  partnerName: 'Coppel',
}

export function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    idUser: 2,
    nombre: 'Laura',
    nombre2: null,
    apePat: 'Hernández',
    apeMAt: 'Félix',
    email: 'ejecutivo@coppel.com',
    foto: null,
    userType: 'Ejecutivo',
    rol: '0',
    idColaborador: null,
    idEvento: null,
    idProveedor: null,
    ...overrides,
  }
}

export const USERS = {
  executive: user(),
  admin: user({ idUser: 1, nombre: 'Mariana', apePat: 'López', userType: 'Administrador', rol: '1' }),
  collaborator: user({ idUser: null, nombre: 'Ana', apePat: 'Valenzuela', email: null, userType: 'Colaborador', rol: '2', idColaborador: 90251437, idEvento: 500 }),
  provider: user({ idUser: 8, nombre: 'Hospital San Rafael', apePat: null, apeMAt: null, userType: 'Proveedor', rol: '3', idProveedor: 1 }),
  partner: user({ idUser: 7, nombre: 'Jorge', apePat: 'Salazar', userType: 'Socio', rol: '4' }),
} as const

export interface RenderPortalOptions {
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
  const portal = createPortal({ initialEntries: [path] })
  const view = render(portal.element)
  return {
    ...view,
    portal,
    pathname: () => portal.router.state.location.pathname,
    dispose: () => {
      view.unmount()
      portal.dispose()
    },
  }
}
