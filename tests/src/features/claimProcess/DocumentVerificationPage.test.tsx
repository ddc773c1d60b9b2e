/**
 * Document verification (spec 2.11 'Document verification', 4 'Comment', 5 'Comment', 7 verify-file, 8): one of
 * the four statuses per document, 'Guardar cambios' only with the three chosen and then the reload, the comment
 * flow with its required-fields message and its 6 s success notice, and the read-only partner variant.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, ok, type FakeApi } from '../../helpers/fakeApi'
import { ALL_VERIFIED, ID, PAGE, documents, fileEntry, installClaimApi, openAs, requestsTo, type Area } from './fixtures'

let api: FakeApi | undefined
let dispose: (() => void) | undefined
afterEach(() => {
  dispose?.()
  api?.restore()
  dispose = undefined
  api = undefined
  vi.useRealTimers()
})

function open(area: Area, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi(options)
  const view = openAs(area, PAGE.verification(area))
  dispose = view.dispose
  return view
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
