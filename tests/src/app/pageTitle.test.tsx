/**
 * Page titles and navigation announcements (issue 11, WCAG 2.4.2 / 2.4.3 / 4.1.3): every screen sets
 * '{its heading} · Portal de trámites'; after a navigation inside the app focus moves to the new page's h1 and the
 * polite live region names the page; the first page of a load keeps the browser's own focus and says nothing.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok } from '../helpers/fakeApi'
import { USERS, renderPortal } from '../helpers/renderPortal'
import { fakeApiForEachTest } from '../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest(() => ({ 'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0, Administrativo: 1 }) }))

function open(path: string, who?: keyof typeof USERS) {
  return renderPortal(path, { signedInAs: who ? USERS[who] : undefined })
}

const announcer = () => screen.getByTestId('page-announcer')

describe('page titles and announcements', () => {
  it('the first page sets its title but neither takes focus nor announces itself', async () => {
    open('/')
    await screen.findByRole('button', { name: 'Iniciar sesión' })
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Portal de trámites'))
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus()
    expect(announcer()).toHaveAttribute('aria-live', 'polite')
    expect(announcer()).toHaveTextContent(/^$/)
  })

  it('a navigation titles the new page, focuses its h1 and announces it', async () => {
    const view = open('/')
    await screen.findByRole('button', { name: 'Iniciar sesión' })
    await view.portal.router.navigate('/login-colaborador')
    const heading = await screen.findByRole('heading', { level: 1, name: 'Consulta tu trámite' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(document.title).toBe('Acceso colaboradores · Portal de trámites')
    await waitFor(() => expect(announcer()).toHaveTextContent('Acceso colaboradores'))
  })

  it('following a side-menu entry moves focus from the link to the new page heading', async () => {
    open('/reportes', 'executive')
    await waitFor(() => expect(document.title).toBe('Reportes · Portal de trámites'))
    const user = userEvent.setup()
    await user.click(within(screen.getByRole('navigation', { name: 'Menú Principal' })).getByRole('link', { name: 'Mis trámites' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mis trámites' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(document.title).toBe('Mis trámites · Portal de trámites')
    await waitFor(() => expect(announcer()).toHaveTextContent('Mis trámites'))
  })

  it('the 404 page has its own title', async () => {
    open('/ruta-que-no-existe')
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })
    await waitFor(() => expect(document.title).toBe('Page Not Found · Portal de trámites'))
  })
})
