/**
 * The global 'Buscar' text of the shell (spec 2.1) and the yellow highlight of matching text on every screen.
 * Screens wrap visible text in <Highlight text={…} />; the header's search box sets the text. Matching ignores case
 * and accents.
 */
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

/** One character as search compares it: lower case, without accents ('É' → 'e', 'ñ' → 'n'). */
function foldChar(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** `text` folded, and for each folded character the index in `text` of the character it came from. */
function folded(text: string): { folded: string; origin: number[] } {
  let out = ''
  const origin: number[] = []
  let index = 0
  for (const char of text) {
    const fold = foldChar(char)
    out += fold
    for (let i = 0; i < fold.length; i++) origin.push(index)
    index += char.length
  }
  origin.push(index)
  return { folded: out, origin }
}

/**
 * The [start, end) ranges of `text` that match `query`, ignoring case and accents: 'medicos' finds 'Médicos',
 * 'tramite' finds 'TRÁMITE'. Non-overlapping, left to right.
 */
function searchMatches(text: string, query: string): Array<[number, number]> {
  const needle = folded(query.trim()).folded
  if (!needle) return []
  const { folded: haystack, origin } = folded(text)
  const ranges: Array<[number, number]> = []
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    ranges.push([origin[at]!, origin[at + needle.length]!])
  }
  return ranges
}

/**
 * `text` with every match of the global search text marked in yellow (<mark>), ignoring case and accents (a person
 * typing 'medicos' on a phone keyboard means 'médicos'). Ark's Highlight compares exact letters, so the matching
 * is ours (`searchMatches`); the marks look the same.
 */
export function Highlight({ text }: { text: string | number | null | undefined }) {
  const { searchText } = useSearchText()
  const content = text === null || text === undefined ? '' : String(text)
  const ranges = content ? searchMatches(content, searchText) : []
  if (ranges.length === 0) return <>{content}</>
  const pieces: ReactNode[] = []
  let last = 0
  for (const [start, end] of ranges) {
    if (start > last) pieces.push(content.slice(last, start))
    pieces.push(<mark key={start}>{content.slice(start, end)}</mark>)
    last = end
  }
  if (last < content.length) pieces.push(content.slice(last))
  // One wrapping span, so the marked pieces stay one item inside flex rows (menu links, buttons).
  return <span>{pieces}</span>
}
