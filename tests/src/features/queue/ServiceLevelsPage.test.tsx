/**
 * 'Niveles de servicio' (issue 23): the administrator's menu leads there; each stage's target is checked with the
 * domain's rule before anything is sent (the Spanish reasons), only changed stages are sent, the answer's history
 * shows who changed what and when; other roles cannot open it.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok, fail } from '../../helpers/fakeApi'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const target = (statusId: number, etapa: string, esperaA: string, diasHabiles: number) => ({
  statusId,
  etapa,
  esperaA,
  diasHabiles,
  predeterminado: diasHabiles,
  modificado: null,
  modificadoPor: null,
})

const LEVELS = {
  objetivos: [
    target(3, 'Validación de documentos', 'executive', 2),
    target(5, 'Asignación de proveedor', 'executive', 1),
    target(6, 'Carta autorización', 'executive', 3),
    target(7, 'Facturación', 'provider', 5),
    target(9, 'Factura en revisión', 'administrator', 5),
  ],
  cambios: [],
}

const api = fakeApiForEachTest(() => ({ 'GET /api/service-levels': () => ok(LEVELS) }))

const field = (etapa: string) => screen.getByRole('textbox', { name: `Días hábiles: ${etapa}` })

describe('Niveles de servicio', () => {
  it('is an entry of the administrator menu and lists each stage with whom it waits on', async () => {
    renderPortal('/administrador/niveles-de-servicio', { signedInAs: USERS.admin })
    expect(await screen.findByRole('heading', { level: 1, name: 'Niveles de servicio' })).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Menú Principal' })
    expect(within(menu).getByRole('link', { name: 'Niveles de servicio' })).toHaveAttribute('aria-current', 'page')
    const table = await screen.findByRole('table', { name: 'Niveles de servicio' })
    const factura = within(table).getByRole('row', { name: /Factura en revisión/ })
    expect(within(factura).getByText('Administrador')).toBeInTheDocument()
    expect(field('Validación de documentos')).toHaveValue('2')
    expect(screen.getByText('Aún no hay cambios registrados')).toBeInTheDocument()
  })

  it('refuses what the domain refuses before sending, then sends only the changed stage and shows the history', async () => {
    api.on('PUT /api/service-levels', () =>
      ok({
        objetivos: LEVELS.objetivos.map((t) => (t.statusId === 3 ? { ...t, diasHabiles: 4, modificado: '2026-11-27T16:00:00.000Z', modificadoPor: 'Mariana López' } : t)),
        cambios: [{ statusId: 3, etapa: 'Validación de documentos', antes: 2, despues: 4, usuario: 'Mariana López', fecha: '2026-11-27T16:00:00.000Z' }],
      }),
    )
    renderPortal('/administrador/niveles-de-servicio', { signedInAs: USERS.admin })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Niveles de servicio' })
    await user.clear(field('Validación de documentos'))
    await user.type(field('Validación de documentos'), '61')
    await user.clear(field('Carta autorización'))
    await user.type(field('Carta autorización'), '2.5')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    // Each reason is the field's warning (its icon's name and the text read with the field).
    await waitFor(() => expect(screen.getAllByText('El objetivo debe estar entre 1 y 60 días hábiles').length).toBeGreaterThan(0))
    expect(screen.getAllByText('Escribe un número entero de días hábiles').length).toBeGreaterThan(0)
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false)

    await user.clear(field('Validación de documentos'))
    await user.type(field('Validación de documentos'), '4')
    await user.clear(field('Carta autorización'))
    await user.type(field('Carta autorización'), '3')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText('Niveles de servicio guardados')).toBeInTheDocument()
    expect(api.requests.find((r) => r.method === 'PUT')!.body).toEqual({ objetivos: [{ statusId: 3, diasHabiles: 4 }] })
    expect(screen.getByText('Validación de documentos: de 2 a 4 días hábiles')).toBeInTheDocument()
    expect(screen.getByText(/Mariana López, 27\/11\/2026/)).toBeInTheDocument()
  })

  it("shows the server's reason when a save is refused", async () => {
    api.on('PUT /api/service-levels', () => fail(400, 'El objetivo debe estar entre 1 y 60 días hábiles'))
    renderPortal('/administrador/niveles-de-servicio', { signedInAs: USERS.admin })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Niveles de servicio' })
    await user.clear(field('Facturación'))
    await user.type(field('Facturación'), '6')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('El objetivo debe estar entre 1 y 60 días hábiles')
  })

  it('an executive cannot open it', async () => {
    const view = renderPortal('/administrador/niveles-de-servicio', { signedInAs: USERS.executive })
    await waitFor(() => expect(view.pathname()).toBe('/pendientes'))
  })
})
