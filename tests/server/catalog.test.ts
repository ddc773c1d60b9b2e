/** Catalogue API: locations state → municipality → neighbourhood, services and active providers of a service. */
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from './helpers/testApp'
import { catalogAndSignIn, createProvider, type LocationCatalog } from './helpers/fixtures'

describe('catalogue routes', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let headers: Record<string, string>

  beforeAll(async () => {
    ;({ catalog, headers } = await catalogAndSignIn(t, 0))
  })

  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers })
    return { status: res.statusCode, body: res.json() }
  }

  it('lists the states sorted by name, accents sorting as in Spanish', async () => {
    const { status, body } = await get('/api/catalog/locations/estados')
    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      reason: '',
      response: [
        { id: 1, nombre: 'Aguascalientes' },
        { id: 25, nombre: 'Sinaloa' },
        { id: 31, nombre: 'Yucatán' },
      ],
    })
  })

  it('lists the municipalities of a state, sorted, and none for an unknown state', async () => {
    expect((await get(`/api/catalog/locations/municipio/${catalog.yucatan}`)).body.response).toEqual([
      { id: catalog.abala, nombre: 'Abalá' },
      { id: catalog.merida, nombre: 'Mérida' },
    ])
    expect((await get('/api/catalog/locations/municipio/99999')).body).toEqual({ success: true, response: [], reason: '' })
  })

  it('lists the neighbourhoods of a municipality with their postal codes, Álamos before Centro', async () => {
    const { body } = await get(`/api/catalog/locations/colonia/${catalog.merida}`)
    expect(body.response.map((c: { nombre: string }) => c.nombre)).toEqual(['Álamos', 'Centro', 'Zona Industrial'])
    expect(body.response[1]).toEqual({ id: catalog.centroMerida, nombre: 'Centro', codigoPostal: '97000' })
    expect((await get(`/api/catalog/locations/colonia/${catalog.abala}`)).body.response).toEqual([])
  })

  it.each([
    ['/api/catalog/locations/municipio/abc', 'Estado: El valor ingresado debe de ser un número'],
    ['/api/catalog/locations/municipio/0', 'Estado: El valor ingresado es menor al permitido(min)'],
    ['/api/catalog/locations/colonia/99999999999', 'Municipio: El valor ingresado es menor al permitido(min)'],
    ['/api/catalog/providers/1.5', 'Servicio: El valor ingresado debe de ser un número'],
  ])('refuses the id in %s with 400 "%s"', async (url, reason) => {
    expect(await get(url)).toEqual({ status: 400, body: { success: false, response: null, reason } })
  })

  it('lists the services with their type', async () => {
    const { body } = await get('/api/catalog/services')
    expect(body.response).toEqual([
      { id: catalog.nonMedicalServiceId, nombre: 'Ambulancia', tipo: 0 },
      { id: catalog.medicalServiceId, nombre: 'Consulta médica', tipo: 1 },
    ])
  })

  it('lists only the active providers of the service, by name', async () => {
    const zeta = await createProvider(t.db, { nombreProveedor: 'Zeta Hospital', servicioId: catalog.medicalServiceId })
    const alfa = await createProvider(t.db, { nombreProveedor: 'Álfa Clínica', servicioId: catalog.medicalServiceId })
    await createProvider(t.db, { nombreProveedor: 'Clínica cerrada', servicioId: catalog.medicalServiceId, activo: 1 })
    const ambulance = await createProvider(t.db, { nombreProveedor: 'Ambulancias del Norte', tipo: 0, servicioId: catalog.nonMedicalServiceId })

    expect((await get(`/api/catalog/providers/${catalog.medicalServiceId}`)).body.response).toEqual([
      { idProveedor: alfa.provider.idProveedor, nombreProveedor: 'Álfa Clínica' },
      { idProveedor: zeta.provider.idProveedor, nombreProveedor: 'Zeta Hospital' },
    ])
    expect((await get(`/api/catalog/providers/${catalog.nonMedicalServiceId}`)).body.response).toEqual([
      { idProveedor: ambulance.provider.idProveedor, nombreProveedor: 'Ambulancias del Norte' },
    ])
    expect((await get('/api/catalog/providers/424242')).body.response).toEqual([])
  })
})
