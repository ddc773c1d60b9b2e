/** /api/catalog against the contract: the role catalogue before sign-in, locations, services and providers. */
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogCalls } from '../../domain/contract/catalog'
import { TEST_CLIENT_TOKEN, useTestApp } from '../server/helpers/testApp'
import { catalogAndSignIn, createProvider, type LocationCatalog } from '../server/helpers/fixtures'
import { CallLog, expectRefusal, request, requestAccepted } from './contractCall'

describe('/api/catalog answers what the app accepts', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let headers: Record<string, string>
  const log = new CallLog(catalogCalls)

  beforeAll(async () => {
    ;({ catalog, headers } = await catalogAndSignIn(t, 0))
  })

  it('userRoles with the client header only', async () => {
    const roles = await requestAccepted(t.app, catalogCalls.userRoles, { headers: { authtoken: TEST_CLIENT_TOKEN } }, log)
    expect(roles).toMatchObject({ Ejecutivo: 0, Administrativo: 1, Proveedores: 3 })
  })

  it('states, municipalities and neighbourhoods, also an empty list', async () => {
    expect(await requestAccepted(t.app, catalogCalls.states, { headers }, log)).not.toEqual([])
    const municipalities = await requestAccepted(t.app, catalogCalls.municipalities, { params: { stateId: catalog.yucatan }, headers }, log)
    expect(municipalities.map((m) => m.id)).toContain(catalog.merida)
    const neighbourhoods = await requestAccepted(t.app, catalogCalls.neighbourhoods, { params: { id: catalog.merida }, headers }, log)
    expect(neighbourhoods.find((n) => n.id === catalog.centroMerida)?.codigoPostal).toBe('97000')
    expect(await requestAccepted(t.app, catalogCalls.neighbourhoods, { params: { id: catalog.abala }, headers }, log)).toEqual([])
  })

  it('services and the active providers of a service', async () => {
    const services = await requestAccepted(t.app, catalogCalls.services, { headers }, log)
    expect(services.map((s) => s.tipo).sort()).toEqual([0, 1])
    const { provider } = await createProvider(t.db, { servicioId: catalog.medicalServiceId })
    const providers = await requestAccepted(t.app, catalogCalls.providersOfService, { params: { servicio: catalog.medicalServiceId }, headers }, log)
    expect(providers).toContainEqual({ idProveedor: provider.idProveedor, nombreProveedor: provider.nombreProveedor })
  })

  it('a refused id is the error envelope', async () => {
    expectRefusal(await request(t.app, catalogCalls.municipalities, { params: { stateId: 'abc' }, headers }), 400)
  })

  it('leaves no call of the group untested', () => {
    expect(log.missing()).toEqual([])
  })
})
