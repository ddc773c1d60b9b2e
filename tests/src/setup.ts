import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { clearServerState } from '../../src/api/serverState'
import { resetPageAnnouncer } from '../../src/lib/pageTitle'

// CI shares two cores with PostgreSQL and the e2e browser: waiting 1 s for a dialog to close made a green test fail
// once (ExecutiveListPage, Escape). A real failure still fails, only after 5 s.
configure({ asyncUtilTimeout: 5_000 })

// jsdom lacks a few browser APIs Ark UI (zag) touches for positioning and scrolling.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    ;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub
  }
  // jsdom has no PointerEvent; Ark's checkbox (zag's press tracking) builds one when its input loses focus.
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number
      readonly pointerType: string
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init)
        this.pointerId = init.pointerId ?? 0
        this.pointerType = init.pointerType ?? 'mouse'
      }
    }
    ;(window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventStub
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {}
  // jsdom's window.scrollTo throws "Not implemented"; the router's ScrollRestoration calls it on every navigation.
  window.scrollTo = () => {}
  // Node 24's fetch builds a response's Blob with the environment's Blob, here jsdom's, which has neither text() nor
  // arrayBuffer() (every browser has both): read them with jsdom's own FileReader.
  const read = <T,>(blob: Blob, as: 'readAsText' | 'readAsArrayBuffer') =>
    new Promise<T>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as T)
      reader.onerror = () => reject(reader.error)
      reader[as](blob)
    })
  if (!Blob.prototype.text) Blob.prototype.text = function (this: Blob) { return read<string>(this, 'readAsText') }
  if (!Blob.prototype.arrayBuffer) Blob.prototype.arrayBuffer = function (this: Blob) { return read<ArrayBuffer>(this, 'readAsArrayBuffer') }
}

afterEach(() => {
  cleanup()
  // Each test starts like a freshly loaded document: its first page is not a navigation, and no answer of another
  // test is in the server state (the app starts with it empty; the session now loads it only once someone signs in,
  // so it no longer empties it when it connects).
  resetPageAnnouncer()
  clearServerState()
})
