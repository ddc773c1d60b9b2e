/**
 * 'Menú Principal' (spec 2.1, 2.2): the entries of the path's profile, the current one highlighted, the subtitle
 * 'Tipo de perfil: {type}' and a close icon. The same panel is the fixed column at ≥ 960 px and the drawer below.
 */
import { Link, useLocation } from 'react-router-dom'
import { css } from 'styled-system/css'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { activeMenuEntry, menuEntriesFor, profileLabel, type MenuEntry } from '../../lib/menu'
import { profileKindFromPath } from '../../lib/profile'
import { Highlight } from '../../ui/Highlight'
import { CloseIcon } from '../../ui/icons'
import { SIDE_MENU_TITLES } from './sideMenuTitles'

export interface SideMenuProps {
  /** Entries to show; by default those of the path's profile. */
  entries?: MenuEntry[]
  title?: string
  /** Subtitle; by default 'Tipo de perfil: {type}' from the path. */
  subtitle?: string | null
  onClose?: () => void
  /** Called after an entry is followed (closes the drawer). */
  onNavigate?: () => void
}

const entryStyles = css.raw({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '3',
  borderRadius: 'l2',
  fontWeight: 'medium',
  color: 'fg.default',
  textDecoration: 'none',
  borderLeftWidth: '4px',
  borderColor: 'transparent',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
})
const activeStyles = css.raw({
  bg: 'bg.navActive',
  color: 'fg.primary',
  fontWeight: 'bold',
  borderColor: 'border.primary',
  _hover: { bg: 'bg.navActive' },
})

export function SideMenu({ entries, title = SIDE_MENU_TITLES.app, subtitle, onClose, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation()
  const config = getRuntimeConfig()
  const kind = profileKindFromPath(pathname, config.partnerPrefix)
  const shown = entries ?? menuEntriesFor(kind, config.partnerPrefix)
  const active = activeMenuEntry(shown, pathname)
  const shownSubtitle = subtitle === undefined ? `Tipo de perfil: ${profileLabel(kind, config.partnerName)}` : subtitle

  return (
    <nav aria-label={title} className={css({ display: 'flex', flexDirection: 'column', gap: '4', p: '5' })}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
        <div>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'bold', color: 'fg.default' })}>{title}</h2>
          {shownSubtitle ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{shownSubtitle}</p> : null}
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar menú"
            className={css({
              display: 'inline-flex',
              p: '1.5',
              borderRadius: 'l1',
              color: 'fg.muted',
              cursor: 'pointer',
              _hover: { bg: 'bg.muted', color: 'fg.default' },
            })}
          >
            <CloseIcon size={20} />
          </button>
        ) : null}
      </div>
      <ul className={css({ display: 'grid', gap: '1', listStyle: 'none' })}>
        {shown.map((entry) => {
          const isActive = entry === active
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                aria-current={isActive ? 'page' : undefined}
                className={css(entryStyles, isActive && activeStyles)}
                onClick={onNavigate}
              >
                <Highlight text={entry.label} />
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
