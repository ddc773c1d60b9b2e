/**
 * The common shell (spec 2.1, 2.2): menu entries per path prefix with the current one highlighted and the
 * profile type, the header chip ('Admin' for administrators) or the 'Cerrar sesión' link, the account menu, the
 * logout destinations, the slide-in menu below 960 px and the global search highlight.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../../../domain/contract/auth'
import { chooseMenuItem } from '../helpers/arkMenu'
import { installFakeApi, ok, type FakeApi } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'

let api: FakeApi
let dispose: (() => void) | undefined

beforeEach(() => {
  api = installFakeApi({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0 }) })
})
afterEach(() => {
  dispose?.()
  dispose = undefined
  api.restore()
  vi.restoreAllMocks()
})

function open(path: string, signedInAs: SessionUser) {
  const view = renderPortal(path, { signedInAs })
  dispose = view.dispose
  return view
}

const sideMenu = () => screen.getByRole('navigation', { name: 'Menú Principal' })

const MENUS: Array<{ who: keyof typeof USERS; path: string; entries: string[]; active: string | null; type: string }> = [
  { who: 'executive', path: '/home', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], active: 'Inicio de cobertura', type: 'Ejecutivo' },
  { who: 'executive', path: '/nuevo-tramite/5/2', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], active: 'Inicio de cobertura', type: 'Ejecutivo' },
  { who: 'executive', path: '/ejecutivo/mis-tramites/proceso-general-tramites/77', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], active: 'Mis trámites', type: 'Ejecutivo' },
  { who: 'executive', path: '/reportes', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], active: 'Reportes', type: 'Ejecutivo' },
  { who: 'executive', path: '/perfil/mi-perfil', entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes'], active: null, type: 'Ejecutivo' },
  {
    who: 'admin',
    path: '/administrador/proveedores/editar-proveedor/3',
    entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes', 'Ejecutivos', 'Proveedores', 'Facturas', 'Notificaciones', 'Niveles de servicio', 'Flujos'],
    active: 'Proveedores',
    type: 'Administrador',
  },
  {
    who: 'admin',
    path: '/administrador/mis-tramites/proceso-general-tramites/carta-dictaminacion/9',
    entries: ['Pendientes', 'Inicio de cobertura', 'Mis trámites', 'Reportes', 'Ejecutivos', 'Proveedores', 'Facturas', 'Notificaciones', 'Niveles de servicio', 'Flujos'],
    active: 'Mis trámites',
    type: 'Administrador',
  },
  { who: 'provider', path: '/proveedores/cargar-factura/12', entries: ['Pendientes', 'Mis trámites'], active: 'Mis trámites', type: 'Proveedor' },
  { who: 'collaborator', path: '/home-colaborador/carga-de-datos/500', entries: ['Mis trámites'], active: 'Mis trámites', type: 'Colaborador' },
  { who: 'partner', path: '/coppel/mis-tramites/proceso-general-tramites/3', entries: ['Trámites'], active: 'Trámites', type: 'Coppel' },
]

describe('side menu per path prefix', () => {
  for (const { who, path, entries, active, type } of MENUS) {
    it(`${path}: ${entries.join(', ')}; current ${active ?? 'none'}; 'Tipo de perfil: ${type}'`, () => {
      open(path, USERS[who])
      const nav = sideMenu()
      expect(within(nav).getByRole('heading', { name: 'Menú Principal' })).toBeInTheDocument()
      expect(within(nav).getByText(`Tipo de perfil: ${type}`)).toBeInTheDocument()
      const links = within(nav).getAllByRole('link')
      expect(links.map((link) => link.textContent)).toEqual(entries)
      const current = links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)
      expect(current).toEqual(active ? [active] : [])
    })
  }

  it('follows an entry', async () => {
    const view = open('/home', USERS.executive)
    await userEvent.setup().click(within(sideMenu()).getByRole('link', { name: 'Reportes' }))
    expect(view.pathname()).toBe('/reportes')
    expect(within(sideMenu()).getByRole('link', { name: 'Reportes' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('header', () => {
  it("shows 'Admin' on the administrator's chip, and 'Perfil' leads to /administrador/mi-perfil", async () => {
    const view = open('/administrador/reportes', USERS.admin)
    const chip = screen.getByRole('button', { name: 'Cuenta de Admin' })
    expect(chip).toHaveTextContent('Admin')
    expect(within(chip).getByTestId('avatar-default')).toBeInTheDocument()
    await chooseMenuItem(userEvent.setup(), chip, 'Perfil')
    expect(view.pathname()).toBe('/administrador/mi-perfil')
  })

  it("shows the executive's name and photo, and 'Perfil' leads to /perfil/mi-perfil", async () => {
    const view = open('/home', { ...USERS.executive, foto: '/api/file/profile/2.png' })
    const chip = screen.getByRole('button', { name: 'Cuenta de Laura Hernández' })
    expect(chip).toHaveTextContent('Laura Hernández')
    expect(chip.querySelector('img')).toHaveAttribute('src', '/api/file/profile/2.png')
    await chooseMenuItem(userEvent.setup(), chip, 'Perfil')
    expect(view.pathname()).toBe('/perfil/mi-perfil')
  })

  it('the account chip opens its menu with ArrowDown, as a menu button does', async () => {
    open('/coppel/dashboard', USERS.partner)
    const chip = screen.getByRole('button', { name: 'Cuenta de Jorge Salazar' })
    chip.focus()
    await userEvent.setup().keyboard('{ArrowDown}')
    expect(await screen.findByRole('menuitem', { name: 'Perfil' })).toBeVisible()
    expect(chip).toHaveAttribute('aria-expanded', 'true')
  })

  it("the partner reviewer also gets the chip, and 'Perfil' leads to /perfil/mi-perfil", async () => {
    const view = open('/coppel/dashboard', USERS.partner)
    await chooseMenuItem(userEvent.setup(), screen.getByRole('button', { name: 'Cuenta de Jorge Salazar' }), 'Perfil')
    expect(view.pathname()).toBe('/perfil/mi-perfil')
  })

  it("'Cerrar sesión' from the account menu clears the stored session and goes to /", async () => {
    const view = open('/home', USERS.executive)
    await chooseMenuItem(userEvent.setup(), screen.getByRole('button', { name: /Cuenta de/ }), 'Cerrar sesión')
    await waitFor(() => expect(view.pathname()).toBe('/'))
    expect([localStorage.getItem('user'), localStorage.getItem('accessToken'), localStorage.getItem('lastUpdate')]).toEqual([null, null, null])
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
  })

  const LINK_ONLY: Array<[keyof typeof USERS, string, string]> = [
    ['collaborator', '/home-colaborador', '/login-colaborador'],
    ['provider', '/proveedores/mis-tramites', '/'],
  ]
  for (const [who, path, destination] of LINK_ONLY) {
    it(`${USERS[who].userType}: only a 'Cerrar sesión' link, which leads to ${destination}`, async () => {
      const view = open(path, USERS[who])
      expect(screen.queryByRole('button', { name: /Cuenta de/ })).not.toBeInTheDocument()
      await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar sesión' }))
      await waitFor(() => expect(view.pathname()).toBe(destination))
      expect(localStorage.getItem('user')).toBeNull()
      expect(localStorage.getItem('accessToken')).toBeNull()
    })
  }
})

describe('sign-in screens menu', () => {
  it("says 'Tipo de perfil: Colaborador' on the collaborator's sign-in, and not 'Ejecutivo' on the role sign-in", async () => {
    const user = userEvent.setup()
    dispose = renderPortal('/login-colaborador').dispose
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu principal' })
    expect(within(drawer).getByText('Tipo de perfil: Colaborador')).toBeInTheDocument()
    dispose()
    dispose = renderPortal('/').dispose
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const start = await screen.findByRole('dialog', { name: 'Menu principal' })
    expect(within(start).getByText('Tipo de perfil: elíjalo al iniciar sesión')).toBeInTheDocument()
    expect(within(start).queryByText(/Ejecutivo/)).toBeNull()
  })
})

describe('overlays of the sign-in screens, downloaded when first opened (issue 24)', () => {
  it("'Aviso de privacidad' opens its dialog, closes it with focus back on the link, and opens it again", async () => {
    const user = userEvent.setup()
    dispose = renderPortal('/').dispose
    const link = await screen.findByRole('button', { name: 'Aviso de privacidad' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(link)
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de privacidad' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await waitFor(() => expect(link).toHaveFocus())
    await user.click(link)
    expect(await screen.findByRole('dialog', { name: 'Aviso de privacidad' })).toBeInTheDocument()
  })
})

describe('slide-in menu and search', () => {
  it('below 960 px the menu button opens the slide-in menu, which closes after following an entry', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: false, media: query }) as MediaQueryList)
    const view = open('/home', USERS.executive)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menú Principal' })
    await user.click(within(drawer).getByRole('link', { name: 'Mis trámites' }))
    expect(view.pathname()).toBe('/mis-tramites')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }))
    const again = await screen.findByRole('dialog', { name: 'Menú Principal' })
    await user.click(within(again).getByRole('button', { name: 'Cerrar menú' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('at 960 px and wider the close icon hides the side menu and the menu button brings it back', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: true, media: query }) as MediaQueryList)
    open('/home', USERS.executive)
    const user = userEvent.setup()
    await user.click(within(sideMenu()).getByRole('button', { name: 'Cerrar menú' }))
    expect(screen.queryByRole('navigation', { name: 'Menú Principal' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }))
    expect(sideMenu()).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("'Buscar' highlights matching text in yellow across the screen", async () => {
    const view = open('/mis-tramites', USERS.executive)
    const user = userEvent.setup()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'TRÁMITES')
    const marks = [...view.container.querySelectorAll('mark')].map((mark) => mark.textContent)
    // The page title and the menu entry 'Mis trámites'.
    expect(marks.length).toBeGreaterThanOrEqual(2)
    expect(marks.every((text) => text === 'trámites')).toBe(true)
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }))
    expect(view.container.querySelectorAll('mark')).toHaveLength(0)
  })
})
