/** The landing screen's code is fetched while the user fills the sign-in form (issue 24), once per role. */
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useLandingPreload } from '../../../../src/features/auth/landingPreload'

const connection = (saveData: boolean) => Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true })

describe('useLandingPreload', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'connection')
  })

  it('starts the download of a role once, and again for another role', () => {
    const preload = vi.fn(() => Promise.resolve())
    const { result } = renderHook(() => useLandingPreload(preload))
    result.current(0)
    result.current(0)
    result.current(undefined)
    result.current(3)
    result.current(0, true)
    expect(preload.mock.calls).toEqual([[0], [3]])
  })

  it('with Data Saver on, downloads only when the button is pressed', () => {
    connection(true)
    const preload = vi.fn(() => Promise.resolve())
    const { result } = renderHook(() => useLandingPreload(preload))
    result.current(2)
    expect(preload).not.toHaveBeenCalled()
    result.current(2, true)
    expect(preload.mock.calls).toEqual([[2]])
  })
})
