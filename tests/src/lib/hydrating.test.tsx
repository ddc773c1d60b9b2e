/**
 * useHydrating (issue 24): true in the build's pre-render and while React hydrates that markup, so a drawn first
 * screen and the browser's first render match; false right after, and in any render that is not a hydration.
 */
import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import { useHydrating } from '../../../src/lib/hydrating'

function Probe() {
  return <p>{useHydrating() ? 'dibujado' : 'app'}</p>
}

let container: HTMLElement | undefined
afterEach(() => container?.remove())

function mountPoint(html = '') {
  container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  return container
}

it('is true in a server render', () => {
  expect(renderToString(<Probe />)).toBe('<p>dibujado</p>')
})

it('hydrates the server markup as it is (the same element, no mismatch) and then renders the client value', async () => {
  const host = mountPoint(renderToString(<Probe />))
  const drawn = host.querySelector('p')
  const onRecoverableError = vi.fn()
  await act(async () => {
    hydrateRoot(host, <Probe />, { onRecoverableError })
  })
  expect(host.querySelector('p')).toBe(drawn)
  expect(drawn?.textContent).toBe('app')
  expect(onRecoverableError).not.toHaveBeenCalled()
})

it('is false in a render that is not a hydration', async () => {
  const host = mountPoint()
  await act(async () => {
    createRoot(host).render(<Probe />)
  })
  expect(host.textContent).toBe('app')
})
