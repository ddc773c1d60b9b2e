/** The shell's 'Buscar' box: sets the global search text that <Highlight> marks in yellow on every screen. */
import { css } from 'styled-system/css'
import { SearchIcon, useSearchText } from '../../ui'

export function SearchBox() {
  const { searchText, setSearchText } = useSearchText()
  return (
    <div
      role="search"
      // Named: list screens have a search landmark of their own (their filters), and two unnamed ones are two
      // indistinguishable landmarks (axe's landmark-unique).
      aria-label="Buscar en esta pantalla"
      className={css({
        position: 'relative',
        flex: { base: '1 0 100%', md: '1' },
        order: { base: 3, md: 0 },
        maxW: { md: 'md' },
        minW: '0',
      })}
    >
      <SearchIcon
        size={18}
        className={css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.subtle', pointerEvents: 'none' })}
      />
      <input
        type="search"
        placeholder="Buscar"
        aria-label="Buscar"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        className={css({
          w: 'full',
          h: '10',
          pl: '10',
          pr: '3',
          borderRadius: 'full',
          bg: 'bg.muted',
          borderWidth: '1px',
          borderColor: 'transparent',
          fontSize: 'sm',
          color: 'fg.default',
          outline: 'none',
          _placeholder: { color: 'fg.subtle' },
          _focusVisible: { borderColor: 'border.focus', bg: 'bg.surface' },
        })}
      />
    </div>
  )
}
