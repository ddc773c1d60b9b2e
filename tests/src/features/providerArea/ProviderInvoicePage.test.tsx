/**
 * /proveedores/cargar-factura/{idEvento} (spec 2.7, 4 'Invoice (provider)', 5, 8): 'Cargar factura' (PDF only),
 * the 3-second 'Carga de factura exitosa.', 'Pagada', the edit and delete icons with their tooltips, delete only
 * clearing the local selection, 'Ver comentario' and the 3-second 'No hay comentarios de la factura'.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProviderInvoicePage } from '../../../../src/features/providerArea/ProviderInvoicePage'
import { fail, ok } from '../../helpers/fakeApi'
import { installFakeXhr, pdfFile } from '../collaborator/fakeXhr'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { claimRecord } from '../claimProcess/fixtures'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { closeViews } from '../../helpers/openViews'

const INVOICE = {
  idFactura: 31,
  idEvento: 701,
  idProveedor: 1,
  title: 'Trámite: C701',
  url: '/api/file/download/invoice/31',
  nombre: 'factura-hospital-san-rafael.pdf',
  status: 0,
  comentario: null as string | null,
  fecha: '2025-11-20T10:00:00.000Z',
}

let xhr: ReturnType<typeof installFakeXhr>

const api = fakeApiForEachTest()
beforeEach(() => {
  xhr = installFakeXhr()
})
afterEach(() => {
  vi.useRealTimers()
  xhr.restore()
})

/** The claim is in 'Facturación' (7) unless a test says otherwise: a stage that takes an invoice. */
function open(invoices: (typeof INVOICE)[], statusId = 7) {
  api.on('GET /api/event/by-id/701', () => ok(claimRecord({ idEvento: 701, statusId })))
  api.on('GET /api/event/invoices/701', () => ok(invoices))
  return renderScreen(
    '/proveedores/cargar-factura/701',
    [{ path: '/proveedores/cargar-factura/:idEvento', element: <ProviderInvoicePage /> }],
    USERS.provider,
  )
}

const uploadButton = () => screen.queryByRole('button', { name: 'Cargar factura' })
const pickerOf = (button: HTMLElement) => button.closest('[data-scope=file-upload][data-part=root]')!.querySelector('input[type=file]') as HTMLInputElement
const SUCCESS = { success: true, response: true, reason: 'Carga de factura exitosa.' }

describe("the provider's claim view", () => {
  it("shows the claim's stages on the timeline every role shares, with who moved each (issue 15)", async () => {
    api.on('GET /api/event/get-status/701', () =>
      ok([
        { status: 1, fecha: '2026-03-02T16:00:00.000Z', value: 'Trámite iniciado', actor: 'Ejecutivo: Laura Hernández' },
        { status: 6, fecha: '2026-03-09T16:00:00.000Z', value: 'Carta autorización', actor: 'Administrador: Mariana López' },
        { status: 7, fecha: '2026-03-10T16:00:00.000Z', value: 'Facturación', actor: 'Ejecutivo: Laura Hernández' },
      ]),
    )
    open([])
    const timeline = await screen.findByRole('list', { name: 'Etapas del trámite' })
    const current = within(timeline).getAllByRole('listitem').find((step) => step.getAttribute('aria-current') === 'step')!
    expect(current).toHaveTextContent('Facturación')
    await within(timeline).findByText('Por Administrador: Mariana López', { exact: false })
  })
})

describe('provider invoice page', () => {
  it("before any upload: the title, the back arrow, 'Cargar factura' taking a PDF or photos of the paper, no status and no icons", async () => {
    open([])
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura trámite: C701' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Regresar a mis trámites' })).toHaveAttribute('href', '/proveedores/mis-tramites')
    const button = await screen.findByRole('button', { name: 'Cargar factura' })
    expect(button).toBeEnabled()
    expect(pickerOf(button).accept.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf']))
    // Photos become a PDF in the browser first (issue 22); nothing else is offered.
    expect(pickerOf(button).accept.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp']))
    expect(pickerOf(button).accept).not.toMatch(/\*/)
    expect(screen.queryByText('Pagada')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Editar factura' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Eliminar factura' })).toBeNull()
  })

  it("uploads the PDF with idEvento and idProveedor, shows 'Carga de factura exitosa.' for 3 s and the status 'Pagada'", async () => {
    open([])
    const user = userEvent.setup()
    await user.upload(pickerOf(await screen.findByRole('button', { name: 'Cargar factura' })), pdfFile('factura.pdf'))
    const request = await xhr.sent()
    expect(request.metadata.call).toBe('add-invoice-to-event')
    expect(request.headers.authorization).toBe('Bearer token-guardado')
    expect(request.metadata.idEvento).toBe('701')
    expect(request.metadata.idProveedor).toBe('1')
    expect(request.metadata.filename).toBe('factura.pdf')
    // The bytes sent of the total in es-MX units, and 'Cancelar carga' (issue 22).
    expect(screen.getByRole('progressbar', { name: 'Cargando factura.pdf…' })).toHaveAttribute('aria-valuenow', '0')
    expect(screen.getByRole('button', { name: 'Cancelar carga' })).toBeEnabled()

    vi.useFakeTimers()
    await request.respond(200, SUCCESS)
    expect(screen.getByText('Carga de factura exitosa.')).toBeInTheDocument()
    expect(screen.getByText('Pagada')).toBeInTheDocument()
    expect(screen.getByText('factura.pdf')).toBeInTheDocument()
    expect(uploadButton()).toBeNull()
    expect(screen.getByRole('button', { name: 'Editar factura' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Eliminar factura' })).toBeEnabled()
    await act(async () => vi.advanceTimersByTime(2_999))
    expect(screen.getByText('Carga de factura exitosa.')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Carga de factura exitosa.')).toBeNull()
    expect(screen.getByText('Pagada')).toBeInTheDocument()
  })

  it("shows the bytes sent of the total and the milestone, and 'Cancelar carga' aborts the upload and brings back 'Cargar factura' (issue 22)", async () => {
    open([])
    const user = userEvent.setup()
    const size = 3 * 1024 * 1024
    await user.upload(pickerOf(await screen.findByRole('button', { name: 'Cargar factura' })), pdfFile('factura.pdf', size))
    const request = await xhr.sent()
    await request.progress(size / 2, size)
    expect(screen.getByText('1.5 de 3.0 MB')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Cargando factura.pdf…' })).toHaveAttribute('aria-valuenow', '50')
    expect(screen.getByText('Factura: 50 % enviado')).toBeInTheDocument()
    // Nothing to pause here: the upload goes on or is cancelled.
    expect(screen.queryByRole('button', { name: 'Pausar carga' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Cancelar carga' }))
    expect(request.aborted).toBe(true)
    expect(await screen.findByRole('button', { name: 'Cargar factura' })).toBeEnabled()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it("refuses a file that is not a PDF with 'Error: Se requiere un archivo PDF' before sending", async () => {
    open([])
    const user = userEvent.setup({ applyAccept: false })
    await user.upload(pickerOf(await screen.findByRole('button', { name: 'Cargar factura' })), new File(['x'], 'factura.xml', { type: 'text/xml' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Se requiere un archivo PDF')
    expect(xhr.requests).toHaveLength(0)
    expect(uploadButton()).toBeEnabled()
  })

  it("shows the server's reason, or 'Error al subir el archivo' when the request fails", async () => {
    open([])
    const user = userEvent.setup()
    await user.upload(pickerOf(await screen.findByRole('button', { name: 'Cargar factura' })), pdfFile('factura.pdf'))
    await (await xhr.sent()).respond(409, { success: false, response: null, reason: 'La factura de este trámite ya fue aprobada' })
    expect(await screen.findByRole('alert')).toHaveTextContent('La factura de este trámite ya fue aprobada')
    expect(uploadButton()).toBeEnabled()
    await user.upload(pickerOf(uploadButton()!), pdfFile('factura.pdf'))
    await (await xhr.sent()).networkError()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al subir el archivo')
  })

  it("a server error without a reason shows 'Error al subir el archivo', never the HTTP status", async () => {
    open([])
    const user = userEvent.setup()
    await user.upload(pickerOf(await screen.findByRole('button', { name: 'Cargar factura' })), pdfFile('factura.pdf'))
    await (await xhr.sent()).respond(500, 'Internal Server Error')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error al subir el archivo')
    expect(alert.textContent).not.toMatch(/\(500\)|servidor/)
    await user.upload(pickerOf(uploadButton()!), pdfFile('factura.pdf'))
    await (await xhr.sent()).respond(400, { success: false, response: null, reason: null })
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al subir el archivo')
  })

  it("an existing invoice shows 'Pagada' with its icons; their tooltips say what they do", async () => {
    open([INVOICE])
    expect(await screen.findByText('Pagada')).toBeInTheDocument()
    // Shown file names are cut to 10 characters plus .pdf.
    expect(screen.getByText('factura-ho.pdf')).toBeInTheDocument()
    expect(uploadButton()).toBeNull()
    const user = userEvent.setup()
    await user.hover(screen.getByRole('button', { name: 'Editar factura' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Editar factura')
    await user.unhover(screen.getByRole('button', { name: 'Editar factura' }))
    await user.hover(screen.getByRole('button', { name: 'Eliminar factura' }))
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Eliminar factura'))
  })

  it("delete only clears the local selection and re-enables 'Cargar factura' (nothing is sent)", async () => {
    open([INVOICE])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Eliminar factura' }))
    expect(uploadButton()).toBeEnabled()
    expect(screen.queryByText('Pagada')).toBeNull()
    // The server still has the invoice: the page must not say there is none.
    expect(screen.getByText('La factura ya cargada se conserva en el trámite; puedes cargar otra para reemplazarla.')).toBeInTheDocument()
    expect(screen.queryByText('Aún no has cargado la factura de este trámite.')).toBeNull()
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([])
    expect(xhr.requests).toHaveLength(0)
  })

  it("offers no 'Cargar factura' while the claim is still in 'Carta autorización', with the reason", async () => {
    open([], 6)
    expect(await screen.findByText('Disponible cuando el dictamen esté aprobado (etapa Facturación).')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cargar factura' })).toBeNull()
  })

  it("a concluded or rejected claim offers neither 'Cargar factura' nor the edit icon", async () => {
    open([], 10)
    expect(await screen.findByText('Trámite rechazado: solo lectura')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cargar factura' })).toBeNull()
    closeViews()
    open([INVOICE], 8)
    expect(await screen.findByText('Trámite concluido: solo lectura')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Editar factura' })).toBeDisabled()
  })

  it('the edit icon picks a new PDF and uploads it in place of the old one', async () => {
    open([INVOICE])
    const user = userEvent.setup()
    await screen.findByRole('button', { name: 'Editar factura' })
    await user.upload(screen.getByTestId('invoice-replace-input'), pdfFile('factura-corregida.pdf'))
    expect((await xhr.sent()).metadata.filename).toBe('factura-corregida.pdf')
    await (await xhr.sent()).respond(200, SUCCESS)
    expect(await screen.findByText('factura-co.pdf')).toBeInTheDocument()
    expect(screen.getByText('Carga de factura exitosa.')).toBeInTheDocument()
  })

  it('the edit icon takes photos of the invoice too: they open the page arranger, and its Cancelar sends nothing (issue 22)', async () => {
    open([INVOICE])
    const user = userEvent.setup()
    await screen.findByRole('button', { name: 'Editar factura' })
    const input = screen.getByTestId<HTMLInputElement>('invoice-replace-input')
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'image/jpeg', 'image/png', 'image/webp']))
    expect(input.multiple).toBe(true)
    await user.upload(input, [new File(['a'], 'hoja1.jpg', { type: 'image/jpeg' }), new File(['b'], 'hoja2.jpg', { type: 'image/jpeg' })])
    const arranger = await screen.findByRole('dialog', { name: 'Fotos del documento: Factura' })
    // jsdom cannot decode images: the arranger says so (the e2e scales real photos through the same arranger).
    expect(await within(arranger).findByText('No se pudieron leer las fotos. Intenta con otras fotos.')).toBeInTheDocument()
    await user.click(within(arranger).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(xhr.requests).toHaveLength(0)
    expect(screen.getByText('Pagada')).toBeInTheDocument()
  })

  it("'Ver comentario' without comments shows 'No hay comentarios de la factura' for 3 s", async () => {
    open([INVOICE])
    await screen.findByText('Pagada')
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Ver comentario' }))
    expect(screen.getByText('No hay comentarios de la factura')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(2_000))
    // Pressing again restarts the 3 s.
    fireEvent.click(screen.getByRole('button', { name: 'Ver comentario' }))
    await act(async () => vi.advanceTimersByTime(2_999))
    expect(screen.getByText('No hay comentarios de la factura')).toBeInTheDocument()
    await act(async () => vi.advanceTimersByTime(1))
    expect(screen.queryByText('No hay comentarios de la factura')).toBeNull()
  })

  it("'Ver comentario' opens the invoice's comment when it has one", async () => {
    open([{ ...INVOICE, comentario: 'Falta el RFC del paciente' }])
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Ver comentario' }))
    const dialog = await screen.findByRole('dialog', { name: 'Comentario de la factura' })
    expect(dialog).toHaveTextContent('Falta el RFC del paciente')
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("shows 'Error' and Reintentar when the invoice cannot be read", async () => {
    let calls = 0
    api.on('GET /api/event/by-id/701', () => ok(claimRecord({ idEvento: 701, statusId: 7 })))
    api.on('GET /api/event/invoices/701', () => (++calls === 1 ? fail(500, '') : ok([])))
    const view = renderScreen(
      '/proveedores/cargar-factura/701',
      [{ path: '/proveedores/cargar-factura/:idEvento', element: <ProviderInvoicePage /> }],
      USERS.provider,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('button', { name: 'Cargar factura' })).toBeEnabled()
  })
})

describe('documents in the page', () => {
  it('shows the stored invoice in the viewer', async () => {
    api.on('GET /api/file/download/invoice/31', () => ({ status: 200, body: '%PDF-1.7 factura', headers: { 'content-type': 'application/pdf' } }))
    open([INVOICE])
    const viewer = await screen.findByRole('region', { name: 'Visor de documento: Factura' })
    expect(await within(viewer).findByText('Página uno')).toBeInTheDocument()
  })

  it("'Descargar carta autorización' saves the letter PDF", async () => {
    api.on('GET /api/event/letter-pdf/701', () => ({
      status: 200,
      body: '%PDF-1.7 carta',
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Carta-autorizacion-C701.pdf"' },
    }))
    const created = vi.fn((_: Blob) => 'blob:portal/carta')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }))
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    open([])
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar carta autorización' }))
    await waitFor(() => expect(names).toEqual(['Carta-autorizacion-C701.pdf']))
    expect(api.requests.find((r) => r.path === '/api/event/letter-pdf/701')!.headers.authorization).toBe('Bearer token-guardado')
  })

  it("before the dictamen is approved the server's reason shows instead", async () => {
    api.on('GET /api/event/letter-pdf/701', () => fail(409, 'La carta autorización estará disponible cuando el dictamen sea aprobado'))
    open([])
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar carta autorización' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('La carta autorización estará disponible cuando el dictamen sea aprobado')
  })
})
