/**
 * Document upload page (spec 2.11 'Document upload', 4 'Document status codes' and 'Claim documents', 5 'Uploads',
 * 8, 9): slots with shortened names and downloads, the legend and its colours, both 'n de 3' bars, the PDF check
 * before sending, the byte progress bar, failures, 'Verificar documentos' and the approval block, read-only.
 * The multipart upload (XMLHttpRequest) is replaced by a controllable fake; everything else goes through fetch.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UploadProgress } from '../../../../src/api/client'
import { ApiError } from '../../../../domain/contract/envelope'
import type { FileChange } from '../../../../domain/contract/files'
import { type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import {
  ALL_UPLOADED,
  ALL_VERIFIED,
  ID,
  PAGE,
  documents,
  fileEntry,
  installClaimApi,
  openAs,
  requestsTo,
  type Area,
} from './fixtures'

const upload = vi.hoisted(() => ({ fn: vi.fn() }))
// Only the transport is faked: like the real call, a finished upload drops the claim's cached reads.
vi.mock('../../../../src/api/files', async (importOriginal) => {
  const { changesClaim } = await import('../../../../src/api/serverState')
  return {
    ...(await importOriginal<typeof import('../../../../src/api/files')>()),
    uploadClaimDocument: (input: { idEvento: number }, options: unknown) => changesClaim(input.idEvento, upload.fn(input, options)),
  }
})

interface PendingUpload {
  input: { idEvento: number; tipo: number; file: File; fileName: string }
  progress: (loaded: number, total: number) => void
  resolve: (change: FileChange) => void
  reject: (error: ApiError) => void
}
let pending: PendingUpload[] = []

let api: FakeApi | undefined
beforeEach(() => {
  pending = []
  upload.fn.mockReset()
  upload.fn.mockImplementation(
    (input: PendingUpload['input'], options: { onProgress?: (p: UploadProgress) => void }) =>
      new Promise<FileChange>((resolve, reject) => {
        pending.push({
          input,
          progress: (loaded, total) => options.onProgress?.({ loaded, total, percent: Math.floor((loaded / total) * 100) }),
          resolve,
          reject,
        })
      }),
  )
})
afterEach(() => {
  closeViews()
  api?.restore()
})

function open(area: Area, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi(options)
  return openAs(area, PAGE.documents(area))
}

const slot = (label: string) => screen.getByRole('listitem', { name: label })
const pdf = (name = 'resumen.pdf', content = '%PDF-1.4 contenido') => new File([content], name, { type: 'application/pdf' })
const fileInput = (label: string) => within(slot(label)).getByTestId('file-input') as HTMLInputElement
/** The picked PDF shows in the preview dialog first; 'Cargar documento' sends it. */
async function confirmPreview(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: /^Vista previa/ })
  await within(dialog).findByText('Página uno')
  await user.click(within(dialog).getByRole('button', { name: 'Cargar documento' }))
}
const infoRequests = () => requestsTo(api!, 'GET', `/api/file/get-info-by-event/${ID}`).length

async function loaded() {
  await screen.findByRole('listitem', { name: 'Formato de solicitud' })
}

describe('slots, legend and bars', () => {
  it('shows the three slots with their status and names cut to 10 characters plus .pdf', async () => {
    open('executive')
    await loaded()
    // The cut name is what shows; the whole name is the button's name and its hover title (issue 21).
    // Label in name (WCAG 2.5.3): the button is named by the cut name it shows; the whole name is its title.
    const download = within(slot('Formato de solicitud')).getByRole('button', { name: 'Descargar solicitud_.pdf' })
    expect(download).toHaveAttribute('title', 'solicitud_de_apoyo.pdf')
    expect(download).toHaveTextContent('solicitud_.pdf')
    expect(download).toHaveAttribute('title', 'solicitud_de_apoyo.pdf')
    expect(within(slot('Resumen médico')).getByRole('button', { name: 'Descargar resumen_me.pdf' })).toHaveAttribute('title', 'resumen_medico_final.pdf')
    expect(within(slot('Identificación oficial')).getByText('INE.pdf')).toBeInTheDocument()
    expect(within(slot('Resumen médico')).getByText('Cargado')).toBeInTheDocument()
  })

  it('an empty slot says so and offers Cargar archivo; a filled one Reemplazar archivo', async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    expect(within(slot('Resumen médico')).getByText('Sin archivo')).toBeInTheDocument()
    expect(within(slot('Resumen médico')).getByText('Pendiente')).toBeInTheDocument()
    expect(within(slot('Resumen médico')).getByRole('button', { name: 'Cargar archivo' })).toBeInTheDocument()
    expect(within(slot('Formato de solicitud')).getByRole('button', { name: 'Reemplazar archivo' })).toBeInTheDocument()
  })

  it('lists the five statuses in the legend, each with its own colour', async () => {
    open('executive')
    await loaded()
    const legend = screen.getByRole('region', { name: 'Estatus de los documentos' })
    const chips = within(legend).getAllByRole('listitem').map((item) => item.firstElementChild as HTMLElement)
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'Cargado',
      'Verificado digital',
      'Rechazado digital',
      'Verificado físico',
      'Rechazado físico',
    ])
    expect(new Set(chips.map((chip) => chip.className)).size).toBe(5)
  })

  it("counts uploaded and verified documents as 'n de 3'", async () => {
    open('executive', { docs: documents(fileEntry(1, 2), fileEntry(2, 3)) })
    await loaded()
    const uploaded = screen.getByRole('progressbar', { name: 'Documentos cargados' })
    const verified = screen.getByRole('progressbar', { name: 'Documentos verificados' })
    expect(uploaded).toHaveAttribute('aria-valuenow', '2')
    expect(verified).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByText('2 de 3')).toBeInTheDocument()
    expect(screen.getByText('1 de 3')).toBeInTheDocument()
  })

  it('shows the reviewer comment of a rejected document', async () => {
    open('executive', { docs: documents(fileEntry(1, 2), fileEntry(2, 3, 'resumen.pdf', 'Falta la firma del médico'), fileEntry(3, 2)) })
    await loaded()
    expect(within(slot('Resumen médico')).getByText('Falta la firma del médico')).toBeInTheDocument()
    expect(screen.getByText('Hay documentos rechazados: el colaborador debe cargarlos de nuevo.')).toBeInTheDocument()
  })

  it('downloads a document through the API with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:documento')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    open('executive', {
      routes: {
        'GET /api/file/download/claim-file/101': () => ({ status: 200, body: '%PDF-1.4', headers: { 'content-type': 'application/pdf' } }),
      },
    })
    await loaded()
    await userEvent.setup().click(within(slot('Formato de solicitud')).getByRole('button', { name: 'Descargar solicitud_.pdf' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    const request = requestsTo(api!, 'GET', '/api/file/download/claim-file/101')[0]
    expect(request?.headers.authorization).toBe('Bearer token-guardado')
  })
})

describe("'Verificar documentos'", () => {
  it('is disabled until all three documents are present', async () => {
    open('executive', { docs: documents(fileEntry(1, 1), fileEntry(2, 1)) })
    await loaded()
    expect(screen.getByRole('button', { name: 'Verificar documentos' })).toBeDisabled()
    expect(screen.getByText('Disponible cuando los tres documentos estén cargados.')).toBeInTheDocument()
  })

  it('with the three present, goes to the verification page', async () => {
    const view = open('admin')
    await loaded()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar documentos' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.verification('admin')))
  })
})

describe('uploads', () => {
  it("refuses a non-PDF before sending with 'Error: Se requiere un archivo PDF'", async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    const user = userEvent.setup({ applyAccept: false })
    // Not a photo either (photos open the scan arranger, issue 22).
    await user.upload(fileInput('Resumen médico'), new File(['hola'], 'notas.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Error: Se requiere un archivo PDF')).toBeInTheDocument()
    expect(upload.fn).not.toHaveBeenCalled()
  })

  it('refuses a file named .pdf whose content is not a PDF', async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    await userEvent.setup().upload(fileInput('Resumen médico'), pdf('falso.pdf', 'no soy un pdf'))
    expect(await screen.findByText('Error: Se requiere un archivo PDF')).toBeInTheDocument()
    expect(upload.fn).not.toHaveBeenCalled()
  })

  it('sends a PDF in its slot, shows the bytes sent, then reads the documents and the claim again', async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    const before = infoRequests()
    const claimReads = requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length
    const user = userEvent.setup()
    await user.upload(fileInput('Resumen médico'), pdf())
    await confirmPreview(user)
    await waitFor(() => expect(pending).toHaveLength(1))
    expect(pending[0]!.input).toMatchObject({ idEvento: ID, tipo: 2, fileName: 'resumen.pdf' })
    const bar = await screen.findByRole('progressbar', { name: 'Subiendo resumen.pdf' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    // Other pickers are off while one upload runs.
    expect(within(slot('Identificación oficial')).getByRole('button', { name: 'Cargar archivo' })).toBeDisabled()
    act(() => pending[0]!.progress(600, 1000))
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'))
    expect(screen.getByText('60%')).toBeInTheDocument()
    api!.on(`GET /api/file/get-info-by-event/${ID}`, () => ok(documents(fileEntry(1, 1), fileEntry(2, 1, 'resumen.pdf'))))
    await act(async () => pending[0]!.resolve({ file: { ...fileEntry(2, 1, 'resumen.pdf'), tipo: '2' }, statusId: 4 }))
    await waitFor(() => expect(infoRequests()).toBe(before + 1))
    await waitFor(() => expect(within(slot('Resumen médico')).getByText('resumen.pdf')).toBeInTheDocument())
    expect(screen.queryByRole('progressbar', { name: 'Subiendo resumen.pdf' })).not.toBeInTheDocument()
    expect(requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length).toBe(claimReads + 1)
  })

  it("shows the server's reason when an upload fails, or 'Error al subir el archivo'", async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    const user = userEvent.setup()
    await user.upload(fileInput('Resumen médico'), pdf())
    await confirmPreview(user)
    await waitFor(() => expect(pending).toHaveLength(1))
    await act(async () => pending[0]!.reject(new ApiError('El archivo excede el tamaño permitido', 413)))
    expect(await screen.findByText('El archivo excede el tamaño permitido')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }))
    expect(screen.queryByText('El archivo excede el tamaño permitido')).not.toBeInTheDocument()
    await user.upload(fileInput('Resumen médico'), pdf())
    await confirmPreview(user)
    await waitFor(() => expect(pending).toHaveLength(2))
    // No server answer: the reason is empty and the page shows the spec's text.
    await act(async () => pending[1]!.reject(new ApiError('')))
    expect(await screen.findByText('Error al subir el archivo')).toBeInTheDocument()
  })

  it('a running upload can be cancelled', async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    const user = userEvent.setup()
    await user.upload(fileInput('Resumen médico'), pdf())
    await confirmPreview(user)
    await screen.findByRole('progressbar', { name: 'Subiendo resumen.pdf' })
    await user.click(screen.getByRole('button', { name: 'Cancelar carga' }))
    expect(screen.queryByRole('progressbar', { name: 'Subiendo resumen.pdf' })).not.toBeInTheDocument()
    expect(within(slot('Identificación oficial')).getByRole('button', { name: 'Cargar archivo' })).toBeEnabled()
  })
})

describe('reading documents in the page', () => {
  it("'Cancelar' in the preview drops the picked file: nothing is sent", async () => {
    open('executive', { docs: documents(fileEntry(1, 1)) })
    await loaded()
    const user = userEvent.setup()
    await user.upload(fileInput('Resumen médico'), pdf('resumen_final.pdf'))
    const dialog = await screen.findByRole('dialog', { name: 'Vista previa: Resumen médico' })
    expect(within(dialog).getByText(/resumen_final\.pdf/)).toBeInTheDocument()
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(upload.fn).not.toHaveBeenCalled()
    expect(pending).toHaveLength(0)
  })

  it("'Ver documento' opens a stored document in the viewer through the authenticated download", async () => {
    open('partner', { docs: ALL_UPLOADED })
    await loaded()
    await userEvent.setup().click(within(slot('Resumen médico')).getByRole('button', { name: 'Ver documento: Resumen médico' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resumen médico' })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    expect(requestsTo(api!, 'GET', '/api/file/download/claim-file/102')).toHaveLength(1)
  })
})

describe('approval block', () => {
  it("enables 'Asignar proveedor' with three verified files at 'Asignación de proveedor'", async () => {
    const view = open('executive', { claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: ALL_VERIFIED })
    await loaded()
    expect(
      screen.getByText('Los tres documentos están verificados.'),
    ).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Asignar proveedor' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.assign()))
  })

  it('keeps it disabled while documents wait for review', async () => {
    open('executive', { docs: ALL_UPLOADED })
    await loaded()
    expect(screen.getByRole('button', { name: 'Asignar proveedor' })).toBeDisabled()
    expect(screen.getByText('Los documentos aún no han sido verificados en su totalidad.')).toBeInTheDocument()
  })
})

describe('retail partner (read-only)', () => {
  it('has no upload pickers and no Asignar proveedor, but can open the verification page', async () => {
    const view = open('partner', { claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: ALL_VERIFIED })
    await loaded()
    expect(screen.queryByTestId('file-input')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Cargar archivo|Reemplazar archivo/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Asignar proveedor' })).not.toBeInTheDocument()
    expect(screen.getByText('Vista de solo lectura.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar documentos' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.verification('partner')))
  })
})

describe('retail partner: no primary action', () => {
  it("shows 'Verificar documentos' as a secondary button even where an office user would verify (issue 15)", async () => {
    open('partner', { docs: ALL_UPLOADED })
    await loaded()
    const verify = screen.getByRole('button', { name: 'Verificar documentos' })
    expect(verify.className).toMatch(/variant_secondary/)
    expect(verify.className).not.toMatch(/variant_primary/)
  })
})

describe('offered only where the lifecycle accepts it', () => {
  it("a concluded claim offers no 'Reemplazar archivo' and says why on 'Verificar documentos'", async () => {
    open('executive', { claim: { statusId: 8, value: 'Trámite concluido' }, docs: ALL_VERIFIED })
    await loaded()
    expect(screen.queryByRole('button', { name: /Cargar archivo|Reemplazar archivo/ })).not.toBeInTheDocument()
    expect(screen.queryByTestId('file-input')).not.toBeInTheDocument()
    expect(screen.getAllByText('Trámite concluido: solo lectura').length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Asignar proveedor' })).toBeDisabled()
  })

  it("a claim in 'Facturación' keeps 'Asignar proveedor' disabled with the stage's reason", async () => {
    open('admin', { claim: { statusId: 7, value: 'Facturación' }, docs: ALL_VERIFIED })
    await loaded()
    expect(screen.getByRole('button', { name: 'Asignar proveedor' })).toBeDisabled()
    expect(screen.getByText('La etapa actual del trámite ya no admite asignar proveedor.')).toBeInTheDocument()
  })
})

describe('loading and failure', () => {
  it("a failed document load shows 'Error' and 'Reintentar' loads again", async () => {
    let calls = 0
    open('executive', {
      routes: {
        [`GET /api/file/get-info-by-event/${ID}`]: () =>
          ++calls === 1 ? { status: 500, body: { success: false, reason: 'Error interno' } } : ok(ALL_UPLOADED),
      },
    })
    expect(await screen.findByText('Error')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    await loaded()
  })
})
