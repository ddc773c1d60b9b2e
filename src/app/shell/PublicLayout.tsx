/**
 * Shell of the sign-in screens (/ and /login-colaborador): logo, the login-time 'Menu principal' as a slide-in
 * menu below 960 px (the two-column sign-in layout needs the whole width), and the footer.
 */
import { useState } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import type { MenuEntry } from '../../lib/profile'
import { Drawer, Logo, MenuIcon } from '../../ui'
import { shellClasses } from './AppShell'
import { Footer } from './Footer'
import { SideMenu, SIDE_MENU_TITLES } from './SideMenu'

export const PUBLIC_MENU: MenuEntry[] = [
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

export function PublicLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  return (
    <div className={shellClasses.page}>
      <header className={shellClasses.topBar}>
        <button
          type="button"
          aria-label="Abrir menú"
          aria-expanded={drawerOpen}
          className={cx(shellClasses.menuButton, css({ lg: { display: 'none' } }))}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon size={22} />
        </button>
        <Link to="/" aria-label="Portal de trámites, inicio" className={css({ display: 'inline-flex', textDecoration: 'none' })}>
          <Logo />
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
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} label={SIDE_MENU_TITLES.public}>
        <SideMenu
          title={SIDE_MENU_TITLES.public}
          entries={PUBLIC_MENU}
          onClose={() => setDrawerOpen(false)}
          onNavigate={() => setDrawerOpen(false)}
        />
      </Drawer>
    </div>
  )
}
