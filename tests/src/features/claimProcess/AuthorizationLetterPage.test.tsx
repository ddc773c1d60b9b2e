/**
 * Authorization letter and dictamen (spec 2.11 'Authorization letter', 3, 4 'Save button' and 'Dictamination',
 * 5 'Letter form' and 'Dictamination'): the six sections, read-only against editable fields, catalogues, the
 * Guardar states (base, loading, ok, the 300 ms indicator, back to base on edit), and the dictamen upload (PDF and
 * status required, attach then save, the claim read again), plus the read-only partner variant.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DictaminationSaved } from '../../../../domain/contract/files'
import { fail, type FakeAnswer, type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import { ID, PAGE, claimRecord, installClaimApi, openAs, requestsTo, type Area } from './fixtures'
import { chooseOption } from '../../helpers/arkSelect'

const dictamen = vi.hoisted(() => ({ fn: vi.fn() }))
// Only the transport is faked: like the real call, a saved dictamen drops the claim's cached reads.
vi.mock('../../../../src/api/files', async (importOriginal) => {
  const { changesClaim } = await import('../../../../src/api/serverState')
  return {
    ...(await importOriginal<typeof import('../../../../src/api/files')>()),
    addDictamination: (input: { idEvento: number }, options: unknown) => changesClaim(input.idEvento, dictamen.fn(input, options)),
  }
})

let api: FakeApi | undefined
let resolveDictamen: ((saved: DictaminationSaved) => void) | undefined
beforeEach(() => {
  dictamen.fn.mockReset()
  dictamen.fn.mockImplementation(() => new Promise((resolve) => (resolveDictamen = resolve)))
})
afterEach(() => {
  closeViews()
  api?.restore()
  vi.useRealTimers()
})

const AT_LETTER = { statusId: 6, value: 'Carta autorización' }

function open(area: Area, options: Parameters<typeof installClaimApi>[0] = {}) {
  api = installClaimApi({ claim: AT_LETTER, ...options })
  return openAs(area, PAGE.letter(area))
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const saveButton = () => screen.getByRole('button', { name: /^(Guardar|Guardando…|Guardado)$/ })
const dictamenSave = () => screen.getByRole('button', { name: /Guardar dictamen|Guardando dictamen…/ })
const dictamenCard = () => screen.getByRole('heading', { name: 'Carga de dictamen' }).closest('section') as HTMLElement
const pdf = (name = 'dictamen_medico.pdf', content = '%PDF-1.4 dictamen') => new File([content], name, { type: 'application/pdf' })

async function loaded() {
  await screen.findByLabelText('Nombre del médico')
}

describe('sections and fields', () => {
  it('has the sections Proveedor, Afiliado, Servicio, Dictamen, Honorarios médicos and Extra', async () => {
    open('executive')
    await loaded()
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings).toEqual(['Proveedor', 'Afiliado', 'Servicio', 'Dictamen', 'Honorarios médicos', 'Extra'])
  })

  it('shows provider, affiliate, dictamen result and sum read-only, and the rest editable', async () => {
    open('executive', { letter: { dictaminacion: 1 } })
    await loaded()
    for (const [label, value] of [
      ['Nombre del proveedor', 'Centro de Diagnóstico Roma'],
      ['Laboratorio / servicio', 'Estudios de imagen'],
      ['Nombre del afiliado', 'Héctor Beltrán Flores'],
      ['Número de colaborador', '91997471'],
      ['Edad', '34'],
      ['Género', 'Masculino'],
      ['Estado', 'Ciudad de México'],
      ['Ciudad', 'Benito Juárez'],
      ['Resultado del dictamen', 'Aprobado'],
      ['Suma autorizada', '$8,100.00'],
    ]) {
      expect(field(label!)).toHaveValue(value)
      expect(field(label!)).toHaveAttribute('readonly')
    }
    for (const label of ['Nombre del médico', 'Diagnóstico', 'Observaciones (opcional)', 'Deducible hospitalario', 'Coaseguro', 'Especialidad del médico', 'Procedimiento', 'Monto', 'Honorarios']) {
      expect(field(label)).toBeEnabled()
      expect(field(label)).not.toHaveAttribute('readonly')
    }
    expect(field('Nombre del médico')).toHaveValue('Dr. Juan Hernández')
    expect(screen.getByRole('textbox', { name: 'Fecha de ingreso' })).toHaveValue('2026-11-10')
    expect(screen.getByRole('textbox', { name: 'Límite de facturación' })).toHaveValue('2026-12-31')
  })

  it('offers the catalogues of spec section 5', async () => {
    open('executive')
    await loaded()
    const user = userEvent.setup()
    const optionsOf = async (label: string) => {
      await user.click(screen.getByRole('combobox', { name: label }))
      const names = (await screen.findAllByRole('option')).map((o) => o.textContent)
      await user.keyboard('{Escape}')
      return names
    }
    expect(await optionsOf('Tipo de servicio')).toEqual(['INICIAL', 'SUBSECUENTE'])
    expect(await optionsOf('Tipo de atención')).toEqual(['Urgencia', 'Hospitalización', 'Programada'])
    expect(await optionsOf('Tipo de atención 2')).toEqual([
      'Atención médica',
      'Hospitalización quirúrgica',
      'Rehabilitación',
      'Paraclínicos y Estudios de Gabinete',
    ])
    expect(await optionsOf('Tipo de padecimiento')).toEqual(['Enfermedad', 'Accidente', 'Congénito', 'Adquirido', 'Agudo', 'Crónico'])
  })
})

describe('Guardar', () => {
  it('is disabled while a required field is empty, naming the fields, and enabled once complete', async () => {
    open('executive', { letter: { diagnostico: null, medicoMonto: null } })
    await loaded()
    const user = userEvent.setup()
    expect(saveButton()).toBeDisabled()
    expect(screen.getByText('Existen omisiones o errores en los siguientes campos. Diagnóstico, Monto')).toBeInTheDocument()
    await user.type(field('Diagnóstico'), 'Apendicitis')
    await user.type(field('Monto'), 'mil')
    expect(saveButton()).toBeDisabled()
    expect(field('Monto')).toHaveAccessibleErrorMessage('El valor ingresado debe de ser un número')
    await user.clear(field('Monto'))
    await user.type(field('Monto'), '4500')
    expect(saveButton()).toBeEnabled()
  })

  it('goes base → loading → ok with the 300 ms saved indicator, and back to base on an edit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let answer: ((value: FakeAnswer) => void) | undefined
    open('admin', {
      routes: { 'PUT /api/event/update': () => new Promise<FakeAnswer>((resolve) => (answer = resolve)) },
    })
    await loaded()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.clear(field('Diagnóstico'))
    await user.type(field('Diagnóstico'), 'Apendicitis complicada')
    await chooseOption(user, 'Tipo de atención', 'Urgencia')
    expect(saveButton()).toHaveTextContent('Guardar')
    await user.click(saveButton())
    await waitFor(() => expect(saveButton()).toHaveTextContent('Guardando…'))
    expect(saveButton()).toHaveAttribute('aria-busy', 'true')
    expect(field('Diagnóstico')).toBeDisabled()
    const body = requestsTo(api!, 'PUT', '/api/event/update')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({
      idEvento: ID,
      diagnostico: 'Apendicitis complicada',
      tipoAtencion: 1,
      tipoServicio: 1,
      deducibleHospital: 500,
      medicoHonorariosAsegurado: 1200.5,
      observaciones: null,
      fechaIngreso: '2026-11-10',
    })
    await act(async () => answer!(ok({ idEvento: ID, statusId: 6 })))
    await waitFor(() => expect(saveButton()).toHaveTextContent('Guardado'))
    expect(screen.getByText('Carta guardada')).toBeInTheDocument()
    expect(saveButton()).toBeDisabled()
    act(() => void vi.advanceTimersByTime(310))
    await waitFor(() => expect(screen.queryByText('Carta guardada')).not.toBeInTheDocument())
    expect(saveButton()).toHaveTextContent('Guardado')
    await user.type(field('Observaciones (opcional)'), 'Sin complicaciones')
    expect(saveButton()).toHaveTextContent('Guardar')
    expect(saveButton()).toBeEnabled()
  })

  it("shows the server's reason when saving fails and returns to base", async () => {
    open('executive', { routes: { 'PUT /api/event/update': () => fail(409, 'El trámite no admite cambios en la carta') } })
    await loaded()
    const user = userEvent.setup()
    await user.click(saveButton())
    expect(await screen.findByText('El trámite no admite cambios en la carta')).toBeInTheDocument()
    expect(saveButton()).toHaveTextContent('Guardar')
    expect(saveButton()).toBeEnabled()
  })
})

describe('offered only where the lifecycle accepts it', () => {
  it("a concluded claim shows the letter read-only with 'Trámite concluido: solo lectura' and no Guardar", async () => {
    open('executive', { claim: { statusId: 8, value: 'Trámite concluido' } })
    await loaded()
    expect(screen.getByText('Trámite concluido: solo lectura')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Guardar|Guardando…|Guardado)$/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Guardar dictamen' })).not.toBeInTheDocument()
    expect(field('Nombre del médico')).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Tipo de servicio' })).toBeDisabled()
  })
})

describe('dictamen', () => {
  it("'Cancelar' in the confirmation sends nothing and keeps the choice", async () => {
    open('admin')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf())
    await chooseOption(user, 'Estatus del dictamen', 'Aprobado')
    await user.click(dictamenSave())
    const confirm = await screen.findByRole('alertdialog', { name: '¿Guardar el dictamen?' })
    expect(confirm).toHaveTextContent('El dictamen aprobado pasa el trámite a «Facturación». No se podrá registrar otro dictamen.')
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(dictamen.fn).not.toHaveBeenCalled()
    expect(dictamenSave()).toBeEnabled()
  })

  it('enables Guardar dictamen only with a PDF and a status', async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    expect(dictamenSave()).toBeDisabled()
    expect(screen.getByText('Seleccione un archivo PDF y un estatus.')).toBeInTheDocument()
    await chooseOption(user, 'Estatus del dictamen', 'Aprobado')
    expect(dictamenSave()).toBeDisabled()
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf())
    expect(await screen.findByText('Archivo seleccionado: dictamen_m.pdf')).toBeInTheDocument()
    expect(dictamenSave()).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Quitar archivo' }))
    expect(dictamenSave()).toBeDisabled()
  })

  it("refuses a non-PDF with 'Error: Se requiere un archivo PDF'", async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    await userEvent.setup({ applyAccept: false }).upload(
      within(dictamenCard()).getByTestId('file-input'),
      new File(['x'], 'dictamen.docx', { type: 'application/msword' }),
    )
    expect(await within(dictamenCard()).findByText('Error: Se requiere un archivo PDF')).toBeInTheDocument()
  })

  it('attaches the file, saves it with the status, then reads the dictamen and the claim again', async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf())
    await chooseOption(user, 'Estatus del dictamen', 'Rechazado')
    await screen.findByText('Archivo seleccionado: dictamen_m.pdf')
    const claimReads = requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length
    await user.click(dictamenSave())
    // A rejected dictamen ends the claim: nothing is sent before the confirmation.
    const confirm = await screen.findByRole('alertdialog', { name: '¿Guardar el dictamen?' })
    expect(confirm).toHaveTextContent('El dictamen rechazado concluye el trámite como «Trámite rechazado». Esta acción no se puede deshacer.')
    expect(dictamen.fn).not.toHaveBeenCalled()
    await user.click(within(confirm).getByRole('button', { name: 'Guardar dictamen' }))
    await waitFor(() => expect(dictamen.fn).toHaveBeenCalledTimes(1))
    expect(dictamen.fn.mock.calls[0]![0]).toMatchObject({ idEvento: ID, dictaminacion: 0, fileName: 'dictamen_medico.pdf' })
    expect(dictamenSave()).toHaveTextContent('Guardando dictamen…')
    api!.on(`GET /api/file/get-dictamination/${ID}`, () =>
      ok({ nombre: 'dictamen_medico.pdf', url: `/api/file/download/dictamination/${ID}`, comentario: null, dictaminacion: '0' }),
    )
    api!.on(`GET /api/event/by-id/${ID}`, () => ok(claimRecord({ statusId: 10, value: 'Trámite rechazado' })))
    const saved: DictaminationSaved = {
      dictamination: { nombre: 'dictamen_medico.pdf', url: `/api/file/download/dictamination/${ID}`, comentario: null, dictaminacion: '0' },
      statusId: 10,
    }
    await act(async () => resolveDictamen!(saved))
    await waitFor(() => expect(requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length).toBe(claimReads + 1))
    expect(await screen.findByText('Etapa actual: Trámite rechazado')).toBeInTheDocument()
    expect(within(dictamenCard()).getByText('Rechazado')).toBeInTheDocument()
    // The letter's 'Resultado del dictamen' follows at once, without reloading the page.
    expect(field('Resultado del dictamen').value).toBe('Rechazado')
    // A concluded dictamen is not offered again.
    expect(screen.queryByRole('button', { name: 'Guardar dictamen' })).not.toBeInTheDocument()
  })

  it("shows the PDF's bytes sent of the total while it sends, and 'Cancelar carga' stops it with the choice kept (issue 22)", async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf())
    await chooseOption(user, 'Estatus del dictamen', 'Aprobado')
    await user.click(dictamenSave())
    const confirm = await screen.findByRole('alertdialog', { name: '¿Guardar el dictamen?' })
    await user.click(within(confirm).getByRole('button', { name: 'Guardar dictamen' }))
    await waitFor(() => expect(dictamen.fn).toHaveBeenCalledTimes(1))
    const options = dictamen.fn.mock.calls[0]![1] as { signal: AbortSignal; onProgress: (progress: { loaded: number; total: number }) => void }
    const MB = 1024 * 1024
    await act(async () => options.onProgress({ loaded: 0.9 * MB, total: 3 * MB }))
    const card = within(dictamenCard())
    expect(card.getByRole('progressbar', { name: 'Enviando dictamen_m.pdf' })).toHaveAttribute('aria-valuenow', '30')
    expect(card.getByText('0.9 de 3.0 MB')).toBeInTheDocument()
    expect(card.getByText('Dictamen: 25 % enviado')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Cancelar carga' }))
    expect(options.signal.aborted).toBe(true)
    expect(await card.findByRole('button', { name: 'Guardar dictamen' })).toBeEnabled()
    expect(card.queryByRole('progressbar')).toBeNull()
    expect(card.getByText('Archivo seleccionado: dictamen_m.pdf')).toBeInTheDocument()
  })

  it('refuses a file named .pdf whose content is not a PDF, before anything is sent', async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    // The picker lets it through by its name; the machine reads its first bytes.
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf('falso.pdf', 'texto'))
    expect(await within(dictamenCard()).findByText('Error: Se requiere un archivo PDF')).toBeInTheDocument()
    expect(dictamen.fn).not.toHaveBeenCalled()
  })

  it('shows the saved dictamen with its download and no upload outside Carta autorización', async () => {
    open('executive', {
      claim: { statusId: 7, value: 'Facturación' },
      dictamination: { nombre: 'dictamen.pdf', url: `/api/file/download/dictamination/${ID}`, comentario: null, dictaminacion: '1' },
    })
    await loaded()
    expect(await within(dictamenCard()).findByText('Aprobado')).toBeInTheDocument()
    expect(within(dictamenCard()).getByRole('button', { name: 'Descargar dictamen.pdf' })).toBeInTheDocument()
    expect(within(dictamenCard()).queryByTestId('file-input')).not.toBeInTheDocument()
  })
})

describe('retail partner (read-only)', () => {
  it('disables every field and has no Guardar and no dictamen upload', async () => {
    open('partner')
    await loaded()
    expect(field('Nombre del médico')).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Tipo de servicio' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Fecha de ingreso' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument()
    await within(dictamenCard()).findByText('Sin dictamen')
    expect(within(dictamenCard()).queryByTestId('file-input')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Guardar dictamen' })).not.toBeInTheDocument()
  })
})

describe('documents in the viewer', () => {
  it('the saved dictamen and the letter PDF open in the viewer once the dictamen is approved', async () => {
    open('partner', {
      claim: { statusId: 7, value: 'Facturación' },
      dictamination: { nombre: 'dictamen.pdf', url: `/api/file/download/dictamination/${ID}`, comentario: null, dictaminacion: '1' },
    })
    await loaded()
    const user = userEvent.setup()
    await within(dictamenCard()).findByText('Aprobado')
    await user.click(within(dictamenCard()).getByRole('button', { name: 'Ver documento: Dictamen' }))
    let dialog = await screen.findByRole('dialog', { name: 'Dictamen' })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Ver carta autorización' }))
    dialog = await screen.findByRole('dialog', { name: `Carta autorización C${ID}` })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    expect(requestsTo(api!, 'GET', `/api/event/letter-pdf/${ID}`)).toHaveLength(1)
  })

  it('the letter PDF is not offered before the dictamen is approved', async () => {
    open('executive')
    await loaded()
    expect(screen.queryByRole('button', { name: 'Descargar carta autorización' })).not.toBeInTheDocument()
  })

  it('the chosen dictamen file can be looked at before it is saved', async () => {
    open('executive')
    await loaded()
    await within(dictamenCard()).findByText('Sin dictamen')
    const user = userEvent.setup()
    await user.upload(within(dictamenCard()).getByTestId('file-input'), pdf())
    await user.click(await within(dictamenCard()).findByRole('button', { name: 'Ver documento: Dictamen por guardar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dictamen por guardar' })
    expect(await within(dialog).findByText('Página uno')).toBeInTheDocument()
    expect(dictamen.fn).not.toHaveBeenCalled()
  })
})
