/**
 * Assign provider (spec 2.11 'Assign provider', 5 'Assign provider', 7, 8): service → provider → Confirmar,
 * 'Error al asignar proveedor' on failure, back to the general data on success.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import { ALL_VERIFIED, ID, PAGE, installClaimApi, openAs, requestsTo, type Area } from './fixtures'
import { chooseOption } from '../../helpers/arkSelect'

let api: FakeApi | undefined
afterEach(() => {
  closeViews()
  api?.restore()
})

function open(area: Area, options: Parameters<typeof installClaimApi>[0] = {}, path = PAGE.assign(area)) {
  api = installClaimApi({ claim: { statusId: 5, value: 'Asignación de proveedor' }, docs: ALL_VERIFIED, ...options })
  return openAs(area, path)
}

const confirm = () => screen.getByRole('button', { name: 'Confirmar' })
const serviceSelect = () => screen.getByRole('combobox', { name: 'Servicio' })
const providerSelect = () => screen.getByRole('combobox', { name: 'Proveedor' })

describe('assign provider', () => {
  it('enables the provider after a service and Confirmar after a provider', async () => {
    open('executive')
    await screen.findByRole('combobox', { name: 'Servicio' })
    const user = userEvent.setup()
    expect(confirm()).toBeDisabled()
    expect(providerSelect()).toBeDisabled()
    await chooseOption(user, serviceSelect(), 'Estudios de imagen')
    await waitFor(() => expect(providerSelect()).toBeEnabled())
    expect(confirm()).toBeDisabled()
    await user.click(providerSelect())
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Centro de Diagnóstico Roma', 'Imagenología del Norte'])
    await user.click(screen.getByRole('option', { name: 'Imagenología del Norte' }))
    expect(confirm()).toBeEnabled()
  })

  it('a new service clears the chosen provider', async () => {
    open('executive')
    await screen.findByRole('combobox', { name: 'Servicio' })
    const user = userEvent.setup()
    await chooseOption(user, serviceSelect(), 'Estudios de imagen')
    await waitFor(() => expect(providerSelect()).toBeEnabled())
    await chooseOption(user, providerSelect(), 'Imagenología del Norte')
    await chooseOption(user, serviceSelect(), 'Consulta médica')
    await waitFor(() => expect(providerSelect()).toBeEnabled())
    expect(providerSelect()).toHaveTextContent('Seleccionar una opción')
    expect(confirm()).toBeDisabled()
  })

  it('sends provider, claim and acting user, then returns to the general data', async () => {
    const view = open('admin', {
      routes: { 'PUT /api/event/assign-provider': () => ok({ idEvento: ID, idProveedor: 9, servicio: 4, statusId: 6 }) },
    })
    await screen.findByRole('combobox', { name: 'Servicio' })
    const user = userEvent.setup()
    await chooseOption(user, serviceSelect(), 'Estudios de imagen')
    await waitFor(() => expect(providerSelect()).toBeEnabled())
    await chooseOption(user, providerSelect(), 'Imagenología del Norte')
    await user.click(confirm())
    await waitFor(() => expect(view.pathname()).toBe(PAGE.general('admin')))
    expect(requestsTo(api!, 'PUT', '/api/event/assign-provider')[0]!.body).toEqual({ idEvento: ID, idProveedor: 9, idEjecutivo: 1 })
  })

  it("shows 'Error al asignar proveedor' when the assignment fails and stays", async () => {
    const view = open('executive', {
      routes: { 'PUT /api/event/assign-provider': () => fail(409, 'El proveedor está inactivo') },
    })
    await screen.findByRole('combobox', { name: 'Servicio' })
    const user = userEvent.setup()
    await chooseOption(user, serviceSelect(), 'Consulta médica')
    await waitFor(() => expect(providerSelect()).toBeEnabled())
    await chooseOption(user, providerSelect(), 'Clínica Médica Del Valle')
    await user.click(confirm())
    expect(await screen.findByText('Error al asignar proveedor')).toBeInTheDocument()
    expect(view.pathname()).toBe(PAGE.assign())
    expect(confirm()).toBeEnabled()
  })

  it("a failed catalogue load shows 'Error' and 'Reintentar'", async () => {
    let calls = 0
    open('executive', {
      routes: { 'GET /api/catalog/services': () => (++calls === 1 ? fail(500, 'Error interno') : ok([{ id: 1, nombre: 'Consulta médica', tipo: 1 }])) },
    })
    expect(await screen.findByText('Error')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('combobox', { name: 'Servicio' })).toBeInTheDocument()
  })

  it('Cancelar goes back to the general data; the executive /mis-tramites/asignar-proveedor route works too', async () => {
    const view = open('executive', {}, `/mis-tramites/asignar-proveedor/${ID}`)
    await screen.findByRole('combobox', { name: 'Servicio' })
    await userEvent.setup().click(screen.getByRole('link', { name: 'Cancelar' }))
    await waitFor(() => expect(view.pathname()).toBe(PAGE.general()))
  })
})
