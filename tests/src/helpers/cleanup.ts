/** What a view test opened (a rendered screen, a fake API), closed after each test of the file. */
import { afterEach } from 'vitest'
import type { FakeApi } from './fakeApi'

export interface OpenedInTest {
  api?: FakeApi
  dispose?: () => void
}

export function closeAfterEach(): OpenedInTest {
  const opened: OpenedInTest = {}
  afterEach(() => {
    opened.dispose?.()
    opened.api?.restore()
    opened.dispose = undefined
    opened.api = undefined
  })
  return opened
}
