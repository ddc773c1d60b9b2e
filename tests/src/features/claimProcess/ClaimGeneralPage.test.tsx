/**
 * The claim process frame and the general data page (spec 2.10, 2.11 'Claim process tabs', 'General data', 4):
 * tabs as navigation with the active one highlighted, a missing claim redirected to the area's list, the data in
 * es-MX, the stage timeline, and the 'Asignar proveedor' rule (three files all 2 or 4, a stage that accepts it,
 * hidden read-only).
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, ok, type FakeApi } from '../../helpers/fakeApi'
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
let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  api?.restore()
  dispose = undefined
  api = undefined
})

function open(area: Area, path: string, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi(options)
  const view = openAs(area, path)
  dispose = view.dispose
  return view
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
  it("shows 'Inicio C{idEvento}', 'Validación de documentos' and 'Carta autorización', the active one selected", async () => {
    open('executive', PAGE.general())
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([`Inicio C${ID}`, 'Validación de documentos', 'Carta autorización'])
    expect(screen.getByRole('tab', { name: `Inicio C${ID}` })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Validación de documentos' })).toHaveAttribute('aria-selected', 'false')
    expect(screen.getByRole('heading', { level: 1, name: `Trámite C${ID}` })).toBeInTheDocument()
    expect(await screen.findByText('Etapa actual: Validación de documentos')).toBeInTheDocument()
  })

  it('navigates between the pages of the same area with the tabs', async () => {
    const view = open('admin', PAGE.general('admin'))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Validación de documentos' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.documents('admin')))
    expect(await screen.findByRole('tab', { name: 'Validación de documentos' })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Carta autorización' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.letter('admin')))
    await user.click(screen.getByRole('tab', { name: `Inicio C${ID}` }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.general('admin')))
  })

  it('the executive /mis-tramites/… routes show the same pages', async () => {
    open('executive', `/mis-tramites/proceso-general-tramites/${ID}`)
    expect(await screen.findByText('Número de seguimiento')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: `Inicio C${ID}` })).toHaveAttribute('aria-selected', 'true')
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

  it("another failure shows the reason and 'Reintentar' loads again", async () => {
    let calls = 0
    open('executive', PAGE.general(), {
      routes: {
        [`GET /api/event/by-id/${ID}`]: () => (++calls === 1 ? fail(403, 'No tiene acceso a este trámite') : ok(claimRecord())),
      },
    })
    expect(await screen.findByText('No tiene acceso a este trámite')).toBeInTheDocument()
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

  it('marks the stages done, current and pending on the timeline, with the dates of the history', async () => {
    open('executive', PAGE.general())
    const timeline = await screen.findByRole('list', { name: 'Etapas del trámite' })
    const steps = within(timeline).getAllByRole('listitem')
    expect(steps).toHaveLength(8)
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step')!
    expect(current).toHaveTextContent('Validación de documentos')
    expect(current).toHaveTextContent('Etapa actual')
    await waitFor(() => expect(steps[0]).toHaveTextContent('19 de octubre de 2026'))
    expect(steps[0]).toHaveTextContent('Completada')
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
    dispose?.()
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
