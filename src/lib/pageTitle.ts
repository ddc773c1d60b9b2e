/**
 * Page titles, the move of focus to a new page's heading, and its announcement (WCAG 2.4.2, 2.4.3, 4.1.3).
 *
 * Every screen names itself once, through its h1: `usePageTitle('Mis trámites', headingRef)` (PageHeader, the
 * sign-in columns and the status screens call it). That sets `document.title` to 'Mis trámites · Portal de
 * trámites'. When the page appeared because of a navigation inside the app (not on the first load, where the
 * browser already reads the new document), focus moves to that h1 and the polite live region of <PageAnnouncer />
 * says the page's name: a screen-reader user hears where they landed, and a keyboard user continues from the top of
 * the new content instead of from <body>.
 *
 * The page reports itself from an effect, so its heading is in the document by then; no timer guesses when the
 * router finished rendering, which also holds once routes load lazily.
 */
import { useEffect, useSyncExternalStore, type RefObject } from 'react'

const APP_NAME = 'Portal de trámites'
const SEPARATOR = ' · '

/** 'Validación de documentos · Trámite C12 · Portal de trámites' from ['Validación de documentos', 'Trámite C12']. */
function documentTitleOf(parts: string | readonly string[]): string {
  return [...(typeof parts === 'string' ? [parts] : parts), APP_NAME].join(SEPARATOR)
}

let currentPath: () => string | null = () => null
/** The path of the last page that showed its heading; undefined before the first one (the document's own load). */
let shownPath: string | null | undefined
let message = ''
let focusedHeading: HTMLElement | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/**
 * The app tells where the router is (src/app/App.tsx). A page that shows on another path than the previous page
 * arrived by navigation. Asked when the page shows rather than told by a router subscription, so it does not
 * depend on whether the router's listeners run before or after React commits the new page.
 */
export function connectPageAnnouncer(path: () => string): () => void {
  currentPath = path
  return () => {
    if (currentPath === path) currentPath = () => null
  }
}

function announce(text: string): void {
  // The same words twice in a row are not a change a live region reports: empty it first.
  message = ''
  emit()
  setTimeout(() => {
    message = text
    emit()
  }, 50)
}

/** A page's heading is on screen with this name. */
function pageShown(parts: string | readonly string[], heading: HTMLElement | null): void {
  document.title = documentTitleOf(parts)
  const path = currentPath()
  const navigated = shownPath !== undefined && path !== shownPath
  shownPath = path
  if (!heading) return
  if (navigated) {
    focusedHeading = heading
    heading.focus({ preventScroll: false })
    announce(typeof parts === 'string' ? parts : parts.join(', '))
    return
  }
  // A page that first showed a stand-in (a lazy chunk's loading header) and then its own: focus was on a heading
  // that is gone, so it would fall to <body>. Move it to the new heading without announcing the page again.
  if (focusedHeading && !focusedHeading.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
    focusedHeading = heading
    heading.focus({ preventScroll: true })
  }
}

/** The title a page asked for while rendered outside a browser (the build's pre-render), for the HTML's <title>. */
let renderedTitle: string | null = null

/** The document title the last page rendered outside a browser asked for, once (scripts/prerender.ts). */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle
  renderedTitle = null
  return title
}

export function usePageTitle(parts: string | readonly string[] | null, heading: RefObject<HTMLElement | null>): void {
  const key = parts === null ? null : typeof parts === 'string' ? parts : parts.join(SEPARATOR)
  // Effects do not run in a server render: the pre-rendered sign-in would keep the generic title until hydration.
  if (typeof document === 'undefined' && parts !== null) renderedTitle = documentTitleOf(parts)
  useEffect(() => {
    if (key !== null) pageShown(key.split(SEPARATOR), heading.current)
  }, [key, heading])
}

/** The text of the live region (what was last announced). */
export function usePageAnnouncement(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => message,
    () => '',
  )
}

/** For tests: as before the first page (no path shown yet, nothing announced). */
export function resetPageAnnouncer(): void {
  shownPath = undefined
  message = ''
  focusedHeading = null
  emit()
}
