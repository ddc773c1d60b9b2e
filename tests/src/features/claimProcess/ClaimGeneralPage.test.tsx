/**
 * The claim process frame and the general data page (spec 2.10, 2.11 'Claim process tabs', 'General data', 4):
 * tabs as navigation with the active one highlighted, a missing claim redirected to the area's list, the data in
 * es-MX, the stage timeline, and the 'Asignar proveedor' rule (three files all 2 or 4, a stage that accepts it,
 * hidden read-only).
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import {
  ALL_VERIFIED,
  ID,
  claimRecord,
  PAGE,
  documents,
  fileEntry,
  installClaimApi,
  openAs,
  requestsTo,
  type Area,
} from './fixtures'

let api: FakeApi | undefined
afterEach(() => {
  closeViews()
  api?.restore()
})

function open(area: Area, path: string, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi(options)
  return openAs(area, path)
}

const assignButton = () => screen.queryByRole('button', { name: 'Asignar proveedor' })
const dataValue = (label: string) => {
  const term = screen.getAllByText(label).find((element) => element.closest('dt'))
  return term?.closest('div')?.querySelector('dd')?.textContent
}

async function documentsLoaded() {
  await waitFor(() => expect(api!.requests.some((r) => r.path === `/api/file/get-info-by-event/${ID}`)).toBe(true))
}

describe('claim process tabs', () => {
  const sections = () => screen.getByRole('navigation', { name: 'Proceso del trámite' })
  const section = (name: string) => within(sections()).getByRole('link', { name })

  it("shows 'Inicio C{idEvento}', 'Validación de documentos' and 'Carta autorización' as links, the current one marked", async () => {
    open('executive', PAGE.general())
    const links = within(await screen.findByRole('navigation', { name: 'Proceso del trámite' })).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([`Inicio C${ID}`, 'Validación de documentos', 'Carta autorización'])
    expect(links.map((link) => link.getAttribute('href'))).toEqual([PAGE.general(), PAGE.documents(), PAGE.letter()])
    // Pages of their own, not panels: no tablist whose arrow keys would leave the page.
    expect(screen.queryByRole('tab')).toBeNull()
    expect(section(`Inicio C${ID}`)).toHaveAttribute('aria-current', 'page')
    expect(section('Validación de documentos')).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('heading', { level: 1, name: `Trámite C${ID}` })).toBeInTheDocument()
    expect(await screen.findByText('Etapa actual: Validación de documentos')).toBeInTheDocument()
  })

  it('navigates between the pages of the same area with the tabs', async () => {
    const view = open('admin', PAGE.general('admin'))
    const user = userEvent.setup()
    await screen.findByRole('navigation', { name: 'Proceso del trámite' })
    await waitFor(() => expect(document.title).toBe(`Trámite C${ID} · Portal de trámites`))
    await user.click(section('Validación de documentos'))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.documents('admin')))
    await waitFor(() => expect(section('Validación de documentos')).toHaveAttribute('aria-current', 'page'))
    // Each section is a page with its own title; focus lands on the heading, not on <body>.
    expect(document.title).toBe(`Validación de documentos · Trámite C${ID} · Portal de trámites`)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: `Trámite C${ID}` })).toHaveFocus())
    await user.click(section('Carta autorización'))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.letter('admin')))
    expect(document.title).toBe(`Carta autorización · Trámite C${ID} · Portal de trámites`)
    await user.click(section(`Inicio C${ID}`))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.general('admin')))
  })

  it('the executive /mis-tramites/… routes show the same pages', async () => {
    open('executive', `/mis-tramites/proceso-general-tramites/${ID}`)
    expect(await screen.findByText('Número de seguimiento')).toBeInTheDocument()
    expect(section(`Inicio C${ID}`)).toHaveAttribute('aria-current', 'page')
  })

  it.each([
    ['executive', '/mis-tramites'],
    ['admin', '/administrador/mis-tramites'],
    ['partner', '/coppel/dashboard'],
  ] as const)('a claim that does not exist sends the %s to %s', async (area, list) => {
    const view = open(area, PAGE.documents(area, 999), {
      routes: { 'GET /api/event/by-id/999': () => fail(404, 'No se encontró el trámite') },
    })
    await waitFor(() => expect(view.pathname()).toBe(list))
  })

  it('an id that cannot be a claim goes to the list without asking the server', async () => {
    const view = open('executive', PAGE.general('executive', 'abc'))
    await waitFor(() => expect(view.pathname()).toBe('/mis-tramites'))
    expect(api!.requests.some((r) => r.path.startsWith('/api/event/by-id'))).toBe(false)
  })

  it('a claim without permission (403) shows the reason and no Reintentar, which could never work', async () => {
    open('executive', PAGE.general(), {
      routes: { [`GET /api/event/by-id/${ID}`]: () => fail(403, 'No tiene permiso sobre este trámite') },
    })
    expect(await screen.findByText('No tiene permiso sobre este trámite')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Regresar a mis trámites' })).toBeInTheDocument()
  })

  it("another failure shows 'Error' and 'Reintentar' loads again", async () => {
    let calls = 0
    open('executive', PAGE.general(), {
      routes: {
        [`GET /api/event/by-id/${ID}`]: () => (++calls === 1 ? fail(500, '') : ok(claimRecord())),
      },
    })
    expect(await screen.findByText('Error')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('Número de seguimiento')).toBeInTheDocument()
  })
})

describe('general data', () => {
  it('shows tracking number, collaborator number, reason, Digital, es-MX amounts, service and provider', async () => {
    open('executive', PAGE.general())
    await screen.findByText('Número de seguimiento')
    expect(dataValue('Número de seguimiento')).toBe(`C${ID}`)
    expect(dataValue('Número de colaborador')).toBe('91731372')
    expect(dataValue('Motivo del trámite')).toBe('Apoyo funerario')
    // The person the claim is for: 'Beneficiario' ('Titular' is the collaborator, on the coverage card).
    expect(dataValue('Beneficiario')).toBe('Arturo Sergio Ramírez Camacho')
    expect(screen.queryByText('Titular')).toBeNull()
    expect(dataValue('Tipo de trámite')).toBe('Digital')
    expect(dataValue('Suma de apoyo autorizada')).toBe('$50,500.00')
    expect(dataValue('Monto del trámite')).toBe('$23,350.50')
    expect(dataValue('Suma de apoyo disponible')).toBe('$27,149.50')
    expect(dataValue('Servicio')).toBe('Sin asignar')
    expect(dataValue('Proveedor')).toBe('Sin asignar')
  })

  it('shows the assigned service and provider', async () => {
    open('executive', PAGE.general(), {
      claim: { statusId: 6, value: 'Carta autorización', servicio: 'Estudios de imagen', nombreProveedor: 'Centro de Diagnóstico Roma' },
      docs: ALL_VERIFIED,
    })
    await screen.findByText('Número de seguimiento')
    expect(dataValue('Servicio')).toBe('Estudios de imagen')
    expect(dataValue('Proveedor')).toBe('Centro de Diagnóstico Roma')
  })

  it('marks the stages done, current and pending on the timeline, with the dates and who moved each from the history', async () => {
    open('executive', PAGE.general())
    const timeline = await screen.findByRole('list', { name: 'Etapas del trámite' })
    const steps = within(timeline).getAllByRole('listitem')
    expect(steps).toHaveLength(8)
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step')!
    expect(current).toHaveTextContent('Validación de documentos')
    expect(current).toHaveTextContent('Etapa actual')
    await waitFor(() => expect(steps[0]).toHaveTextContent('19 de octubre de 2026'))
    expect(steps[0]).toHaveTextContent('Por Ejecutivo: Laura Hernández')
    expect(steps[7]).toHaveTextContent('Trámite concluido')
    expect(steps[7]).toHaveTextContent('Pendiente')
    expect(requestsTo(api!, 'GET', `/api/event/get-status/${ID}`)).toHaveLength(1)
  })
})

describe("'Asignar proveedor'", () => {
  it('is enabled with exactly three files all verified (2 or 4) and goes to the assignment page', async () => {
    const view = open('executive', PAGE.general(), { claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: ALL_VERIFIED })
    await waitFor(() => expect(assignButton()).toBeEnabled())
    await userEvent.setup().click(assignButton()!)
    await waitFor(() => expect(view.pathname()).toBe(PAGE.assign()))
  })

  it('is disabled while one file is only uploaded, with the reason under it', async () => {
    open('executive', PAGE.general(), { docs: documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 1)) })
    await documentsLoaded()
    expect(assignButton()).toBeDisabled()
    expect(screen.getByText('Disponible cuando los tres documentos estén verificados.')).toBeInTheDocument()
  })

  it('is disabled with a rejected file or with fewer than three files', async () => {
    open('executive', PAGE.general(), { docs: documents(fileEntry(1, 2), fileEntry(2, 3), fileEntry(3, 4)) })
    await documentsLoaded()
    expect(assignButton()).toBeDisabled()
    closeViews()
    api?.restore()
    open('executive', PAGE.general(), { docs: documents(fileEntry(1, 2), fileEntry(2, 4)) })
    await documentsLoaded()
    expect(assignButton()).toBeDisabled()
  })

  it('is disabled once the stage no longer accepts an assignment (Facturación)', async () => {
    open('executive', PAGE.general(), { claim: { statusId: 7, value: 'Facturación' }, docs: ALL_VERIFIED })
    await documentsLoaded()
    await screen.findByText('La etapa actual del trámite ya no admite asignar proveedor.')
    expect(assignButton()).toBeDisabled()
  })

  it('is hidden for the retail partner', async () => {
    open('partner', PAGE.general('partner'), { claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: ALL_VERIFIED })
    await screen.findByText('Número de seguimiento')
    await documentsLoaded()
    expect(assignButton()).not.toBeInTheDocument()
  })
})
