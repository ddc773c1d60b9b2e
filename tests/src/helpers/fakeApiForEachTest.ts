/**
 * The fake API of a view test file: installed afresh before each test and, after it, the test's screens closed
 * (closeViews) and fetch restored. The returned FakeApi always speaks for the running test's API.
 */
import { afterEach, beforeEach } from 'vitest'
import { installFakeApi, type FakeApi, type Handler } from './fakeApi'
import { closeViews } from './openViews'

/** `routes` is called before each test, so it may use constants declared further down the file. */
export function fakeApiForEachTest(routes: () => Record<string, Handler> = () => ({})): FakeApi {
  let current: FakeApi | undefined
  beforeEach(() => {
    current = installFakeApi(routes())
  })
  afterEach(() => {
    closeViews()
    current?.restore()
  })
  const running = (): FakeApi => {
    if (!current) throw new Error('the fake API is only there while a test runs')
    return current
  }
  return {
    get requests() {
      return running().requests
    },
    on: (route, handler) => running().on(route, handler),
    restore: () => running().restore(),
  }
}
