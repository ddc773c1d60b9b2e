/**
 * The common shell of spec 2.1 for signed-in screens: top bar (menu button, logo, 'Buscar', user chip or
 * 'Cerrar sesión'), the 298 px side menu at ≥ 960 px (closable; the menu button brings it back), the slide-in menu
 * below 960 px, the page, and the footer.
 */
import { useEffect, useState } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { HOME_LINK_SUFFIX, Logo, MenuIcon } from '../../ui'
// The slide-in menu's dialog code downloads when first opened: the first screen does not wait for it (issue 24).
import { DrawerOnDemand } from '../../ui/overlaysOnDemand'
import { Footer } from './Footer'
import { shellClasses } from './shellClasses'
import { HeaderUser } from './HeaderUser'
import { NotificationBell } from '../../features/notifications/NotificationBell'
import { SearchBox } from './SearchBox'
import { SideMenu } from './SideMenu'
import { SIDE_MENU_TITLES } from './sideMenuTitles'
import { useSessionUser } from '../../lib/session'

const DESKTOP_QUERY = '(min-width: 960px)'

function isDesktop(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches
}



const hiddenOnDesktop = css({ lg: { display: 'none' } })
const desktopOnly = css({ display: 'none', lg: { display: 'block' } })
/**
 * The side menu's white column (and its right border) drawn down the whole row: the menu itself is one window tall
 * and sticky, so on a long page the column under it would otherwise end partway down.
 */
const menuColumn = css({
  lg: {
    backgroundImage:
      'linear-gradient(to right, token(colors.bg.surface) calc(token(sizes.sideMenu) - 1px), token(colors.border.subtle) calc(token(sizes.sideMenu) - 1px), token(colors.border.subtle) token(sizes.sideMenu), transparent token(sizes.sideMenu))',
  },
})

/**
 * Starts loading a role's other screens when the browser is idle; returns what stops it. The route table hands it
 * over (src/app/routes.tsx), so the shell never reaches up into the app's chunk table.
 */
export type PrefetchRoleArea = (rol: string | number) => () => void

/**
 * Once the first screen is drawn (the shell mounts with it), the role's other screens download on idle, so the next
 * click does not wait for the network (issue 24). Again only if another role signs in without a reload.
 */
function useAreaPrefetch(prefetchRoleArea: PrefetchRoleArea) {
  const rol = useSessionUser()?.rol
  useEffect(() => (rol === undefined ? undefined : prefetchRoleArea(rol)), [rol, prefetchRoleArea])
}

export function AppShell({ prefetchRoleArea }: { prefetchRoleArea: PrefetchRoleArea }) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [sideMenuClosed, setSideMenuClosed] = useState(false)
  useAreaPrefetch(prefetchRoleArea)

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
        <Link to="/" className={css({ display: 'inline-flex', flexShrink: 0, textDecoration: 'none' })}>
          <span className={css({ display: { base: 'none', md: 'inline-flex' } })}>
            <Logo />
          </span>
          <span className={css({ display: { base: 'inline-flex', md: 'none' } })}>
            <Logo compact />
          </span>
          <span className={css({ srOnly: true })}>{HOME_LINK_SUFFIX}</span>
        </Link>
        <SearchBox />
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', flexShrink: 0 })}>
          <NotificationBell />
          <HeaderUser />
        </div>
      </header>

      {/* At least a screen tall: the footer starts below the fold, so a page whose content arrives after its loading
          state (a short list on a phone) does not push the footer down in view (a 0.45 layout shift before). */}
      <div
        className={cx(
          css({ flex: '1', display: 'flex', alignItems: 'stretch', minH: 'calc(100dvh - token(sizes.topBar))' }),
          !sideMenuClosed && menuColumn,
        )}
      >
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
                // Stays in view, from under the top bar to the window's bottom, however long the page. `top` reads
                // spacing tokens, and topBar is a size: 'topBar' alone came out as 'auto' and the menu scrolled away.
                position: 'sticky',
                top: 'token(sizes.topBar)',
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

      <DrawerOnDemand open={drawerOpen} onOpenChange={setDrawerOpen} label={SIDE_MENU_TITLES.app}>
        <SideMenu onClose={() => setDrawerOpen(false)} onNavigate={() => setDrawerOpen(false)} />
      </DrawerOnDemand>
    </div>
  )
}
