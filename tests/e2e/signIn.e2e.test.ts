/**
 * Sign-in end to end: the real server (fresh data folder, demo seed) and the built app in Chromium.
 * Each role lands on its home with its menu; a wrong password shows the server reason under the form;
 * /login-colaborador works; the guards, the account menu, the slide-in menu and the 404 behave in a real browser.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { PARTNER, demoAccount, fillCollaboratorLogin, fillRoleLogin, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const EXPECTED = {
  // Issue 23: the office roles land on 'Pendientes', the first entry of their menus.
  Ejecutivo: { home: '/pendientes', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], current: 'Pendientes', type: 'Ejecutivo' },
  Administrativo: {
    home: '/administrador/pendientes',
    entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes', 'Ejecutivos', 'Proveedores', 'Facturas', 'Notificaciones', 'Niveles de servicio', 'Flujos'],
    current: 'Pendientes',
    type: 'Administrador',
  },
  Proveedores: { home: '/proveedores/pendientes', entries: ['Pendientes', 'Mis trámites'], current: 'Pendientes', type: 'Proveedor' },
  [PARTNER.name]: { home: `/${PARTNER.prefix}/dashboard`, entries: ['Trámites'], current: 'Trámites', type: PARTNER.name },
} as const

const pathOf = (page: Page) => new URL(page.url()).pathname

async function sideMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Menú Principal' })
  await nav.waitFor()
  return {
    entries: (await nav.getByRole('link').allTextContents()).map((t) => t.trim()),
    current: (await nav.locator('a[aria-current="page"]').allTextContents()).map((t) => t.trim()),
    subtitle: await nav.getByText(/^Tipo de perfil:/).textContent(),
  }
}

describe('role sign-in', () => {
  for (const [role, expected] of Object.entries(EXPECTED)) {
    it(`${role} lands on ${expected.home} with its menu, / sends back there, and logout returns to /`, async () => {
      const { context, page, errors } = await e2e.openPage()
      try {
        await fillRoleLogin(page, demoAccount(role))
        await page.waitForURL(`**${expected.home}`)
        expect(await sideMenu(page)).toEqual({
          entries: [...expected.entries],
          current: [expected.current],
          subtitle: `Tipo de perfil: ${expected.type}`,
        })
        const stored = await page.evaluate(() => ({
          user: JSON.parse(localStorage.getItem('user') ?? 'null') as { rol: string } | null,
          token: localStorage.getItem('accessToken'),
          lastUpdate: localStorage.getItem('lastUpdate'),
        }))
        expect(stored.token?.split('.')).toHaveLength(3)
        expect(Number.isNaN(Date.parse(stored.lastUpdate ?? ''))).toBe(false)

        if (role === 'Proveedores') {
          expect(await page.getByRole('button', { name: /^Cuenta de/ }).count()).toBe(0)
          await page.getByRole('button', { name: 'Cerrar sesión' }).click()
        } else {
          const chip = page.getByRole('button', { name: /^Cuenta de/ })
          if (role === 'Administrativo') expect((await chip.textContent())?.trim()).toBe('Admin')
          else expect(await chip.textContent()).not.toContain('Admin')

          await page.goto('/')
          await page.waitForURL(`**${expected.home}`)

          await chip.click()
          await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
        }
        await page.waitForURL((url) => url.pathname === '/')
        await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor()
        expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('accessToken')])).toEqual([null, null])
        // No script error and no Content-Security-Policy violation on the way.
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    })
  }

  it('a wrong password shows the server reason under the form, cleared when the password changes', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillRoleLogin(page, { ...demoAccount('Ejecutivo'), password: 'NoEsLaClave1!' })
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect((await alert.textContent())?.trim()).toBe('Correo, contraseña o rol incorrectos')
      expect(pathOf(page)).toBe('/')
      const below = await page.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Iniciar sesión')!
        const message = document.querySelector('[role=alert]')!
        return message.getBoundingClientRect().top >= button.getBoundingClientRect().bottom
      })
      expect(below).toBe(true)
      await page.getByLabel('Contraseña', { exact: true }).fill('otra')
      expect(await page.getByRole('alert').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it("the executive's right password under the role Proveedores says 'Correo, contraseña o rol incorrectos' (issue 21)", async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillRoleLogin(page, { ...demoAccount('Ejecutivo'), role: 'Proveedores' })
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect((await alert.textContent())?.trim()).toBe('Correo, contraseña o rol incorrectos')
      expect(pathOf(page)).toBe('/')
    } finally {
      await context.close()
    }
  })

  it("the account menu's 'Perfil' opens /perfil/mi-perfil for the executive", async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillRoleLogin(page, demoAccount('Ejecutivo'))
      await page.waitForURL('**/pendientes')
      await page.getByRole('button', { name: /^Cuenta de/ }).click()
      await page.getByRole('menuitem', { name: 'Perfil' }).click()
      await page.waitForURL('**/perfil/mi-perfil')
    } finally {
      await context.close()
    }
  })
})

describe('collaborator sign-in', () => {
  it('/login-colaborador signs in with the collaborator and claim numbers and logs out back to it', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
      await page.waitForURL('**/home-colaborador')
      expect(await sideMenu(page)).toEqual({ entries: ['Mis trámites'], current: ['Mis trámites'], subtitle: 'Tipo de perfil: Colaborador' })
      expect(await page.getByRole('button', { name: /^Cuenta de/ }).count()).toBe(0)
      await page.getByRole('button', { name: 'Cerrar sesión' }).click()
      await page.waitForURL('**/login-colaborador')
    } finally {
      await context.close()
    }
  })

  it('wrong numbers show the fixed message', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, 1)
      const alert = page.getByRole('alert')
      await alert.waitFor()
      expect((await alert.textContent())?.trim()).toBe('Número de trámite y/o colaborador incorrectos')
    } finally {
      await context.close()
    }
  })
})

describe('routes in the browser', () => {
  it('a signed-out visit to a protected route goes to the right sign-in', async () => {
    const { context, page } = await e2e.openPage()
    try {
      await page.goto('/administrador/facturas')
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/home-colaborador')
      await page.waitForURL('**/login-colaborador')
    } finally {
      await context.close()
    }
  })

  it("an unknown path shows 'Page Not Found' and returns to / after a second", async () => {
    const { context, page } = await e2e.openPage()
    try {
      await page.goto('/esto/no/existe')
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
      await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 })
    } finally {
      await context.close()
    }
  })

  it('at 375 px the menu button opens the slide-in menu', async () => {
    const { context, page } = await e2e.openPage(375, 812)
    try {
      await fillRoleLogin(page, demoAccount('Administrativo'))
      await page.waitForURL('**/administrador/pendientes')
      expect(await page.getByRole('navigation', { name: 'Menú Principal' }).isVisible()).toBe(false)
      await page.getByRole('button', { name: 'Abrir menú' }).click()
      const drawer = page.getByRole('dialog', { name: 'Menú Principal' })
      await drawer.getByRole('link', { name: 'Facturas' }).click()
      await page.waitForURL('**/administrador/facturas')
      await drawer.waitFor({ state: 'detached' })
    } finally {
      await context.close()
    }
  })
})

describe('the sign-in before any JavaScript (issue 24)', () => {
  it('with JavaScript off, / and /login-colaborador show the form: labels, fields and button', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.portal.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } })
    try {
      const page = await context.newPage()
      await page.goto('/')
      expect(await page.getByText('Elige tu rol para iniciar sesión:').isVisible()).toBe(true)
      // The role list arrives with the JavaScript: the drawn select says so, not that there are no roles.
      expect(await page.getByText('Cargando roles…').isVisible()).toBe(true)
      expect(await page.getByText('No existen opciones disponibles').count()).toBe(0)
      expect(await page.getByLabel('Correo electrónico').isVisible()).toBe(true)
      expect(await page.getByLabel('Contraseña', { exact: true }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Iniciar sesión' }).isVisible()).toBe(true)
      await page.goto('/login-colaborador')
      expect(await page.getByLabel('Número de colaborador').isVisible()).toBe(true)
      expect(await page.getByLabel('Número de trámite').isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Buscar' }).isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('with JavaScript on, React takes the drawn form over where it is: no hydration error, the button does not move', async () => {
    for (const path of ['/', '/login-colaborador']) {
      const { context, page, errors } = await e2e.openPage(375, 812)
      try {
        await page.goto(path, { waitUntil: 'commit' })
        const button = page.locator('form button[type="submit"]')
        await button.waitFor()
        const before = await button.boundingBox()
        // React runs the form once the role catalogue shows (sign-in), or once typing enables 'Buscar' (collaborator).
        if (path === '/') await page.getByRole('combobox', { name: 'Elige tu rol para iniciar sesión:' }).filter({ hasText: 'Ejecutivo' }).waitFor()
        else {
          await page.getByLabel('Número de colaborador').fill(String(DEMO_COLLABORATOR.idColaborador))
          await page.getByLabel('Número de trámite').fill(String(DEMO_COLLABORATOR.idEvento))
          await page.waitForFunction(() => document.querySelector('form button[type="submit"]:not([disabled])') !== null)
        }
        expect(await button.boundingBox(), path).toEqual(before)
        expect(await page.locator('#root[data-prerendered]').count(), path).toBe(1)
        expect(errors, path).toEqual([])
      } finally {
        await context.close()
      }
    }
  })

  it('what is typed before the JavaScript arrives is kept: the drawn page has its title, and the numbers typed sign in', async () => {
    const { context, page } = await e2e.openPage(375, 812)
    try {
      // The scripts are held back until the numbers are typed, as on a slow network.
      let release: () => void = () => undefined
      const released = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/*.js', async (route) => {
        await released
        await route.continue()
      })
      await page.goto('/login-colaborador', { waitUntil: 'commit' })
      await page.getByLabel('Número de colaborador').waitFor()
      expect(await page.title()).toBe('Acceso colaboradores · Portal de trámites')
      await page.getByLabel('Número de colaborador').fill(String(DEMO_COLLABORATOR.idColaborador))
      await page.getByLabel('Número de trámite').fill(String(DEMO_COLLABORATOR.idEvento))
      release()
      await page.getByRole('button', { name: 'Buscar' }).click()
      await page.waitForURL('**/home-colaborador')
    } finally {
      await context.close()
    }
  })
})

describe("each role's first screen before any JavaScript (issue 24)", () => {
  const LANDINGS = [
    { role: 'Ejecutivo', path: '/pendientes', heading: 'Pendientes', menu: 'Inicio de cobertura', profile: 'Tipo de perfil: Ejecutivo' },
    { role: 'Administrativo', path: '/administrador/pendientes', heading: 'Pendientes', menu: 'Niveles de servicio', profile: 'Tipo de perfil: Administrador' },
    { role: 'Proveedores', path: '/proveedores/pendientes', heading: 'Pendientes', menu: 'Mis trámites', profile: 'Tipo de perfil: Proveedor' },
    { role: PARTNER.name, path: `/${PARTNER.prefix}/dashboard`, heading: 'Trámites', menu: 'Trámites', profile: `Tipo de perfil: ${PARTNER.name}` },
    { role: 'Colaborador', path: '/home-colaborador', heading: 'Mis trámites', menu: null, profile: null },
  ] as const

  it("with JavaScript off, each first screen shows its frame: the role's menu, the heading and the page title", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.portal.url, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    try {
      const page = await context.newPage()
      for (const landing of LANDINGS) {
        await page.goto(landing.path)
        expect(await page.getByRole('heading', { level: 1, name: landing.heading }).isVisible(), landing.path).toBe(true)
        expect(await page.title(), landing.path).toBe(`${landing.heading} · Portal de trámites`)
        if (landing.menu) {
          const nav = page.getByRole('navigation', { name: 'Menú Principal' })
          expect(await nav.getByRole('link', { name: landing.menu, exact: true }).isVisible(), landing.path).toBe(true)
          expect(await nav.getByText(landing.profile).isVisible(), landing.path).toBe(true)
        }
      }
    } finally {
      await context.close()
    }
  })

  it.each(LANDINGS)('with JavaScript on, the app takes $path over as drawn (the same elements), then adds the user; no error', async (landing) => {
    const { context, page, errors } = await e2e.openPage(375, 812)
    try {
      if (landing.role === 'Colaborador') await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
      else await fillRoleLogin(page, demoAccount(landing.role))
      await page.waitForURL(`**${landing.path}`)
      // The scripts are held back, as on a slow network: what shows is the HTML the server sent.
      let release: () => void = () => undefined
      const released = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/*.js', async (route) => {
        await released
        await route.continue()
      })
      await page.reload({ waitUntil: 'commit' })
      const heading = page.getByRole('heading', { level: 1, name: landing.heading })
      await heading.waitFor()
      expect(await page.locator(`#root[data-landing="${landing.path}"]`).count()).toBe(1)
      const drawn = await heading.boundingBox()
      await page.evaluate(() => Object.assign(window, { drawnHeading: document.querySelector('h1') }))
      release()
      // The first idle moment after the app drew its first screen (src/lib/firstScreenIdle.ts).
      await page.waitForFunction(() => performance.getEntriesByName('portal:idle-prefetch').length > 0)
      // The executive's name comes with the app: the drawn page had none.
      if (landing.role === 'Ejecutivo') await page.getByRole('button', { name: /^Cuenta de \S/ }).waitFor()
      expect(await heading.boundingBox()).toEqual(drawn)
      // Hydrated, not drawn again: React kept the server's elements (a mismatch would have replaced them, and logged).
      expect(await page.evaluate(() => document.querySelector('h1') === (window as { drawnHeading?: Element }).drawnHeading)).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("on another role's first screen the app draws its own page instead of the drawn one (one shell, no error)", async () => {
    const { context, page, errors } = await e2e.openPage(1280, 900)
    try {
      await fillRoleLogin(page, demoAccount('Administrativo'))
      await page.waitForURL('**/administrador/pendientes')
      // The executive's first screen, drawn for an executive: the administrator's chip would not match it.
      await page.goto('/pendientes')
      expect(await page.locator('#root[data-landing="/pendientes"]').count()).toBe(1)
      await page.waitForFunction(() => performance.getEntriesByName('portal:idle-prefetch').length > 0)
      await page.getByRole('button', { name: 'Cuenta de Admin' }).waitFor()
      // Only the app's page: the drawn one (the executive's menu, its loading rows) is gone.
      expect(await page.getByRole('banner').count()).toBe(1)
      expect(await page.getByText('Tipo de perfil: Ejecutivo').count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})

