/**
 * Issue 14 in the app: the header's bell with the unread badge for every role (the chip's roles and the
 * 'Cerrar sesión' link's), its list with 'Marcar como leída' and 'Marcar todas como leídas', and the
 * administrators' /administrador/notificaciones with each mail's delivery state.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../../domain/contract/auth'
import { installFakeApi, ok, type FakeApi } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'

let api: FakeApi
let dispose: (() => void) | undefined

const rejected = {
  idNotificacion: 41,
  idEvento: 500,
  titulo: 'Trámite C500: documentos rechazados',
  mensaje: 'Se rechazaron documentos de su trámite. Revise los comentarios y cárguelos de nuevo.',
  enlace: '/home-colaborador',
  fecha: '2026-01-15T17:30:00.000Z',
  leida: false,
}
const concluded = { ...rejected, idNotificacion: 40, titulo: 'Trámite C500 concluido', mensaje: 'La factura fue aprobada y el trámite C500 concluyó.', leida: true }

beforeEach(() => {
  api = installFakeApi({
    'GET /api/catalog/userRoles': () => ok({ Ejecutivo: 0 }),
    'GET /api/notifications/mine': () => ok({ noLeidas: 1, notificaciones: [rejected, concluded] }),
  })
})
afterEach(() => {
  dispose?.()
  dispose = undefined
  api.restore()
})

function open(path: string, signedInAs: SessionUser) {
  const view = renderPortal(path, { signedInAs })
  dispose = view.dispose
  return view
}

describe('the bell', () => {
  for (const who of ['executive', 'admin', 'partner', 'collaborator', 'provider'] as const) {
    it(`${who}: a bell with the unread count next to the account`, async () => {
      const path = { executive: '/home', admin: '/administrador/facturas', partner: '/coppel/dashboard', collaborator: '/home-colaborador', provider: '/proveedores/mis-tramites' }[who]
      open(path, USERS[who])
      expect(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible()
      expect(screen.getByTestId('notification-badge')).toHaveTextContent('1')
    })
  }

  it('opens the list, marks one read, and the badge follows the server', async () => {
    const user = userEvent.setup()
    api.on('PUT /api/notifications/read', () => ok({ noLeidas: 0 }))
    open('/home-colaborador', USERS.collaborator)
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' })
    const items = await within(dialog).findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('No leída: Trámite C500: documentos rechazados')
    expect(items[1]).not.toHaveTextContent('No leída')
    expect(within(items[1]!).queryByRole('button', { name: /Marcar como leída/ })).toBeNull()
    await user.click(within(items[0]!).getByRole('button', { name: 'Marcar como leída: Trámite C500: documentos rechazados' }))
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [41] }))
    // The open dialog hides the page from assistive technology: look behind it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones', hidden: true })).toBeInTheDocument())
    expect(screen.queryByTestId('notification-badge')).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Marcar todas como leídas' })).toBeNull()
  })

  it("'Marcar todas como leídas' sends todas, and 'Ver trámite' follows the link", async () => {
    const user = userEvent.setup()
    api.on('PUT /api/notifications/read', () => ok({ noLeidas: 0 }))
    const forExecutive = { ...rejected, enlace: '/mis-tramites/proceso-general-tramites/500' }
    api.on('GET /api/notifications/mine', () => ok({ noLeidas: 1, notificaciones: [forExecutive] }))
    const view = open('/home', USERS.executive)
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' })
    await user.click(await within(dialog).findByRole('button', { name: 'Marcar todas como leídas' }))
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ todas: true }))
    const link = within(dialog).getByRole('link', { name: 'Ver trámite C500' })
    expect(link).toHaveAttribute('href', '/mis-tramites/proceso-general-tramites/500')
    await user.click(link)
    await waitFor(() => expect(view.pathname()).not.toBe('/home'))
    expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull()
  })

  it('says so when there are none', async () => {
    const user = userEvent.setup()
    api.on('GET /api/notifications/mine', () => ok({ noLeidas: 0, notificaciones: [] }))
    open('/home', USERS.executive)
    await user.click(await screen.findByRole('button', { name: 'Notificaciones' }))
    expect(await screen.findByText('No tiene notificaciones.')).toBeVisible()
  })
})

describe('/administrador/notificaciones', () => {
  it('lists every mail with its delivery state and its text', async () => {
    const user = userEvent.setup()
    const mail = {
      idNotificacion: 7,
      idEvento: 500,
      tipo: 'documentsRejected',
      correo: 'ana@correo.com',
      asunto: 'Trámite C500: documentos rechazados',
      texto: 'Hola:\n\nSe rechazaron documentos de su trámite.\n\nComentarios del revisor:\n- Resumen médico: sin firma',
      estado: 'kept',
      intentos: 0,
      ultimoError: null,
      fecha: '2026-01-15T17:30:00.000Z',
      enviada: null,
    }
    const failed = { ...mail, idNotificacion: 6, estado: 'failed', intentos: 8, ultimoError: 'connect ECONNREFUSED 127.0.0.1:2525', correo: 'ejecutivo@coppel.com', asunto: 'Trámite C500 concluido' }
    api.on('GET /api/notifications/all', () => ok({ items: [mail, failed], total: 2, totalCapped: false, page: 1, pageSize: 10 }))
    open('/administrador/notificaciones', USERS.admin)
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible()
    const menu = screen.getByRole('navigation', { name: 'Menú Principal' })
    expect(within(menu).getByRole('link', { name: 'Notificaciones' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByText('Conservado (sin SMTP)')).toBeVisible()
    expect(screen.getByText('Sin servidor SMTP configurado: los correos se conservan aquí y no se envían.')).toBeVisible()
    expect(screen.getByText('Falló')).toBeVisible()
    expect(screen.getByText('8 intentos')).toBeVisible()
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeVisible()
    const summaries = screen.getAllByText((_, element) => element?.tagName === 'SUMMARY')
    expect(summaries).toHaveLength(2)
    await user.click(summaries[0]!)
    expect(screen.getAllByText(/Resumen médico: sin firma/)[0]).toBeVisible()
  })
})
