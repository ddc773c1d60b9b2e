/** /home-colaborador (spec 2.8): the current claim card and its load failure. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import type { SessionUser } from '../../../../domain/contract/auth'
import { CollaboratorHomePage } from '../../../../src/features/collaborator/CollaboratorHomePage'
import { USERS, renderScreen } from './renderScreen'
import { CLAIM_500 } from './fixtures'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const api = fakeApiForEachTest()

const ROUTES = [{ path: '/home-colaborador', element: <CollaboratorHomePage /> }]

function open(user: SessionUser = USERS.collaborator) {
  return renderScreen('/home-colaborador', ROUTES, user)
}

describe('collaborator home', () => {
  it("shows the session's claim: holder, current stage, claimed sum in MXN, claim number and 'Ir a trámite'", async () => {
    api.on('GET /api/event/by-id/500', () => ok(CLAIM_500))
    api.on('GET /api/event/get-status/500', () => ok([]))
    const view = open()
    // Before the claim arrives, the heading says what the page is for and where the documents go (tú register).
    expect(screen.getByText("Aquí ves cómo va tu trámite y lo que sigue para ti. Tus documentos se suben desde 'Ir a trámite'.")).toBeVisible()
    const card = await screen.findByRole('article', { name: 'Trámite actual C500' })
    const row = (label: string) => within(card).getByText(label).parentElement!
    expect(row('Titular')).toHaveTextContent('Ana Sofía Valenzuela Ruiz')
    expect(row('Etapa actual')).toHaveTextContent('Carga de documentos')
    expect(row('Suma reclamada')).toHaveTextContent('$12,345.50')
    expect(row('Número de trámite')).toHaveTextContent('C500')
    expect(api.requests.some((r) => r.path === '/api/event/by-id/500' && r.headers.authorization === 'Bearer token-guardado')).toBe(true)

    await userEvent.setup().click(within(card).getByRole('link', { name: 'Ir a trámite' }))
    await waitFor(() => expect(view.pathname()).toBe('/home-colaborador/carga-de-datos/500'))
  })

  it('shows the server reason when the claim cannot be read, and Reintentar loads it again', async () => {
    let calls = 0
    api.on('GET /api/event/by-id/500', () => (++calls === 1 ? fail(403, 'No tiene permiso sobre este trámite') : ok(CLAIM_500)))
    api.on('GET /api/event/get-status/500', () => ok([]))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso sobre este trámite')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('article', { name: 'Trámite actual C500' })).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it("shows 'Error' when the server cannot be reached", async () => {
    api.on('GET /api/event/by-id/500', () => {
      throw new TypeError('Failed to fetch')
    })
    api.on('GET /api/event/get-status/500', () => ok([]))
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/)
  })

  it('without a claim in the session it says so instead of loading', async () => {
    open({ ...USERS.collaborator, idEvento: null })
    expect(await screen.findByText('No hay un trámite asociado a tu sesión')).toBeInTheDocument()
    expect(api.requests.some((r) => r.path.startsWith('/api/event/by-id'))).toBe(false)
  })
})

describe('authorization letter', () => {
  it('is offered once the dictamen approved the claim, and opens in the viewer through the authenticated route', async () => {
    api.on('GET /api/event/by-id/500', () => ok({ ...CLAIM_500, statusId: 7, value: 'Facturación' }))
    api.on('GET /api/event/get-status/500', () => ok([]))
    api.on('GET /api/event/letter-pdf/500', () => ({ status: 200, body: '%PDF-1.7 carta', headers: { 'content-type': 'application/pdf' } }))
    open()
    const card = await screen.findByRole('article', { name: 'Trámite actual C500' })
    const user = userEvent.setup()
    await user.click(within(card).getByRole('button', { name: 'Ver carta autorización' }))
    const dialog = await screen.findByRole('dialog', { name: 'Carta autorización C500' })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    expect(api.requests.find((r) => r.path === '/api/event/letter-pdf/500')!.headers.authorization).toBe('Bearer token-guardado')
  })

  it('is not offered before the dictamen', async () => {
    api.on('GET /api/event/by-id/500', () => ok(CLAIM_500))
    api.on('GET /api/event/get-status/500', () => ok([]))
    open()
    const card = await screen.findByRole('article', { name: 'Trámite actual C500' })
    expect(within(card).queryByRole('button', { name: 'Descargar carta autorización' })).not.toBeInTheDocument()
  })

  describe('the next step (issue 23)', () => {
    const file = (tipo: string, status: number) => ({ id: Number(tipo), url: `/api/file/download/claim-file/${tipo}`, status, tipo, nombre: `d${tipo}.pdf`, comentario: null })
    const TARGETS = { objetivos: [3, 5, 6, 7, 9].map((statusId) => ({ statusId, diasHabiles: statusId === 3 ? 2 : 5 })) }

    function serve(statusId: number, value: string, files: ReturnType<typeof file>[], enteredAt = '2026-11-23T15:00:00.000Z') {
      api.on('GET /api/event/by-id/500', () => ok({ ...CLAIM_500, statusId, value }))
      api.on('GET /api/event/get-status/500', () => ok([{ status: statusId, fecha: enteredAt, value, actor: 'Colaborador' }]))
      api.on('GET /api/file/get-info-by-event/500', () => ok({ files, numSended: files.length }))
      api.on('GET /api/service-levels/targets', () => ok(TARGETS))
    }

    it("says 'Sube tus tres documentos' while nothing is uploaded, with no office date", async () => {
      serve(1, 'Trámite iniciado', [])
      open()
      const step = await screen.findByRole('region', { name: 'Siguiente paso' })
      expect(step).toHaveTextContent('Lo que sigue para ti')
      expect(step).toHaveTextContent('Sube tus tres documentos')
      expect(step).not.toHaveTextContent('Esperamos terminar')
    })

    it('names the rejected document to upload again', async () => {
      serve(4, 'Documentos rechazados', [file('1', 2), file('2', 3), file('3', 2)])
      open()
      expect(await screen.findByText('Vuelve a subir: Resumen médico')).toBeInTheDocument()
    })

    it('while the executive reviews, says so and by when the office expects to finish (2 business days, es-MX)', async () => {
      // Entered Monday 23 November 2026 at 09:00 in Mexico City: due Wednesday 25 at 09:00.
      serve(3, 'Validación de documentos', [file('1', 1), file('2', 1), file('3', 1)])
      open()
      const step = await screen.findByRole('region', { name: 'Siguiente paso' })
      expect(step).toHaveTextContent('Tu ejecutivo está revisando tus documentos')
      expect(step).toHaveTextContent('Esperamos terminar esta etapa a más tardar el 25 de noviembre de 2026.')
    })

    it('without the next step facts the claim card still shows', async () => {
      api.on('GET /api/event/by-id/500', () => ok(CLAIM_500))
      api.on('GET /api/event/get-status/500', () => ok([]))
      open()
      await screen.findByRole('article', { name: 'Trámite actual C500' })
      expect(screen.queryByRole('region', { name: 'Siguiente paso' })).toBeNull()
    })
  })
})
