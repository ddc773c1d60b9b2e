/**
 * The common shell of spec 2.1 for signed-in screens: top bar (menu button, logo, 'Buscar', user chip or
 * 'Cerrar sesión'), the 298 px side menu at ≥ 960 px (closable; the menu button brings it back), the slide-in menu
 * below 960 px, the page, and the footer.
 */
import { useState } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { Drawer, Logo, MenuIcon } from '../../ui'
import { Footer } from './Footer'
import { HeaderUser } from './HeaderUser'
import { SearchBox } from './SearchBox'
import { SideMenu, SIDE_MENU_TITLES } from './SideMenu'

export const DESKTOP_QUERY = '(min-width: 960px)'

function isDesktop(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches
}

export const shellClasses = {
  page: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas' }),
  topBar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    minH: 'topBar',
    display: 'flex',
    flexWrap: { base: 'wrap', md: 'nowrap' },
    alignItems: 'center',
    gap: { base: '2', md: '4' },
    px: { base: '3', md: '6' },
    py: { base: '2', md: '0' },
    bg: 'bg.surface',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
    boxShadow: 'xs',
  }),
  menuButton: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    flexShrink: 0,
    borderRadius: 'l2',
    color: 'fg.default',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
  }),
  skipLink: css({
    position: 'absolute',
    left: '-9999px',
    _focus: { left: '4', top: '4', zIndex: 'skipLink', bg: 'bg.surface', p: '2', borderRadius: 'l2' },
  }),
}

const hiddenOnDesktop = css({ lg: { display: 'none' } })
const desktopOnly = css({ display: 'none', lg: { display: 'block' } })

export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [sideMenuClosed, setSideMenuClosed] = useState(false)

  const openMenu = () => {
    if (isDesktop()) setSideMenuClosed(false)
    else setDrawerOpen(true)
  }

  return (
    <div className={shellClasses.page}>
      <a href="#contenido" className={shellClasses.skipLink}>
        Saltar al contenido
      </a>
      <header className={shellClasses.topBar}>
        <button
          type="button"
          aria-label="Abrir menú"
          aria-expanded={drawerOpen}
          className={cx(shellClasses.menuButton, !sideMenuClosed && hiddenOnDesktop)}
          onClick={openMenu}
        >
          <MenuIcon size={22} />
        </button>
        <Link to="/" aria-label="Portal de trámites, inicio" className={css({ display: 'inline-flex', flexShrink: 0, textDecoration: 'none' })}>
          <span className={css({ display: { base: 'none', md: 'inline-flex' } })}>
            <Logo />
          </span>
          <span className={css({ display: { base: 'inline-flex', md: 'none' } })}>
            <Logo compact />
          </span>
        </Link>
        <SearchBox />
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', flexShrink: 0 })}>
          <HeaderUser />
        </div>
      </header>

      <div className={css({ flex: '1', display: 'flex', alignItems: 'stretch', minH: '0' })}>
        {sideMenuClosed ? null : (
          <aside
            className={cx(
              desktopOnly,
              css({
                w: 'sideMenu',
                flexShrink: 0,
                bg: 'bg.surface',
                borderRightWidth: '1px',
                borderColor: 'border.subtle',
                position: 'sticky',
                top: 'topBar',
                alignSelf: 'flex-start',
                h: 'calc(100dvh - token(sizes.topBar))',
                overflowY: 'auto',
              }),
            )}
          >
            <SideMenu onClose={() => setSideMenuClosed(true)} />
          </aside>
        )}
        <main
          id="contenido"
          tabIndex={-1}
          className={css({
            flex: '1',
            minW: '0',
            px: { base: '4', md: '6', xl: '10' },
            py: { base: '5', md: '8' },
            _focus: { outline: 'none' },
          })}
        >
          <Outlet />
        </main>
      </div>

      <Footer />

      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} label={SIDE_MENU_TITLES.app}>
        <SideMenu onClose={() => setDrawerOpen(false)} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
    </div>
  )
}
