/**
 * The global 'Buscar' text of the shell (spec 2.1) and the yellow highlight of matching text on every screen.
 * Screens wrap visible text in <Highlight text={…} />; the header's search box sets the text.
 */
import { Highlight as ArkHighlight } from '@ark-ui/react'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

interface SearchTextValue {
  searchText: string
  setSearchText: (text: string) => void
}

const SearchTextContext = createContext<SearchTextValue>({ searchText: '', setSearchText: () => {} })

export function SearchTextProvider({ children, initialText = '' }: { children: ReactNode; initialText?: string }) {
  const [searchText, setSearchText] = useState(initialText)
  const value = useMemo(() => ({ searchText, setSearchText }), [searchText])
  return <SearchTextContext.Provider value={value}>{children}</SearchTextContext.Provider>
}

export function useSearchText(): SearchTextValue {
  return useContext(SearchTextContext)
}

/** `text` with every case-insensitive match of the global search text marked in yellow (<mark>). */
export function Highlight({ text }: { text: string | number | null | undefined }) {
  const { searchText } = useSearchText()
  const content = text === null || text === undefined ? '' : String(text)
  const query = searchText.trim()
  if (!query || !content) return <>{content}</>
  // One wrapping span, so the marked pieces stay one item inside flex rows (menu links, buttons).
  return (
    <span>
      <ArkHighlight text={content} query={query} ignoreCase matchAll />
    </span>
  )
}
