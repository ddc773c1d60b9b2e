/**
 * Mi perfil (spec 2.11 'Profile', 4, 8) on the whole app with a fake API and a fake XMLHttpRequest for the upload:
 * name, role and the placeholder number; the 'Datos de perfil' block for executives and hidden for administrators;
 * the photo-change view (picker, preview, Guardar gating, image rule), the upload, the header chip updated at once,
 * and the failure alert.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../helpers/fakeApi'
import { USERS } from '../../helpers/renderPortal'
import { installFakeXhr } from '../collaborator/fakeXhr'
import { renderAdmin } from '../executives/renderAdmin'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'
import { EXECUTIVE_RECORD } from './fixtures'

const NEW_PHOTO = '/api/file/photo/2f0c1a8e-0000-4000-8000-000000000001.png'

let xhr: ReturnType<typeof installFakeXhr>
let urls: string[]

const api = fakeApiForEachTest(() => ({ 'GET /api/user/2': () => ok([EXECUTIVE_RECORD]) }))
beforeEach(() => {
  xhr = installFakeXhr()
  urls = []
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:http://localhost/preview-${urls.length + 1}`
    urls.push(url)
    return url
  })
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  xhr.restore()
})

function open(path: string, as = USERS.executive) {
  return renderAdmin(path, { as })
}

const png = (name = 'foto.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })
const chipPhoto = () => screen.getByRole('button', { name: /^Cuenta de/ }).querySelector('img')?.getAttribute('src') ?? null

describe('Profile: data', () => {
  it("shows name, role, the placeholder number and the executive's 'Datos de perfil'", async () => {
    open('/perfil/mi-perfil')
    expect(await screen.findByRole('heading', { name: 'Mi perfil', level: 1 })).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Resumen del perfil' })
    expect(within(summary).getByRole('heading', { name: 'Laura Hernández Félix' })).toBeInTheDocument()
    expect(within(summary).getByText('Ejecutivo')).toBeInTheDocument()
    expect(within(summary).getByText('0000000')).toBeInTheDocument()

    const data = screen.getByRole('region', { name: 'Datos de perfil' })
    await waitFor(() => expect(within(data).getByLabelText('Teléfono')).toHaveValue('5512345678'))
    expect(within(data).getByLabelText('Nombre')).toHaveValue('Laura Hernández Félix')
    expect(within(data).getByLabelText('Correo electrónico')).toHaveValue('ejecutivo@coppel.com')
    expect(within(data).getByLabelText('Estatus')).toHaveValue('Activo')
    expect(within(data).getByLabelText('Ubicación laboral')).toHaveValue('Call Center Revolución')
    for (const input of within(data).getAllByRole('textbox')) expect(input).toHaveAttribute('readonly')
  })

  it("hides 'Datos de perfil' for administrators and never loads it", async () => {
    open('/administrador/mi-perfil', USERS.admin)
    const summary = await screen.findByRole('region', { name: 'Resumen del perfil' })
    expect(within(summary).getByText('Administrador')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Datos de perfil' })).toBeNull()
    expect(screen.queryByText('Datos de perfil')).toBeNull()
    expect(api.requests.some((r) => r.path.startsWith('/api/user/'))).toBe(false)
  })

  it('shows the failure reason with a retry when the block fails to load', async () => {
    let calls = 0
    api.on('GET /api/user/2', () => (++calls === 1 ? fail(500, 'Error del servidor (500)') : ok([{ ...EXECUTIVE_RECORD, activo: 1 }])))
    open('/perfil/mi-perfil')
    const data = await screen.findByRole('region', { name: 'Datos de perfil' })
    expect(await within(data).findByRole('alert')).toHaveTextContent('Error del servidor (500)')
    await userEvent.setup().click(within(data).getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(within(data).getByLabelText('Estatus')).toHaveValue('Inactivo'))
  })
})

describe('Profile: photo', () => {
  it('changes the photo: picker, preview, Guardar, upload, and the header chip at once', async () => {
    open('/perfil/mi-perfil')
    const user = userEvent.setup({ applyAccept: false })
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto' }))
    const change = screen.getByRole('region', { name: 'Cambiar foto de perfil' })
    expect(screen.queryByRole('region', { name: 'Datos de perfil' })).toBeNull()
    expect(within(change).getByRole('button', { name: 'Guardar' })).toBeDisabled()

    // Not an image: refused before anything is sent.
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF-1.7'], 'carta.pdf', { type: 'application/pdf' }))
    expect(await within(change).findByRole('alert')).toHaveTextContent('Error: Se requiere una imagen JPG, PNG o WebP')
    expect(within(change).getByRole('button', { name: 'Guardar' })).toBeDisabled()

    await user.upload(screen.getByTestId('file-input'), png())
    expect(within(change).getByRole('img', { name: 'Vista previa de la nueva foto' })).toHaveAttribute('src', urls.at(-1))
    expect(within(change).queryByRole('alert')).toBeNull()
    const save = within(change).getByRole('button', { name: 'Guardar' })
    expect(save).toBeEnabled()
    await user.click(save)
    expect((await xhr.sent()).metadata.call).toBe('image-profile')
    const sent = await xhr.sent()
    expect(sent.metadata).toMatchObject({ filename: 'foto.png', filetype: 'image/png' })
    expect((sent.body as Blob).size).toBe(4)

    await (await xhr.sent()).respond(200, { success: true, response: { foto: NEW_PHOTO }, reason: 'Foto actualizada' })
    await waitFor(() => expect(screen.getByRole('region', { name: 'Resumen del perfil' })).toBeInTheDocument())
    expect(chipPhoto()).toBe(NEW_PHOTO)
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').foto).toBe(NEW_PHOTO)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(urls.at(-1))
  })

  it("shows the server's reason and keeps the chosen photo", async () => {
    open('/perfil/mi-perfil')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto' }))
    await user.upload(screen.getByTestId('file-input'), png())
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await (await xhr.sent()).respond(400, { success: false, response: null, reason: 'Error: Se requiere una imagen JPG, PNG o WebP' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Se requiere una imagen JPG, PNG o WebP')
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await (await xhr.sent()).respond(500, 'no es JSON')
    // No reason from the server: the spec's fallback (section 8), never the HTTP status.
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al subir la foto')
    expect(chipPhoto()).toBeNull()
  })

  it("shows the photo's bytes sent of the total while it sends, and 'Cancelar carga' stops it keeping the chosen photo (issue 22)", async () => {
    open('/perfil/mi-perfil')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto' }))
    const MB = 1024 * 1024
    await user.upload(screen.getByTestId('file-input'), new File([new Uint8Array(1.2 * MB)], 'foto.png', { type: 'image/png' }))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    const sent = await xhr.sent()
    await sent.progress(0.3 * MB, 1.2 * MB)
    const change = screen.getByRole('region', { name: 'Cambiar foto de perfil' })
    expect(within(change).getByRole('progressbar', { name: 'Enviando la foto' })).toHaveAttribute('aria-valuenow', '25')
    expect(within(change).getByText('0.3 de 1.2 MB')).toBeInTheDocument()
    expect(within(change).getByText('Foto de perfil: 25 % enviado')).toBeInTheDocument()
    await user.click(within(change).getByRole('button', { name: 'Cancelar carga' }))
    expect(sent.aborted).toBe(true)
    expect(within(change).getByRole('button', { name: 'Guardar' })).toBeEnabled()
    expect(within(change).queryByRole('progressbar')).toBeNull()
    expect(within(change).getByRole('img', { name: 'Vista previa de la nueva foto' })).toBeInTheDocument()
    expect(chipPhoto()).toBeNull()
  })

  it('Cancelar goes back to the profile without sending anything', async () => {
    open('/perfil/mi-perfil')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Cambiar foto' }))
    await user.upload(screen.getByTestId('file-input'), png())
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(await screen.findByRole('region', { name: 'Resumen del perfil' })).toBeInTheDocument()
    expect(xhr.requests).toHaveLength(0)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(urls.at(-1))
  })
})
