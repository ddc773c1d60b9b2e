/**
 * /api/user against the contract: the lists, the session record (a user's and a collaborator's), the collaborator
 * prefill (with and without its optional data), a provider's record (medical and non-medical, so both sets of nulls),
 * a user's record (an executive's and a provider's) and both edits answer what the app's generated structs accept.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { userCalls } from '../../domain/contract/users'
import { collaborators } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { useTestApp } from '../server/helpers/testApp'
import {
  authHeaders,
  catalogAndSignIn,
  createClaim,
  createCollaboratorWithCoverage,
  createProvider,
  createUser,
  type LocationCatalog,
  sessionOf,
} from '../server/helpers/fixtures'
import { CallLog, expectRefusal, request, requestAccepted } from './contractCall'

describe('/api/user answers what the app accepts', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let adminHeaders: Record<string, string>
  const log = new CallLog(userCalls)
  const headersOf = (session: Session) => authHeaders(t.app, session)

  beforeAll(async () => {
    ;({ catalog, headers: adminHeaders } = await catalogAndSignIn(t, 1))
  })

  it('the executives and providers lists, with a search', async () => {
    await createUser(t.db, 0, { nombre: 'Contrato', fotoKey: 'x.png' })
    await createProvider(t.db, { nombreProveedor: 'Contrato Médico' })
    await createProvider(t.db, { nombreProveedor: 'Contrato Traslados', tipo: 0, servicioId: catalog.nonMedicalServiceId })
    const executives = await requestAccepted(t.app, userCalls.executives, { headers: adminHeaders }, log)
    expect(executives.total).toBeGreaterThan(0)
    const providers = await requestAccepted(t.app, userCalls.providers, { query: { q: 'Contrato', page: 1, pageSize: 5 }, headers: adminHeaders }, log)
    expect(providers).toMatchObject({ total: 2, page: 1, pageSize: 5 })
  })

  it("me: a user's and a collaborator's session record", async () => {
    const executive = await createUser(t.db, 0)
    expect(await requestAccepted(t.app, userCalls.me, { headers: await headersOf(sessionOf(executive)) }, log)).toMatchObject({
      idUser: executive.idUser,
      rol: '0',
    })
    const { claim } = await createClaim(t.db, { idEjecutivo: executive.idUser })
    const collaborator: Session = { kind: 'collaborator', idColaborador: claim.idColaborador, idEvento: claim.idEvento, rol: 2 }
    expect(await requestAccepted(t.app, userCalls.me, { headers: await headersOf(collaborator) }, log)).toMatchObject({
      idUser: 0,
      userType: 'Colaborador',
    })
  })

  it('collaborator: the prefill with its data, and one without age, gender or place', async () => {
    const { idColaborador } = await createCollaboratorWithCoverage(t.db)
    expect(await requestAccepted(t.app, userCalls.collaborator, { params: { idColaborador }, headers: adminHeaders }, log)).toMatchObject({
      idColaborador,
      edad: 34,
    })
    await t.db.insert(collaborators).values({ idColaborador: 80_000_001, nombre: 'Sin Datos' })
    expect(
      await requestAccepted(t.app, userCalls.collaborator, { params: { idColaborador: 80_000_001 }, headers: adminHeaders }, log),
    ).toMatchObject({ edad: null, genero: null, estado: null, ciudad: null })
    expectRefusal(await request(t.app, userCalls.collaborator, { params: { idColaborador: 80_000_002 }, headers: adminHeaders }), 404)
  })

  it("provider and user: a provider's record with its account, and the records of an executive and a provider", async () => {
    const medical = await createProvider(t.db)
    const nonMedical = await createProvider(t.db, { tipo: 0, servicioId: catalog.nonMedicalServiceId, contrato: 1, contratoYear: 2025, contratoEstatus: 1 })
    for (const { provider } of [medical, nonMedical]) {
      const [record] = await requestAccepted(t.app, userCalls.provider, { params: { idProveedor: provider.idProveedor }, headers: adminHeaders }, log)
      expect(record).toMatchObject({ idProveedor: provider.idProveedor, rol: '3' })
    }
    const executive = await createUser(t.db, 0)
    const [own] = await requestAccepted(t.app, userCalls.user, { params: { id: executive.idUser }, headers: await headersOf(sessionOf(executive)) }, log)
    expect(own).toMatchObject({ idUser: executive.idUser, foto: null })
    expect(own).not.toHaveProperty('idProveedor')
    const [provider] = await requestAccepted(t.app, userCalls.user, { params: { id: medical.user.idUser }, headers: adminHeaders }, log)
    expect(provider).toMatchObject({ idUser: medical.user.idUser, idProveedor: medical.provider.idProveedor })
  })

  it('updateExecutive and updateProvider answer the edited account', async () => {
    const executive = await createUser(t.db, 0)
    const edited = await requestAccepted(
      t.app,
      userCalls.updateExecutive,
      {
        body: {
          ubicacion: executive.ubicacionLaboral,
          phone: executive.telefono,
          active: 0,
          idUsuario: executive.idUser,
          nombre: 'Otra Ejecutiva',
          email: executive.email,
        },
        headers: adminHeaders,
      },
      log,
    )
    expect(edited).toEqual({ idUsuario: executive.idUser })

    const { user, provider } = await createProvider(t.db, { estadoId: catalog.stateId, municipioId: catalog.municipalityId, coloniaId: catalog.neighbourhoodId })
    const body = {
      tipo: 1,
      nombreProveedor: 'Clínica Editada',
      activo: 0,
      nivel: 'Segundo nivel',
      tipoEspecialidad: 'Médica',
      especialidad: 'Cardiología',
      costoNormal: 900,
      estudio: 'Electrocardiograma',
      servicio: catalog.medicalServiceId,
      estado: provider.estadoId,
      municipio: provider.municipioId,
      colonia: provider.coloniaId,
      calle: 'Av. Obregón',
      numeroExterior: 120,
      codigoPostal: 80000,
      telefono1: '6677654321',
      horarios: 'L-V 9:00-18:00',
      email: provider.email,
      observaciones: 'Culiacán',
      idUsuario: user.idUser,
    }
    expect(await requestAccepted(t.app, userCalls.updateProvider, { body, headers: adminHeaders }, log)).toEqual({ idUsuario: user.idUser })
  })

  it('leaves no call of the group untested', () => {
    expect(log.missing()).toEqual([])
  })
})
