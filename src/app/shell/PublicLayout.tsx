/**
 * Shell of the sign-in screens (/ and /login-colaborador): logo, the login-time 'Menu principal' as a slide-in
 * menu below 960 px (the two-column sign-in layout needs the whole width), and the footer.
 */
import { lazy, useState } from 'react'
import { Link, Outlet, useLocation } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import type { MenuEntry } from '../../lib/menu'
import { MenuIcon } from '../../ui/icons'
import { HOME_LINK_SUFFIX, Logo } from '../../ui/Logo'
// The slide-in menu's drawer downloads when first opened: most visitors of a sign-in screen never open it.
import { DrawerOnDemand } from '../../ui/overlaysOnDemand'
import { shellClasses } from './shellClasses'
import { Footer } from './Footer'
import { SIDE_MENU_TITLES } from './sideMenuTitles'

/**
 * The menu itself downloads with the drawer, when the menu button is first pressed (the press starts both at once):
 * it is only ever shown in the drawer here, and the sign-in page is usable without it (issue 24).
 */
const loadSideMenu = () => import('./SideMenu')
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })))

const PUBLIC_MENU: MenuEntry[] = [
  { label: 'Iniciar sesión', to: '/' },
  { label: 'Acceso colaboradores', to: '/login-colaborador' },
]

const navLink = css({
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted' },
  '&[aria-current=page]': { color: 'fg.primary' },
})

/**
 * The login-time menu's 'Tipo de perfil' (spec 2.2): nobody is signed in yet, so it says the profile of the screen:
 * the collaborator's own sign-in, or that the profile is chosen in the form ('Ejecutivo' for everyone misled
 * collaborators).
 */
const PUBLIC_PROFILE_SUBTITLES = {
  collaborator: 'Tipo de perfil: Colaborador',
  choose: 'Tipo de perfil: elíjalo al iniciar sesión',
} as const

export function PublicLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const { pathname } = useLocation()
  const subtitle = pathname.startsWith('/login-colaborador') ? PUBLIC_PROFILE_SUBTITLES.collaborator : PUBLIC_PROFILE_SUBTITLES.choose
  return (
    <div className={shellClasses.page}>
      <header className={shellClasses.topBar}>
        <button
          type="button"
          aria-label="Abrir menú"
          aria-expanded={drawerOpen}
          className={cx(shellClasses.menuButton, css({ lg: { display: 'none' } }))}
          onClick={() => {
            void loadSideMenu()
            setDrawerOpen(true)
          }}
        >
          <MenuIcon size={22} />
        </button>
        <Link to="/" className={css({ display: 'inline-flex', textDecoration: 'none' })}>
          <Logo />
          <span className={css({ srOnly: true })}>{HOME_LINK_SUFFIX}</span>
        </Link>
        <nav aria-label="Accesos" className={css({ ml: 'auto', display: { base: 'none', lg: 'flex' }, gap: '2' })}>
          {PUBLIC_MENU.map((entry) => (
            <Link key={entry.to} to={entry.to} className={navLink}>
              {entry.label}
            </Link>
          ))}
        </nav>
      </header>
      <main id="contenido" className={css({ flex: '1', display: 'flex' })}>
        <Outlet />
      </main>
      <Footer />
      <DrawerOnDemand open={drawerOpen} onOpenChange={setDrawerOpen} label={SIDE_MENU_TITLES.public}>
        <SideMenu
          title={SIDE_MENU_TITLES.public}
          subtitle={subtitle}
          entries={PUBLIC_MENU}
          onClose={() => setDrawerOpen(false)}
          onNavigate={() => setDrawerOpen(false)}
        />
      </DrawerOnDemand>
    </div>
  )
}
