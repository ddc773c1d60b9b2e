/**
 * /home-colaborador/carga-de-datos/{idEvento} (spec 2.8, 4 'Claim documents', 5 'Uploads', 8): the three uploads
 * through the real apiUpload (byte progress from XMLHttpRequest), the status of each document, the reviewer's
 * comment and the re-upload of a rejected one, 'Enviar a validar' only with all three, the 'Carga completa' notice,
 * the upload failures, and the 'Tiempo' tab.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CollaboratorUploadPage } from '../../../../src/features/collaborator/CollaboratorUploadPage'
import { fail, ok } from '../../helpers/fakeApi'
import { installFakeXhr, pdfFile } from './fakeXhr'
import { CLAIM_500, HISTORY_500, fileEntry } from './fixtures'
import { USERS, renderScreen } from './renderScreen'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

let xhr: ReturnType<typeof installFakeXhr>

const api = fakeApiForEachTest()
beforeEach(() => {
  xhr = installFakeXhr()
})
afterEach(() => {
  xhr.restore()
})

const ROUTES = [{ path: '/home-colaborador/carga-de-datos/:idEvento', element: <CollaboratorUploadPage /> }]

function open(files: unknown[], { claim = CLAIM_500, history = HISTORY_500 } = {}) {
  api.on('GET /api/file/get-info-by-event/500', () => ok({ files, numSended: new Set(files.map((f) => (f as { tipo: string }).tipo)).size }))
  api.on('GET /api/event/by-id/500', () => ok(claim))
  api.on('GET /api/event/get-status/500', () => ok(history))
  return renderScreen('/home-colaborador/carga-de-datos/500', ROUTES, USERS.collaborator)
}

const slot = (name: string) => screen.getByRole('article', { name })
const fileInput = (name: string) => slot(name).querySelector('input[type=file]') as HTMLInputElement
const sendButton = () => screen.getByRole('button', { name: 'Enviar a validar' })

/** Picks a PDF for a slot and sends it from the preview ('Cargar documento'). */
async function pickAndSend(user: ReturnType<typeof userEvent.setup>, name: string, file: File) {
  await user.upload(fileInput(name), file)
  const dialog = await screen.findByRole('dialog', { name: `Vista previa: ${name}` })
  await within(dialog).findByText('Página uno')
  await user.click(within(dialog).getByRole('button', { name: 'Cargar documento' }))
}

/** Uploads one document: progress in bytes, then the server's answer. */
async function uploadDocument(user: ReturnType<typeof userEvent.setup>, name: string, tipo: '1' | '2' | '3', fileName: string) {
  const size = 3 * 1024 * 1024
  await pickAndSend(user, name, pdfFile(fileName, size))
  const request = await xhr.sent()
  await request.progress(size / 4, size)
  expect(within(slot(name)).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25')
  // Bytes of the total in es-MX units, and the milestone said to screen readers (issue 22).
  expect(within(slot(name)).getByText('0.8 de 3.0 MB')).toBeInTheDocument()
  expect(within(slot(name)).getByRole('status')).toHaveTextContent(`${name}: 25 % enviado`)
  expect(within(slot(name)).getByRole('button', { name: 'Cancelar carga' })).toBeEnabled()
  await request.progress(size, size)
  expect(within(slot(name)).getByText('3.0 de 3.0 MB')).toBeInTheDocument()
  expect(within(slot(name)).getByRole('status')).toHaveTextContent(`${name}: 75 % enviado`)
  await request.respond(200, { success: true, response: { file: fileEntry(tipo, 1, fileName), statusId: 2 }, reason: 'Archivo cargado correctamente' })
  await waitFor(() => expect(within(slot(name)).getByRole('status')).toHaveTextContent(`${name}: carga terminada`))
  return request
}

describe('Proceso actual', () => {
  it("uploads the three PDFs with byte progress, then enables 'Enviar a validar', which shows 'Carga completa' and sends nothing", async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    for (const name of ['Formato de solicitud', 'Resumen médico', 'Identificación oficial']) {
      expect(within(slot(name)).getByText('Pendiente')).toBeInTheDocument()
    }
    expect(sendButton()).toBeDisabled()
    expect(sendButton()).toHaveAccessibleDescription('Podrás enviar a validar cuando los tres documentos estén cargados.')

    const first = await uploadDocument(user, 'Formato de solicitud', '1', 'solicitud.pdf')
    expect(first.method).toBe('PATCH')
    expect(first.metadata).toMatchObject({ call: 'add-files-to-event', idEvento: '500', tipo: '1', filename: 'solicitud.pdf' })
    expect(first.headers.authorization).toBe('Bearer token-guardado')
    expect(first.headers.authtoken).toBe('token-de-cliente')
    await waitFor(() => expect(within(slot('Formato de solicitud')).getByText('Cargado')).toBeInTheDocument())
    // Nobody reviewed it yet: a wrong file can still be replaced (issue 21).
    expect(within(slot('Formato de solicitud')).getByRole('button', { name: 'Reemplazar archivo' })).toBeEnabled()
    expect(sendButton()).toBeDisabled()

    const second = await uploadDocument(user, 'Resumen médico', '2', 'resumen.pdf')
    expect(second.metadata.filename).toBe('resumen.pdf')
    expect(sendButton()).toBeDisabled()
    const third = await uploadDocument(user, 'Identificación oficial', '3', 'identificacion-oficial.pdf')
    expect(third.metadata.filename).toBe('identificacion-oficial.pdf')
    // File names are cut to 10 characters plus .pdf.
    expect(within(slot('Identificación oficial')).getByText('identifica.pdf')).toBeInTheDocument()
    const uploaded = screen.getByText('Documentos cargados').closest('[data-scope=progress][data-part=root]') as HTMLElement
    expect(within(uploaded).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3')
    expect(uploaded).toHaveTextContent('3 de 3')

    await waitFor(() => expect(sendButton()).toBeEnabled())
    const callsBefore = api.requests.length
    await user.click(sendButton())
    const dialog = await screen.findByRole('dialog', { name: 'Carga completa' })
    expect(dialog).toHaveTextContent('Has terminado de subir tus archivos')
    expect(dialog).toHaveTextContent('Tu ejecutivo debe revisar y validar tus documentos.')
    // The page behind does not claim that documents are missing while the notice is open.
    expect(screen.queryByText('Podrás enviar a validar cuando los tres documentos estén cargados.')).toBeNull()
    expect(xhr.requests).toHaveLength(3)
    expect(api.requests.slice(callsBefore).filter((r) => r.method !== 'GET')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sendButton()).toBeEnabled()
  })

  it("shows the reviewer's comment on a rejected document and takes it again; the others stay as they are", async () => {
    open([
      fileEntry('1', 2, 'solicitud.pdf'),
      fileEntry('2', 3, 'resumen.pdf', 'El resumen médico no tiene firma del médico'),
      fileEntry('3', 4, 'ine.pdf'),
    ])
    const user = userEvent.setup()
    const rejected = await screen.findByRole('article', { name: 'Resumen médico' })
    expect(within(rejected).getByText('Rechazado digital')).toBeInTheDocument()
    expect(within(rejected).getByText('Comentario del revisor')).toBeInTheDocument()
    expect(within(rejected).getByText('El resumen médico no tiene firma del médico')).toBeInTheDocument()
    expect(within(slot('Formato de solicitud')).getByText('Verificado digital')).toBeInTheDocument()
    expect(within(slot('Identificación oficial')).getByText('Verificado físico')).toBeInTheDocument()
    expect(within(slot('Formato de solicitud')).queryByText('Comentario del revisor')).toBeNull()
    // A verified document is kept, and says so next to the disabled button and to screen readers (issue 21).
    for (const name of ['Formato de solicitud', 'Identificación oficial']) {
      const replace = within(slot(name)).getByRole('button', { name: 'Reemplazar archivo' })
      expect(replace).toBeDisabled()
      expect(replace).toHaveAccessibleDescription('Documento verificado: ya no se reemplaza.')
      expect(within(slot(name)).getByText('Documento verificado: ya no se reemplaza.')).toBeVisible()
    }
    // All three exist, so it may be sent even while one waits to be replaced.
    expect(sendButton()).toBeEnabled()

    expect(within(rejected).getByRole('button', { name: 'Volver a cargar' })).toBeEnabled()
    await pickAndSend(user, 'Resumen médico', pdfFile('resumen-firmado.pdf'))
    // While one document uploads nothing else can be sent.
    expect(sendButton()).toBeDisabled()
    await (await xhr.sent()).respond(200, { success: true, response: { file: fileEntry('2', 1, 'resumen-firmado.pdf'), statusId: 3 } })
    await waitFor(() => expect(within(slot('Resumen médico')).getByText('Cargado')).toBeInTheDocument())
    expect(within(slot('Resumen médico')).queryByText('Comentario del revisor')).toBeNull()
    // Back to 'uploaded': replaceable again until the reviewer looks at it.
    expect(within(slot('Resumen médico')).getByRole('button', { name: 'Reemplazar archivo' })).toBeEnabled()
    // The stored upload reloads the claim (its stage may have changed).
    await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/event/get-status/500')).toHaveLength(2))
  })

  it('replaces a document picked by mistake before anyone reviewed it, and shows the whole name on hover and to screen readers (issue 21)', async () => {
    open([fileEntry('1', 1, 'INE ambos lados.pdf')])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    // The cut name keeps no space before '.pdf'; the whole name is the title and what a screen reader reads.
    const shown = within(slot('Formato de solicitud')).getByText('INE ambos.pdf')
    expect(shown.closest('[title]')).toHaveAttribute('title', 'INE ambos lados.pdf')
    expect(shown.closest('[aria-hidden=true]')).not.toBeNull()
    expect(within(slot('Formato de solicitud')).getByText('INE ambos lados.pdf')).toBeInTheDocument()

    const replace = within(slot('Formato de solicitud')).getByRole('button', { name: 'Reemplazar archivo' })
    expect(replace).toBeEnabled()
    expect(replace).not.toHaveAttribute('aria-describedby')
    await pickAndSend(user, 'Formato de solicitud', pdfFile('formato-solicitud.pdf'))
    const request = await xhr.sent()
    expect(request.metadata.filename).toBe('formato-solicitud.pdf')
    await request.respond(200, { success: true, response: { file: fileEntry('1', 1, 'formato-solicitud.pdf'), statusId: 2 } })
    await waitFor(() => expect(within(slot('Formato de solicitud')).getByText('formato-so.pdf')).toBeInTheDocument())
  })

  it("opens an uploaded document in the viewer, and 'Cancelar' in a preview sends nothing", async () => {
    open([fileEntry('1', 1, 'solicitud.pdf')])
    api.on('GET /api/file/download/claim-file/11', () => ({ status: 200, body: '%PDF-1.7 mío', headers: { 'content-type': 'application/pdf' } }))
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    await user.click(within(slot('Formato de solicitud')).getByRole('button', { name: 'Ver documento: Formato de solicitud' }))
    const viewer = await screen.findByRole('dialog', { name: 'Formato de solicitud' })
    expect(await within(viewer).findByText('Página uno')).toBeInTheDocument()
    await user.click(within(viewer).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.upload(fileInput('Resumen médico'), pdfFile('resumen.pdf'))
    const preview = await screen.findByRole('dialog', { name: 'Vista previa: Resumen médico' })
    await user.click(within(preview).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(xhr.requests).toHaveLength(0)
  })

  it('offers photos and the camera as well as PDFs; photos open the page arranger, and its Cancelar sends nothing (issue 22)', async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Identificación oficial' })
    const input = fileInput('Identificación oficial')
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['application/pdf', '.pdf', 'image/jpeg', 'image/png', 'image/webp']))
    expect(input.multiple).toBe(true)
    await user.upload(input, [new File(['a'], 'frente.jpg', { type: 'image/jpeg' }), new File(['b'], 'reverso.jpg', { type: 'image/jpeg' })])
    const arranger = await screen.findByRole('dialog', { name: 'Fotos del documento: Identificación oficial' })
    // jsdom cannot decode images: the arranger says so in its own words (the e2e scales real photos).
    expect(await within(arranger).findByText('No se pudieron leer las fotos. Intenta con otras fotos.')).toBeInTheDocument()
    expect(within(arranger).getByRole('button', { name: 'Cargar documento' })).toBeDisabled()
    await user.click(within(arranger).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(xhr.requests).toHaveLength(0)
  })

  it("refuses a file that is not a PDF with 'Error: Se requiere un archivo PDF' before sending anything", async () => {
    open([])
    const user = userEvent.setup({ applyAccept: false })
    await screen.findByRole('article', { name: 'Resumen médico' })
    await user.upload(fileInput('Resumen médico'), new File(['hola'], 'notas.txt', { type: 'text/plain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Se requiere un archivo PDF')
    expect(xhr.requests).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the server's reason when it refuses the upload, and 'Ocurrió un error al subir el archivo' when the request fails", async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    await pickAndSend(user, 'Formato de solicitud', pdfFile('solicitud.pdf'))
    await (await xhr.sent()).respond(413, { success: false, response: null, reason: 'El archivo supera el tamaño máximo de 10 MB' })
    // The alert names the document (several slots may be sending).
    expect(await screen.findByRole('alert')).toHaveTextContent('Formato de solicitud: El archivo supera el tamaño máximo de 10 MB')
    expect(within(slot('Formato de solicitud')).getByText('Pendiente')).toBeInTheDocument()

    await pickAndSend(user, 'Formato de solicitud', pdfFile('solicitud.pdf'))
    // A new upload clears the previous alert.
    expect(screen.queryByRole('alert')).toBeNull()
    await (await xhr.sent()).networkError()
    expect(await screen.findByRole('alert')).toHaveTextContent('Formato de solicitud: Ocurrió un error al subir el archivo')
  })

  it('uploads side by side: the next slot takes its file while one sends, each with its own bytes, milestones and Cancelar carga (issue 22)', async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    const MB = 1024 * 1024
    await pickAndSend(user, 'Formato de solicitud', pdfFile('solicitud.pdf', 3 * MB))
    const first = await xhr.sent()
    await first.progress(0.6 * MB, 3 * MB)
    // While the first sends, its own picker is gone and the other two still take a file.
    expect(within(slot('Formato de solicitud')).queryByRole('button', { name: 'Cargar archivo' })).toBeNull()
    expect(within(slot('Resumen médico')).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
    expect(within(slot('Identificación oficial')).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
    expect(sendButton()).toBeDisabled()

    await pickAndSend(user, 'Resumen médico', pdfFile('resumen.pdf', 2 * MB))
    const second = await waitFor(() => {
      const request = xhr.requests.find((r) => r.metadata.tipo === '2')
      if (!request) throw new Error('the second upload is not on its way yet')
      return request
    })
    expect(second).not.toBe(first)
    // Both run: each slot shows its own bytes of its own total, and its own milestone to screen readers.
    await second.progress(1.5 * MB, 2 * MB)
    await first.progress(1.5 * MB, 3 * MB)
    expect(within(slot('Formato de solicitud')).getByText('1.5 de 3.0 MB')).toBeInTheDocument()
    expect(within(slot('Resumen médico')).getByText('1.5 de 2.0 MB')).toBeInTheDocument()
    expect(within(slot('Formato de solicitud')).getByRole('status')).toHaveTextContent('Formato de solicitud: 50 % enviado')
    expect(within(slot('Resumen médico')).getByRole('status')).toHaveTextContent('Resumen médico: 75 % enviado')
    expect(within(slot('Identificación oficial')).queryByRole('progressbar')).toBeNull()

    // Cancelling the first leaves the second sending.
    await user.click(within(slot('Formato de solicitud')).getByRole('button', { name: 'Cancelar carga' }))
    expect(first.aborted).toBe(true)
    expect(second.aborted).toBe(false)
    expect(within(slot('Formato de solicitud')).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
    expect(within(slot('Resumen médico')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75')

    await second.progress(2 * MB, 2 * MB)
    await second.respond(200, { success: true, response: { file: fileEntry('2', 1, 'resumen.pdf'), statusId: 2 }, reason: 'Archivo cargado correctamente' })
    await waitFor(() => expect(within(slot('Resumen médico')).getByRole('status')).toHaveTextContent('Resumen médico: carga terminada'))
    expect(within(slot('Resumen médico')).getByText('Cargado')).toBeInTheDocument()
    expect(within(slot('Formato de solicitud')).getByText('Pendiente')).toBeInTheDocument()
  })

  it('cancelling an upload aborts its request and leaves the slot empty', async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Identificación oficial' })
    await pickAndSend(user, 'Identificación oficial', pdfFile('ine.pdf'))
    await (await xhr.sent()).progress(100, 2048)
    await user.click(within(slot('Identificación oficial')).getByRole('button', { name: 'Cancelar carga' }))
    expect((await xhr.sent()).aborted).toBe(true)
    expect(within(slot('Identificación oficial')).getByText('Pendiente')).toBeInTheDocument()
    expect(within(slot('Identificación oficial')).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
  })

  it('pauses an upload (the request stops, the server keeps it), resumes it, and cancelling a paused one removes it on the server', async () => {
    open([])
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Resumen médico' })
    await pickAndSend(user, 'Resumen médico', pdfFile('resumen.pdf', 2 * 1024 * 1024))
    const first = await xhr.sent()
    await first.progress(1024 * 1024, 2 * 1024 * 1024)
    const summary = () => slot('Resumen médico')
    expect(within(summary()).getByText('1.0 de 2.0 MB')).toBeInTheDocument()
    // Only this slot is busy; the picker of the others says nothing about it.
    await user.click(within(summary()).getByRole('button', { name: 'Pausar carga' }))
    expect(first.aborted).toBe(true)
    expect(within(summary()).getByText('Carga en pausa: el servidor guarda lo recibido 24 horas.')).toBeInTheDocument()
    expect(xhr.terminations).toHaveLength(0)
    await user.click(within(summary()).getByRole('button', { name: 'Reanudar carga' }))
    const second = await xhr.sent()
    expect(second).not.toBe(first)
    expect(second.metadata.filename).toBe('resumen.pdf')
    await user.click(within(summary()).getByRole('button', { name: 'Pausar carga' }))
    await user.click(within(summary()).getByRole('button', { name: 'Cancelar carga' }))
    await waitFor(() => expect(xhr.terminations).toHaveLength(1))
    expect(within(summary()).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
    expect(localStorage.getItem('cargaPendiente:C500:documento-2')).toBeNull()
  })

  it('offers to resume an upload a closed tab left unfinished, in its own slot only', async () => {
    open([])
    // Kept by an earlier visit (the render above started from a fresh session; the slots read it when they appear).
    localStorage.setItem(
      'cargaPendiente:C500:documento-3',
      JSON.stringify({ url: '/api/uploads/abc', name: 'ine.pdf', size: 3 * 1024 * 1024, createdAt: '2026-11-27T10:00:00.000Z' }),
    )
    await screen.findByRole('article', { name: 'Identificación oficial' })
    expect(within(slot('Identificación oficial')).getByText('Reanudar carga')).toBeInTheDocument()
    expect(
      within(slot('Identificación oficial')).getByText('Tienes una carga sin terminar de ine.pdf (3.0 MB). Elige el mismo archivo para reanudarla.'),
    ).toBeInTheDocument()
    expect(slot('Formato de solicitud')).not.toHaveTextContent('Reanudar carga')
    localStorage.removeItem('cargaPendiente:C500:documento-3')
  })

  it("shows 'Error' and Reintentar when the documents cannot be loaded", async () => {
    let calls = 0
    api.on('GET /api/event/by-id/500', () => ok(CLAIM_500))
    api.on('GET /api/event/get-status/500', () => ok(HISTORY_500))
    api.on('GET /api/file/get-info-by-event/500', () => (++calls === 1 ? fail(500, '') : ok({ files: [], numSended: 0 })))
    const view = renderScreen('/home-colaborador/carga-de-datos/500', ROUTES, USERS.collaborator)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('article', { name: 'Formato de solicitud' })).toBeInTheDocument()
  })
})

describe('Tiempo', () => {
  const tiempo = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('tab', { name: 'Tiempo' }))
    return screen.findByRole('list', { name: 'Etapas del trámite' })
  }

  it('draws the stages in the lifecycle order with the current one highlighted, es-MX dates, and pending stages', async () => {
    open([])
    const user = userEvent.setup()
    expect(screen.getByRole('tab', { name: 'Proceso actual' })).toHaveAttribute('aria-selected', 'true')
    const list = await tiempo(user)
    expect(screen.getByRole('tab', { name: 'Tiempo' })).toHaveAttribute('aria-selected', 'true')
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('[data-part=card]')?.textContent?.replace(/(Etapa actual|Pendiente|Completada|\d+ de \w+ de \d{4})/g, ' $1').trim())).toEqual([
      'Trámite iniciado 3 de noviembre de 2025 · Por Ejecutivo: Laura Hernández',
      'Carga de documentos Etapa actual 4 de noviembre de 2025 · Por Colaborador',
      'Validación de documentos Pendiente',
      'Asignación de proveedor Pendiente',
      'Carta autorización Pendiente',
      'Facturación Pendiente',
      'Factura en revisión Pendiente',
      'Trámite concluido Pendiente',
    ])
    expect(items[1]).toHaveAttribute('aria-current', 'step')
    expect(items.filter((item) => item.getAttribute('aria-current'))).toHaveLength(1)
    expect(within(items[0]!).getByText('3 de noviembre de 2025').closest('time')).toHaveAttribute('dateTime', '2025-11-03T16:20:00.000Z')
  })

  it("shows the 'Documentos rechazados' detour it went through, and a rejected claim ends at 'Trámite rechazado'", async () => {
    const history = [
      ...HISTORY_500,
      { status: 3, fecha: '2025-11-05T10:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' },
      { status: 4, fecha: '2025-11-06T10:00:00.000Z', value: 'Documentos rechazados', actor: 'Ejecutivo: Laura Hernández' },
      { status: 3, fecha: '2025-11-07T10:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' },
      { status: 5, fecha: '2025-11-08T10:00:00.000Z', value: 'Asignación de proveedor', actor: 'Ejecutivo: Laura Hernández' },
      { status: 6, fecha: '2025-11-09T10:00:00.000Z', value: 'Carta autorización', actor: 'Administrador: Mariana López' },
      { status: 10, fecha: '2025-11-10T10:00:00.000Z', value: 'Trámite rechazado', actor: 'Ejecutivo: Laura Hernández' },
    ]
    open([], { claim: { ...CLAIM_500, statusId: 10, value: 'Trámite rechazado' }, history })
    const list = await tiempo(userEvent.setup())
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'current'])
    expect(items[3]).toHaveTextContent('Documentos rechazados')
    expect(items[3]).toHaveTextContent('6 de noviembre de 2025')
    // The stage reached twice shows its last date.
    expect(items[2]).toHaveTextContent('7 de noviembre de 2025')
    expect(items[6]).toHaveTextContent('Trámite rechazado')
    expect(items[6]).toHaveAttribute('aria-current', 'step')
    expect(list).not.toHaveTextContent('Facturación')
  })

  it('a stored upload moves the highlighted stage without leaving the page', async () => {
    let claim = { ...CLAIM_500, statusId: 1, value: 'Trámite iniciado' }
    let history = HISTORY_500.slice(0, 1)
    open([], { claim, history })
    api.on('GET /api/event/by-id/500', () => ok(claim))
    api.on('GET /api/event/get-status/500', () => ok(history))
    const user = userEvent.setup()
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    await pickAndSend(user, 'Formato de solicitud', pdfFile('solicitud.pdf'))
    claim = { ...CLAIM_500 }
    history = HISTORY_500
    await act(async () => {
      await (await xhr.sent()).respond(200, { success: true, response: { file: fileEntry('1', 1, 'solicitud.pdf'), statusId: 2 } })
    })
    const list = await tiempo(user)
    await waitFor(() => expect(within(list).getByText('Carga de documentos').closest('li')).toHaveAttribute('aria-current', 'step'))
  })
})

describe("another claim's address", () => {
  it('says the claim is not the one of the session, with a way to it and no Reintentar (issue 15)', async () => {
    renderScreen('/home-colaborador/carga-de-datos/501', ROUTES, USERS.collaborator)
    expect(await screen.findByText('Este trámite no corresponde a tu sesión')).toBeInTheDocument()
    expect(screen.getByText('Solo puedes consultar el trámite C500, con el que iniciaste sesión.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir a mi trámite' })).toHaveAttribute('href', '/home-colaborador/carga-de-datos/500')
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    expect(api.requests.filter((r) => r.path.endsWith('/501'))).toEqual([])
  })
})
