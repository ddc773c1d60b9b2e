/** The page frame both shells share (top bar, menu button, skip link). Its own module so the sign-in chunk does
 * not pull the signed-in shell (header, search, account menu) for a few class names. */
import { css } from 'styled-system/css'

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
