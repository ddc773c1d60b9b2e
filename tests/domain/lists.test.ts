/** The list rules the paged lists share: how the search text becomes the server's search, and the page count. */
import { describe, expect, it } from 'vitest'
import { searchTerm } from '../../domain/listSearch'
import { PAGE_SIZE, pageCount } from '../../domain/paging'

describe('searchTerm', () => {
  const TYPED = [' C123 ', 'c 45', 'C', 'Carla', '123', '  Clínica Del Valle ', 'clínica', 'laura@', '   ']

  it('ignores a leading C of a claim number (spec 2.7, 2.11) and trims the text', () => {
    expect(TYPED.map((text) => searchTerm(text, 'claimNumber'))).toEqual(['123', '45', '', 'Carla', '123', 'Clínica Del Valle', 'clínica', 'laura@', ''])
  })

  it('keeps text as typed, case included (spec 5: the provider search is case-sensitive), only trimmed', () => {
    expect(TYPED.map((text) => searchTerm(text, 'text'))).toEqual(['C123', 'c 45', 'C', 'Carla', '123', 'Clínica Del Valle', 'clínica', 'laura@', ''])
  })
})

describe('paging', () => {
  it('shows 10 rows per page (spec 9) and counts pages, at least one', () => {
    expect(PAGE_SIZE).toBe(10)
    expect([0, 1, 10, 11, 25].map(pageCount)).toEqual([1, 1, 1, 2, 3])
  })
})
