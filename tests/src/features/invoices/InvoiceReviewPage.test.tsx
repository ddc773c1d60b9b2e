/**
 * /administrador/facturas/descargar-facturas/{idFactura}/{idEvento} (spec 2.6, 4 'Invoice approval'): the three
 * documents and the two progress bars, 'Descargar factura' and 'Aprobar factura' enabled only with all three
 * documents, the download, the approval going back to the list, and the failures.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InvoiceReviewPage } from '../../../../src/features/invoices/InvoiceReviewPage'
import { fail, ok } from '../../helpers/fakeApi'
import { fileEntry } from '../collaborator/fixtures'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { claimRecord } from '../claimProcess/fixtures'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const INVOICE = {
  idFactura: 31,
  idEvento: 701,
  idProveedor: 1,
  title: 'Trámite: C701',
  url: '/api/file/download/invoice/31',
  nombre: 'factura-hospital.pdf',
  status: 0,
  comentario: null,
  fecha: '2025-11-20T10:00:00.000Z',
}
const THREE = [fileEntry('1', 2, 'solicitud.pdf'), fileEntry('2', 4, 'resumen-medico.pdf'), fileEntry('3', 1, 'ine.pdf')]

const api = fakeApiForEachTest()
afterEach(() => {
  vi.restoreAllMocks()
})

/** The claim is in 'Factura en revisión' (9) unless a test says otherwise: the only stage that takes an approval. */
function open(files = THREE, invoices: unknown[] = [INVOICE], statusId = 9) {
  api.on('GET /api/event/by-id/701', () => ok(claimRecord({ idEvento: 701, statusId })))
  api.on('GET /api/file/get-info-by-event/701', () => ok({ files, numSended: files.length }))
  api.on('GET /api/event/invoices/701', () => ok(invoices))
  return renderScreen(
    '/administrador/facturas/descargar-facturas/31/701',
    [{ path: '/administrador/facturas/descargar-facturas/:idFactura/:idEvento', element: <InvoiceReviewPage /> }],
    USERS.admin,
  )
}

const download = () => screen.getByRole('button', { name: 'Descargar factura' })
const approve = () => screen.getByRole('button', { name: 'Aprobar factura' })
const bar = (label: string) => {
  const root = screen.getByText(label).closest('[data-scope=progress][data-part=root]') as HTMLElement
  return { value: within(root).getByRole('progressbar').getAttribute('aria-valuenow'), text: root.textContent }
}

describe('invoice review', () => {
  it('shows the invoice in the page through the authenticated download, and each document on demand', async () => {
    api.on('GET /api/file/download/invoice/31', () => ({ status: 200, body: '%PDF-1.7 factura', headers: { 'content-type': 'application/pdf' } }))
    api.on('GET /api/file/download/claim-file/12', () => ({ status: 200, body: '%PDF-1.7 resumen', headers: { 'content-type': 'application/pdf' } }))
    open()
    const viewer = await screen.findByRole('region', { name: 'Visor de documento: Factura' })
    expect(await within(viewer).findByText('Página uno')).toBeInTheDocument()
    expect(api.requests.find((r) => r.path === '/api/file/download/invoice/31')!.headers.authorization).toBe('Bearer token-guardado')
    await userEvent.setup().click(within(screen.getByRole('listitem', { name: 'Resumen médico' })).getByRole('button', { name: 'Ver documento: Resumen médico' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resumen médico' })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
  })

  it('shows the three documents, the uploaded and verified bars, and enables both buttons', async () => {
    open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura del trámite C701' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Regresar a facturas' })).toHaveAttribute('href', '/administrador/facturas')
    const request = within(screen.getByRole('listitem', { name: 'Formato de solicitud' }))
    expect(request.getByText('solicitud.pdf')).toBeInTheDocument()
    expect(request.getByText('Verificado digital')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Resumen médico' })).getByText('resumen-me.pdf')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Resumen médico' })).getByText('Verificado físico')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Identificación oficial' })).getByText('Cargado')).toBeInTheDocument()
    expect(bar('Documentos cargados')).toMatchObject({ value: '3', text: expect.stringContaining('3 de 3') })
    expect(bar('Documentos verificados')).toMatchObject({ value: '2', text: expect.stringContaining('2 de 3') })
    expect(screen.getByText('factura-ho.pdf')).toBeInTheDocument()
    expect(download()).toBeEnabled()
    expect(approve()).toBeEnabled()
  })

  it('keeps both buttons disabled while a document is missing', async () => {
    open(THREE.slice(0, 2))
    await screen.findByRole('listitem', { name: 'Identificación oficial' })
    expect(within(screen.getByRole('listitem', { name: 'Identificación oficial' })).getByText('Sin archivo')).toBeInTheDocument()
    expect(bar('Documentos cargados')).toMatchObject({ value: '2' })
    expect(download()).toBeDisabled()
    expect(approve()).toBeDisabled()
    expect(screen.getByText('Descargar y aprobar la factura requiere los tres documentos del trámite.')).toBeInTheDocument()
  })

  it('an invoice already approved can be downloaded but not approved again', async () => {
    open(THREE, [{ ...INVOICE, status: 1 }])
    await waitFor(() => expect(download()).toBeEnabled())
    expect(approve()).toBeDisabled()
  })

  it('without an invoice there is nothing to download or approve', async () => {
    open(THREE, [])
    expect(await screen.findByText('El proveedor aún no ha cargado la factura.')).toBeInTheDocument()
    expect(download()).toBeDisabled()
    expect(approve()).toBeDisabled()
  })

  it("'Aprobar factura' asks for confirmation first; 'Cancelar' sends nothing", async () => {
    const view = open()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Aprobar factura' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aprobar la factura?' })
    expect(dialog).toHaveTextContent(
      'Al aprobar la factura, el trámite C701 queda concluido y ya no podrá modificarse. Esta acción no se puede deshacer.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.requests.some((r) => r.path === '/api/file/validate-invoice')).toBe(false)
    expect(view.pathname()).toBe('/administrador/facturas/descargar-facturas/31/701')
    expect(approve()).toBeEnabled()
  })

  it("'Aprobar factura' confirmed approves the claim's invoice, says so and goes back to the list", async () => {
    api.on('POST /api/file/validate-invoice', () => ok({ statusId: 8 }))
    const view = open()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Aprobar factura' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aprobar factura' }))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/facturas'))
    expect(await screen.findByText('Factura aprobada: el trámite C701 quedó concluido.')).toBeInTheDocument()
    const request = api.requests.find((r) => r.path === '/api/file/validate-invoice')
    expect(request).toMatchObject({ method: 'POST', body: { idEvento: 701 } })
    expect(request!.headers.authorization).toBe('Bearer token-guardado')
  })

  it("a refused approval shows the server's reason and stays", async () => {
    api.on('POST /api/file/validate-invoice', () => fail(409, 'La factura de este trámite ya fue aprobada'))
    const view = open()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Aprobar factura' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aprobar factura' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('La factura de este trámite ya fue aprobada')
    expect(view.pathname()).toBe('/administrador/facturas/descargar-facturas/31/701')
    expect(approve()).toBeEnabled()
  })

  it("offers no approval outside 'Factura en revisión', with the reason", async () => {
    open(THREE, [INVOICE], 7)
    expect(await screen.findByText('Disponible cuando el proveedor haya cargado la factura.')).toBeInTheDocument()
    expect(approve()).toBeDisabled()
    expect(download()).toBeEnabled()
  })

  it("a concluded claim says 'Trámite concluido: solo lectura' and offers no approval", async () => {
    open(THREE, [{ ...INVOICE, status: 1 }], 8)
    expect(await screen.findByText('Trámite concluido: solo lectura')).toBeInTheDocument()
    expect(approve()).toBeDisabled()
  })

  it("'Descargar factura' fetches the PDF with the session and hands it to the browser", async () => {
    api.on('GET /api/file/download/invoice/31', () => ({
      status: 200,
      body: '%PDF-1.7',
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="factura-hospital.pdf"' },
    }))
    const createObjectURL = vi.fn(() => 'blob:factura')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    open()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar factura' }))
    await waitFor(() => expect(clicked).toEqual(['factura-hospital.pdf']))
    expect(createObjectURL).toHaveBeenCalledTimes(1)
    expect(api.requests.find((r) => r.path === '/api/file/download/invoice/31')!.headers.authorization).toBe('Bearer token-guardado')
    expect(download()).toBeEnabled()
  })

  it('a failed download shows the reason', async () => {
    api.on('GET /api/file/download/invoice/31', () => fail(404, 'No se encontró el archivo'))
    open()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar factura' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontró el archivo')
  })

  it("shows 'Error' and Reintentar when the documents cannot be read", async () => {
    let calls = 0
    api.on('GET /api/file/get-info-by-event/701', () => (++calls === 1 ? fail(500, '') : ok({ files: THREE, numSended: 3 })))
    api.on('GET /api/event/invoices/701', () => ok([INVOICE]))
    api.on('GET /api/event/by-id/701', () => ok(claimRecord({ idEvento: 701, statusId: 9 })))
    const view = renderScreen(
      '/administrador/facturas/descargar-facturas/31/701',
      [{ path: '/administrador/facturas/descargar-facturas/:idFactura/:idEvento', element: <InvoiceReviewPage /> }],
      USERS.admin,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(approve()).toBeEnabled())
  })
})
