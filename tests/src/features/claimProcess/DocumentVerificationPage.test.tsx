/**
 * Document verification (spec 2.11 'Document verification', 4 'Comment', 5 'Comment', 7 verify-file, 8): one of
 * the four statuses per document, 'Guardar cambios' only with the three chosen and then the reload, the comment
 * flow with its required-fields message and its 6 s success notice, and the read-only partner variant.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import { ALL_VERIFIED, ID, PAGE, documents, fileEntry, installClaimApi, openAs, requestsTo, type Area } from './fixtures'

let api: FakeApi | undefined
afterEach(() => {
  closeViews()
  api?.restore()
  vi.useRealTimers()
})

function open(area: Area, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi(options)
  return openAs(area, PAGE.verification(area))
}

const card = (label: string) => screen.getByRole('article', { name: label })
const radio = (label: string, status: string) => within(card(label)).getByRole('radio', { name: status })
const saveButton = () => screen.getByRole('button', { name: 'Guardar cambios' })
const REQUIRED = 'Debe seleccionar una opción y escribir un comentario antes de enviar'
const SENT = 'Comentario agregado correctamente'

async function loaded() {
  await screen.findByRole('article', { name: 'Formato de solicitud' })
}

describe('statuses and Guardar cambios', () => {
  it('offers the four statuses for each of the three documents', async () => {
    open('executive')
    await loaded()
    for (const label of ['Formato de solicitud', 'Resumen médico', 'Identificación oficial']) {
      const names = within(card(label))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent)
      expect(names).toEqual(['Verificado digital', 'Rechazado digital', 'Verificado físico', 'Rechazado físico'])
    }
  })

  it('keeps Guardar cambios disabled until a status is chosen for all three', async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    expect(saveButton()).toBeDisabled()
    expect(screen.getByText('Seleccione un estatus para cada uno de los tres documentos.')).toBeInTheDocument()
    await user.click(radio('Formato de solicitud', 'Verificado digital'))
    await user.click(radio('Resumen médico', 'Verificado físico'))
    expect(saveButton()).toBeDisabled()
    await user.click(radio('Identificación oficial', 'Rechazado digital'))
    expect(saveButton()).toBeEnabled()
    expect(radio('Identificación oficial', 'Rechazado digital')).toBeChecked()
  })

  it('preselects the statuses already reviewed', async () => {
    open('executive', { docs: documents(fileEntry(1, 2), fileEntry(2, 5), fileEntry(3, 1)) })
    await loaded()
    expect(radio('Formato de solicitud', 'Verificado digital')).toBeChecked()
    expect(radio('Resumen médico', 'Rechazado físico')).toBeChecked()
    expect(within(card('Identificación oficial')).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false)
  })

  it('sends the three statuses, then reads the documents and the claim again', async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    api!.on('POST /api/file/verify-file', () => ok({ statusId: 5, files: ALL_VERIFIED.files }))
    await user.click(radio('Formato de solicitud', 'Verificado digital'))
    await user.click(radio('Resumen médico', 'Verificado físico'))
    await user.click(radio('Identificación oficial', 'Verificado digital'))
    const infoBefore = requestsTo(api!, 'GET', `/api/file/get-info-by-event/${ID}`).length
    const claimBefore = requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length
    api!.on(`GET /api/file/get-info-by-event/${ID}`, () => ok(ALL_VERIFIED))
    await user.click(saveButton())
    await waitFor(() => expect(requestsTo(api!, 'POST', '/api/file/verify-file')).toHaveLength(1))
    expect(requestsTo(api!, 'POST', '/api/file/verify-file')[0]!.body).toEqual({
      idEvento: ID,
      preguntas: [
        { tipo: 1, idStatus: 2 },
        { tipo: 2, idStatus: 4 },
        { tipo: 3, idStatus: 2 },
      ],
    })
    await waitFor(() => expect(requestsTo(api!, 'GET', `/api/file/get-info-by-event/${ID}`).length).toBe(infoBefore + 1))
    await waitFor(() => expect(requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length).toBe(claimBefore + 1))
    await waitFor(() => expect(within(card('Resumen médico')).getByText('Verificado físico', { selector: 'span[data-status] *, span[data-status]' })).toBeInTheDocument())
  })

  it("shows the server's reason when saving fails and keeps the choices", async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    api!.on('POST /api/file/verify-file', () => fail(409, 'Faltan documentos por cargar: se requieren los tres documentos'))
    await user.click(radio('Formato de solicitud', 'Verificado digital'))
    await user.click(radio('Resumen médico', 'Verificado físico'))
    await user.click(radio('Identificación oficial', 'Verificado digital'))
    await user.click(saveButton())
    expect(await screen.findByText('Faltan documentos por cargar: se requieren los tres documentos')).toBeInTheDocument()
    expect(radio('Resumen médico', 'Verificado físico')).toBeChecked()
    expect(saveButton()).toBeEnabled()
  })

  it('cannot review a document that is not uploaded', async () => {
    open('executive', { docs: documents(fileEntry(1, 1), fileEntry(2, 1)) })
    await loaded()
    expect(within(card('Identificación oficial')).getByText('El documento aún no se ha cargado.')).toBeInTheDocument()
    for (const r of within(card('Identificación oficial')).getAllByRole('radio')) expect(r).toBeDisabled()
    expect(saveButton()).toBeDisabled()
  })
})

describe('comment flow', () => {
  it("'Enviar comentario' shows the box; 'Agregar comentario' without status and text shows the required message", async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    const doc = card('Resumen médico')
    expect(within(doc).queryByLabelText('Comentario sobre Resumen médico')).not.toBeInTheDocument()
    await user.click(within(doc).getByRole('button', { name: 'Enviar comentario' }))
    const box = within(doc).getByLabelText('Comentario sobre Resumen médico')
    await user.click(within(doc).getByRole('button', { name: 'Agregar comentario' }))
    expect(within(doc).getByRole('alert')).toHaveTextContent(REQUIRED)
    // Text alone is not enough either: a status is required.
    await user.type(box, 'Falta la firma')
    expect(within(doc).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(doc).getByRole('button', { name: 'Agregar comentario' }))
    expect(within(doc).getByRole('alert')).toHaveTextContent(REQUIRED)
    expect(requestsTo(api!, 'POST', '/api/file/add-files-to-event')).toHaveLength(0)
  })

  it('a status without text also gets the required message; Cerrar hides the box', async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    const doc = card('Resumen médico')
    await user.click(radio('Resumen médico', 'Rechazado digital'))
    await user.click(within(doc).getByRole('button', { name: 'Enviar comentario' }))
    await user.click(within(doc).getByRole('button', { name: 'Agregar comentario' }))
    expect(within(doc).getByRole('alert')).toHaveTextContent(REQUIRED)
    await user.click(within(doc).getByRole('button', { name: 'Cerrar' }))
    expect(within(doc).queryByLabelText('Comentario sobre Resumen médico')).not.toBeInTheDocument()
  })

  it('sends status and text for that document and shows the success notice for 6 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    open('executive')
    await loaded()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    api!.on('POST /api/file/add-files-to-event', () => ok({ file: fileEntry(2, 3, 'resumen.pdf', 'Falta la firma'), statusId: 4 }))
    const doc = card('Resumen médico')
    await user.click(radio('Resumen médico', 'Rechazado digital'))
    await user.click(within(doc).getByRole('button', { name: 'Enviar comentario' }))
    await user.type(within(doc).getByLabelText('Comentario sobre Resumen médico'), '  Falta la firma ')
    const claimReads = requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length
    await user.click(within(doc).getByRole('button', { name: 'Agregar comentario' }))
    expect(await within(doc).findByText(SENT)).toBeInTheDocument()
    // The comment set the document's status: the claim's stage is read again.
    await waitFor(() => expect(requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length).toBe(claimReads + 1))
    const form = requestsTo(api!, 'POST', '/api/file/add-files-to-event')[0]!.body as FormData
    expect(Object.fromEntries(form.entries())).toEqual({
      idEvento: String(ID),
      tipo: '2',
      fileUrl: '/api/file/download/claim-file/102',
      estatus: '3',
      comentario: 'Falta la firma',
    })
    expect(within(doc).queryByLabelText('Comentario sobre Resumen médico')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(5_900))
    expect(within(doc).getByText(SENT)).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(200))
    await waitFor(() => expect(within(doc).queryByText(SENT)).not.toBeInTheDocument())
  })

  it("shows the server's reason when the comment is refused and keeps the box open", async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    api!.on('POST /api/file/add-files-to-event', () => fail(404, 'No se encontró el documento'))
    const doc = card('Formato de solicitud')
    await user.click(radio('Formato de solicitud', 'Rechazado físico'))
    await user.click(within(doc).getByRole('button', { name: 'Enviar comentario' }))
    await user.type(within(doc).getByLabelText('Comentario sobre Formato de solicitud'), 'Ilegible')
    await user.click(within(doc).getByRole('button', { name: 'Agregar comentario' }))
    expect(await within(doc).findByRole('alert')).toHaveTextContent('No se encontró el documento')
    expect(within(doc).getByLabelText('Comentario sobre Formato de solicitud')).toHaveValue('Ilegible')
  })
})

describe('retail partner (read-only)', () => {
  it('shows the statuses but cannot change them, comment or save', async () => {
    open('partner', { docs: documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 1)) })
    await loaded()
    expect(radio('Formato de solicitud', 'Verificado digital')).toBeChecked()
    for (const r of screen.getAllByRole('radio')) expect(r).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Enviar comentario' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument()
    expect(screen.getByText('Vista de solo lectura: los estatus y comentarios no pueden modificarse.')).toBeInTheDocument()
  })
})

describe('offered only where the lifecycle accepts a review', () => {
  it("a concluded claim shows the statuses read-only with 'Trámite concluido: solo lectura', no comment and no Guardar cambios", async () => {
    open('executive', { claim: { statusId: 8, value: 'Trámite concluido' }, docs: documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 2)) })
    await loaded()
    expect(screen.getByText('Trámite concluido: solo lectura')).toBeInTheDocument()
    for (const r of screen.getAllByRole('radio')) expect(r).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Enviar comentario' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument()
  })

  it("verified documents (Asignación de proveedor) are not reviewed again: 'Los documentos ya están verificados.'", async () => {
    open('admin', { claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 2)) })
    await loaded()
    expect(screen.getByText('Los documentos ya están verificados.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument()
  })
})

describe('reading each document beside its choices', () => {
  const viewerOf = (label: string) => within(card(label)).queryByRole('region', { name: `Visor de documento: ${label}` })

  it('opens the first uploaded document at once, beside its statuses and comment box', async () => {
    const view = open('executive')
    await loaded()
    const viewer = viewerOf('Formato de solicitud')!
    expect(viewer).toBeInTheDocument()
    // The fake engine drew page 1 of the file the authenticated download route gave.
    expect(await within(viewer).findByText('Página uno')).toBeInTheDocument()
    expect(requestsTo(api!, 'GET', '/api/file/download/claim-file/101')[0]!.headers.authorization).toMatch(/^Bearer /)
    expect(view.pdfEngine.opened).toHaveLength(1)
    expect(within(card('Formato de solicitud')).getByRole('group', { name: 'Revisión de Formato de solicitud' })).toBeInTheDocument()
    expect(viewerOf('Resumen médico')).toBeNull()
    expect(within(card('Formato de solicitud')).getByRole('button', { name: 'Ocultar documento' })).toHaveAttribute('aria-expanded', 'true')
  })

  it("'Siguiente' opens the next document and keeps the choices made", async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    await user.click(radio('Formato de solicitud', 'Verificado digital'))
    await user.click(within(card('Formato de solicitud')).getByRole('button', { name: 'Siguiente: Resumen médico' }))
    expect(await within(viewerOf('Resumen médico')!).findByText('Página uno')).toBeInTheDocument()
    expect(viewerOf('Formato de solicitud')).toBeNull()
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Resumen médico'))
    await user.click(radio('Resumen médico', 'Rechazado digital'))
    await user.click(within(card('Resumen médico')).getByRole('button', { name: 'Siguiente: Identificación oficial' }))
    await within(viewerOf('Identificación oficial')!).findByText('Página uno')
    await user.click(radio('Identificación oficial', 'Verificado físico'))
    // The last document has no 'Siguiente'.
    expect(within(card('Identificación oficial')).queryByRole('button', { name: /^Siguiente/ })).not.toBeInTheDocument()
    expect(radio('Formato de solicitud', 'Verificado digital')).toBeChecked()
    expect(radio('Resumen médico', 'Rechazado digital')).toBeChecked()
    expect(saveButton()).toBeEnabled()
  })

  it("'Ver documento' and 'Ocultar documento' open and close one document at a time", async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    await user.click(within(card('Identificación oficial')).getByRole('button', { name: 'Ver documento' }))
    expect(viewerOf('Identificación oficial')).toBeInTheDocument()
    expect(viewerOf('Formato de solicitud')).toBeNull()
    await user.click(within(card('Identificación oficial')).getByRole('button', { name: 'Ocultar documento' }))
    expect(screen.queryAllByRole('region', { name: /^Visor de documento/ })).toHaveLength(0)
  })

  it('a document that is not uploaded has nothing to open', async () => {
    open('executive', { docs: documents(fileEntry(2, 1), fileEntry(3, 1)) })
    await loaded()
    expect(within(card('Formato de solicitud')).queryByRole('button', { name: 'Ver documento' })).not.toBeInTheDocument()
    expect(viewerOf('Resumen médico')).toBeInTheDocument()
  })

  it('the retail partner reads the documents too', async () => {
    open('partner')
    await loaded()
    expect(await within(viewerOf('Formato de solicitud')!).findByText('Página uno')).toBeInTheDocument()
  })
})
