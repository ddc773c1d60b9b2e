/**
 * How the text of a list's search box becomes the server's search (`q`): 'text' keeps it as typed with its ends
 * trimmed (the providers' search is case-sensitive, spec 5 'Provider search'; the executives' search is by name or
 * e-mail); 'claimNumber' also drops a leading C of a claim code, any case, spaces after it allowed (spec 2.7, 2.11
 * 'Mis trámites (list)': "a leading C is ignored"), so 'C123' searches '123'.
 */
export type SearchMode = 'text' | 'claimNumber'

export function searchTerm(text: string, mode: SearchMode): string {
  const trimmed = text.trim()
  if (mode === 'text') return trimmed
  const claimNumber = /^[cC]\s*(\d*)$/.exec(trimmed)
  return claimNumber ? (claimNumber[1] ?? '') : trimmed
}
