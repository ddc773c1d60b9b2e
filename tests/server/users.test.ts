/**
 * /api/user: the executives and providers lists (search, pages), single records (no password hash, provider
 * fields for providers, only one's own for non-administrators), the collaborator prefill, the session record,
 * and the edits: a password change or a deactivation ends the user's tokens and sign-in; nothing is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { buildTestApp, TEST_CLIENT_TOKEN, type TestApp } from './helpers/testApp'
import {
  authHeaders,
  createClaim,
  createCollaboratorWithCoverage,
  createLocationCatalog,
  createProvider,
  createUser,
  providerSignupBody,
  sessionOf,
  TEST_PASSWORD,
} from './helpers/fixtures'
import { providers, users } from '../../server/db/schema'
import { verifyPassword } from '../../server/auth/passwords'
import type { Session } from '../../server/auth/roles'

let ip = 0
const freshIp = () => `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`

describe('user administration routes', () => {
  let t: TestApp
  let admin: typeof users.$inferSelect
  let adminHeaders: Record<string, string>
  let catalog: Awaited<ReturnType<typeof createLocationCatalog>>

  beforeAll(async () => {
    t = await buildTestApp()
    catalog = await createLocationCatalog(t.db)
    admin = await createUser(t.db, 1)
    adminHeaders = await authHeaders(t.app, sessionOf(admin))
  })
  afterAll(async () => t.close())

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, payload })
    return { status: res.statusCode, body: res.json() }
  }
  const login = (email: string, password: string, role: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authtoken: TEST_CLIENT_TOKEN },
      payload: { email, password, role },
      remoteAddress: freshIp(),
    })
  const headersOf = (session: Session) => authHeaders(t.app, session)
  const rowOf = async (idUser: number) => (await t.db.select().from(users).where(eq(users.idUser, idUser)))[0]!

  describe('GET /api/user/executives', () => {
    let ana: typeof users.$inferSelect
    beforeAll(async () => {
      ana = await createUser(t.db, 0, { nombre: 'Ana', apePat: 'Zamora', apeMat: 'Luna', email: 'ana.zamora@coppel.com' })
      await createUser(t.db, 0, { nombre: 'Bruno', apePat: 'Díaz', email: 'bdiaz@bancoppel.com' })
      for (let i = 0; i < 11; i++) await createUser(t.db, 0, { nombre: `Ejecutivo Lista ${String(i).padStart(2, '0')}` })
      await createUser(t.db, 1, { nombre: 'Ana Administradora' })
    })

    it('answers the first page of 10 executives with the total, only rol 0, never a password hash', async () => {
      const { status, body } = await call('GET', '/api/user/executives', adminHeaders)
      expect(status).toBe(200)
      expect(body.response).toMatchObject({ total: 13, page: 1, pageSize: 10 })
      expect(body.response.items).toHaveLength(10)
      expect(body.response.items[0]).toEqual({
        idUser: ana.idUser,
        nombre: 'Ana',
        nombre2: '',
        apePat: 'Zamora',
        apeMAt: 'Luna',
        email: 'ana.zamora@coppel.com',
        telefono: '6671234567',
        activo: 0,
        ubicacionLaboral: 'Coorporativo Reforma',
      })
      expect(JSON.stringify(body)).not.toContain('argon2')
      const last = await call('GET', '/api/user/executives?page=2', adminHeaders)
      expect(last.body.response.items).toHaveLength(3)
    })

    it('searches the full name and the email without case, and treats % and _ as text', async () => {
      const byLastName = await call('GET', `/api/user/executives?q=${encodeURIComponent('zamora luna')}`, adminHeaders)
      expect(byLastName.body.response.items.map((e: { idUser: number }) => e.idUser)).toEqual([ana.idUser])
      const byEmail = await call('GET', '/api/user/executives?q=BDIAZ@', adminHeaders)
      expect(byEmail.body.response.items.map((e: { nombre: string }) => e.nombre)).toEqual(['Bruno'])
      const list = await call('GET', '/api/user/executives?q=lista&pageSize=5&page=3', adminHeaders)
      expect(list.body.response).toMatchObject({ total: 11, page: 3, pageSize: 5 })
      expect(list.body.response.items.map((e: { nombre: string }) => e.nombre)).toEqual(['Ejecutivo Lista 10'])
      expect((await call('GET', '/api/user/executives?q=%25', adminHeaders)).body.response.total).toBe(0)
      expect((await call('GET', '/api/user/executives?q=_', adminHeaders)).body.response.total).toBe(0)
    })

    it.each([
      ['pageSize=101', 'Tamaño de página: El valor ingresado es menor al permitido(min)'],
      ['page=0', 'Página: El valor ingresado es menor al permitido(min)'],
      ['page=uno', 'Página: El valor ingresado debe de ser un número'],
      ['rol=1', 'Campo no permitido: rol'],
      // Spec 5 words the above-maximum case like the minimum one.
      ['page=10001', 'Página: El valor ingresado es menor al permitido(min)'],
      // Within the schema's range but past the 10 000 rows a list counts and pages (docs/decisions/paged-lists.md).
      ['page=1001', 'Solo se muestran los primeros 10,000 resultados: afine la búsqueda para ver resultados más antiguos'],
    ])('refuses ?%s with 400', async (query, reason) => {
      expect(await call('GET', `/api/user/executives?${query}`, adminHeaders)).toEqual({
        status: 400,
        body: { success: false, response: null, reason },
      })
    })

    // Paging limits of domain/paging.ts, written out here so a changed constant fails.
    it('takes pages of up to 100 rows within the first 10 000 rows and search text up to 100 characters', async () => {
      const res = await call('GET', `/api/user/executives?pageSize=100&page=100&q=${'a'.repeat(100)}`, adminHeaders)
      expect(res.status).toBe(200)
      expect(res.body.response).toMatchObject({ items: [], totalCapped: false, page: 100, pageSize: 100 })
      expect((await call('GET', '/api/user/executives?pageSize=100&page=101', adminHeaders)).status).toBe(400)
      expect(await call('GET', `/api/user/executives?q=${'a'.repeat(101)}`, adminHeaders)).toEqual({
        status: 400,
        body: { success: false, response: null, reason: 'Búsqueda: El texto excede 100 caracteres' },
      })
    })
  })

  describe('GET /api/user/providers', () => {
    it('lists providers by name, searching case-sensitively as the spec describes', async () => {
      const a = await createProvider(t.db, { nombreProveedor: 'Hospital Ángeles' })
      const b = await createProvider(t.db, { nombreProveedor: 'Laboratorio Hospitalario', activo: 1, tipo: 0 })
      const { body } = await call('GET', '/api/user/providers?q=Hospital', adminHeaders)
      expect(body.response).toEqual({
        total: 2,
        totalCapped: false,
        page: 1,
        pageSize: 10,
        items: [
          { idProveedor: a.provider.idProveedor, idUsuario: a.user.idUser, nombreProveedor: 'Hospital Ángeles', activo: 0, tipo: 1, email: a.provider.email },
          { idProveedor: b.provider.idProveedor, idUsuario: b.user.idUser, nombreProveedor: 'Laboratorio Hospitalario', activo: 1, tipo: 0, email: b.provider.email },
        ],
      })
      const names = async (q: string) =>
        (await call('GET', `/api/user/providers?q=${encodeURIComponent(q)}`, adminHeaders)).body.response.items.map(
          (p: { nombreProveedor: string }) => p.nombreProveedor,
        )
      expect(await names('hospital')).toEqual([])
      expect(await names('Ángeles')).toEqual(['Hospital Ángeles'])
      expect(await names('ángeles')).toEqual([])
    })
  })

  describe('GET /api/user/:id and /api/user/provider/:idProveedor', () => {
    it('gives an administrator any user as the first element of an array, without the password hash', async () => {
      const executive = await createUser(t.db, 0, { nombre: 'Carla', fotoKey: 'abc123.jpg' })
      const { status, body } = await call('GET', `/api/user/${executive.idUser}`, adminHeaders)
      expect(status).toBe(200)
      expect(body.response).toEqual([
        {
          idUser: executive.idUser,
          nombre: 'Carla',
          nombre2: '',
          apePat: 'Prueba',
          apeMAt: '',
          email: executive.email,
          telefono: '6671234567',
          activo: 0,
          ubicacionLaboral: 'Coorporativo Reforma',
          rol: '0',
          foto: '/api/file/photo/abc123.jpg',
        },
      ])
    })

    it('adds the provider fields (ids and names) for a provider, by user id and by provider id', async () => {
      const created = await call('POST', '/api/auth/signup-provider', adminHeaders, providerSignupBody(catalog, { puntosImportantes: 'Estacionamiento' }))
      const idProveedor = created.body.response.insertId
      const [row] = await t.db.select().from(providers).where(eq(providers.idProveedor, idProveedor))
      const byUser = await call('GET', `/api/user/${row!.userId}`, adminHeaders)
      expect(byUser.body.response[0]).toMatchObject({
        idUser: row!.userId,
        rol: '3',
        idProveedor,
        idUsuario: row!.userId,
        tipo: 1,
        nivel: 'Segundo nivel',
        servicio: catalog.serviceId,
        servicioNombre: 'Consulta médica',
        estado: catalog.stateId,
        estadoNombre: 'Sinaloa',
        municipio: catalog.municipalityId,
        municipioNombre: 'Culiacán',
        colonia: catalog.neighbourhoodId,
        coloniaNombre: 'Centro',
        codigoPostal: 80000,
        numeroExterior: 120,
        costoNormal: 850.5,
        puntosImportantes: 'Estacionamiento',
        contrato: null,
      })
      expect(JSON.stringify(byUser.body)).not.toMatch(/argon2|password/i)
      const byProvider = await call('GET', `/api/user/provider/${idProveedor}`, adminHeaders)
      expect(byProvider.body.response).toEqual(byUser.body.response)
      expect((await call('GET', '/api/user/provider/987654', adminHeaders)).status).toBe(404)
    })

    it('lets a user read only their own record', async () => {
      const executive = await createUser(t.db, 0)
      const other = await createUser(t.db, 0)
      const own = await headersOf(sessionOf(executive))
      expect((await call('GET', `/api/user/${executive.idUser}`, own)).body.response[0].idUser).toBe(executive.idUser)
      expect(await call('GET', `/api/user/${other.idUser}`, own)).toEqual({
        status: 403,
        body: { success: false, response: null, reason: 'Solo puede consultar sus propios datos' },
      })
      // Not even whether an id exists.
      expect((await call('GET', '/api/user/999999', own)).status).toBe(403)
      expect((await call('GET', '/api/user/999999', adminHeaders)).status).toBe(404)
      expect((await call('GET', '/api/user/abc', adminHeaders)).status).toBe(400)
    })
  })

  describe('GET /api/user/collaborator/:idColaborador and /api/user/me', () => {
    it('prefills the new-claim form from the collaborator', async () => {
      const c = await createCollaboratorWithCoverage(t.db)
      const executiveHeaders = await headersOf(sessionOf(await createUser(t.db, 0)))
      const { status, body } = await call('GET', `/api/user/collaborator/${c.idColaborador}`, executiveHeaders)
      expect(status).toBe(200)
      expect(body.response).toEqual({
        idColaborador: c.idColaborador,
        nombre: 'María',
        nombre2: 'Elena',
        apePat: 'López',
        apeMat: 'García',
        email: `maria${c.idColaborador}@correo.com`,
        telefono: '6671112233',
        edad: 34,
        genero: 2,
        estado: c.stateId,
        ciudad: c.municipalityId,
      })
      expect(await call('GET', '/api/user/collaborator/123', executiveHeaders)).toEqual({
        status: 404,
        body: { success: false, response: null, reason: 'No se encontró el colaborador' },
      })
    })

    it('answers the session record of a user and of a collaborator', async () => {
      const executive = await createUser(t.db, 0, { nombre: 'Diana' })
      const me = await call('GET', '/api/user/me', await headersOf(sessionOf(executive)))
      expect(me.body.response).toMatchObject({ idUser: executive.idUser, nombre: 'Diana', rol: '0', userType: 'Ejecutivo' })
      const { claim } = await createClaim(t.db, { idEjecutivo: executive.idUser })
      const col = await call(
        'GET',
        '/api/user/me',
        await headersOf({ kind: 'collaborator', idColaborador: claim.idColaborador, idEvento: claim.idEvento, rol: 2 }),
      )
      expect(col.body.response).toMatchObject({ idUser: 0, rol: '2', idColaborador: claim.idColaborador, idEvento: claim.idEvento })
    })
  })

  describe('PUT /api/user/executive', () => {
    const editBody = (user: typeof users.$inferSelect, over: Record<string, unknown> = {}) => ({
      ubicacion: user.ubicacionLaboral,
      phone: user.telefono,
      active: user.activo,
      idUsuario: user.idUser,
      nombre: user.nombre,
      email: user.email,
      ...over,
    })

    it('edits the fields without a password, keeping the password and the open sessions', async () => {
      const executive = await createUser(t.db, 0)
      const own = await headersOf(sessionOf(executive))
      const res = await call(
        'PUT',
        '/api/user/executive',
        adminHeaders,
        editBody(executive, { nombre: 'Elena Ruiz', phone: '5599887766', ubicacion: 'Call Center Miguel Ocarranza', email: 'ERuiz@AFORE-coppel.com', password: '' }),
      )
      expect(res).toEqual({ status: 200, body: { success: true, response: { idUsuario: executive.idUser }, reason: '' } })
      const row = await rowOf(executive.idUser)
      expect(row).toMatchObject({
        nombre: 'Elena Ruiz',
        telefono: '5599887766',
        ubicacionLaboral: 'Call Center Miguel Ocarranza',
        email: 'eruiz@afore-coppel.com',
        tokenVersion: executive.tokenVersion,
        passwordHash: executive.passwordHash,
      })
      expect((await call('GET', `/api/user/${executive.idUser}`, own)).status).toBe(200)
    })

    it('changing the password ends the old token; the new password signs in, the old one does not', async () => {
      const executive = await createUser(t.db, 0)
      const oldToken = await headersOf(sessionOf(executive))
      const res = await call('PUT', '/api/user/executive', adminHeaders, editBody(executive, { password: 'Nueva#Clave9', confirmPassword: 'Nueva#Clave9' }))
      expect(res.status).toBe(200)
      const stale = await call('GET', `/api/user/${executive.idUser}`, oldToken)
      expect(stale.status).toBe(401)
      expect(stale.body.reason).toContain('Token inválido')
      expect(await verifyPassword((await rowOf(executive.idUser)).passwordHash, 'Nueva#Clave9')).toBe(true)
      expect((await login(executive.email, 'Nueva#Clave9', 0)).statusCode).toBe(200)
      expect((await login(executive.email, TEST_PASSWORD, 0)).statusCode).toBe(401)
    })

    it('deactivation (active = 1) ends the token and the sign-in, and keeps the row', async () => {
      const executive = await createUser(t.db, 0)
      const token = await headersOf(sessionOf(executive))
      expect((await call('GET', '/api/user/me', token)).status).toBe(200)
      expect((await call('PUT', '/api/user/executive', adminHeaders, editBody(executive, { active: 1 }))).status).toBe(200)
      const after = await call('GET', '/api/user/me', token)
      expect(after.status).toBe(401)
      expect(after.body.reason).toContain('Token inválido')
      expect((await login(executive.email, TEST_PASSWORD, 0)).statusCode).toBe(401)
      const row = await rowOf(executive.idUser)
      expect(row).toMatchObject({ activo: 1, tokenVersion: executive.tokenVersion + 1 })
      // reactivating does not bring the old token back, but signing in works again
      expect((await call('PUT', '/api/user/executive', adminHeaders, editBody(executive, { active: 0 }))).status).toBe(200)
      expect((await call('GET', '/api/user/me', token)).status).toBe(401)
      expect((await login(executive.email, TEST_PASSWORD, 0)).statusCode).toBe(200)
    })

    it('has no delete route: an executive can never be hard-deleted', async () => {
      const executive = await createUser(t.db, 0)
      const res = await call('DELETE', `/api/user/${executive.idUser}`, adminHeaders)
      expect(res.status).toBe(404)
      expect(await rowOf(executive.idUser)).toBeTruthy()
    })

    it.each([
      ['a weak password', { password: 'corta' }, 400, 'Contraseña: La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres'],
      ['a confirmation that differs', { password: 'Nueva#Clave9', confirmPassword: 'Nueva#Clave8' }, 400, 'Confirmar contraseña: Las contraseñas no coinciden'],
      ['an external email', { email: 'ana@hotmail.com' }, 400, 'Correo electrónico: El correo solo puede ser de los dominios coppel.com, bancoppel.com, afore-coppel.com'],
      ['a missing active', { active: undefined }, 400, 'Estatus: Campo requerido'],
      ['a role', { rol: 1 }, 400, 'Campo no permitido: rol'],
      ['the id of an administrator', 'admin', 404, 'No se encontró el ejecutivo'],
      ['an unknown id', { idUsuario: 999999 }, 404, 'No se encontró el ejecutivo'],
      ['the email of another user', 'taken', 409, 'Ya existe un usuario con ese correo'],
    ])('refuses %s and changes nothing', async (_name, over, status, reason) => {
      const executive = await createUser(t.db, 0)
      const other = await createUser(t.db, 0)
      const override: Record<string, unknown> =
        over === 'admin' ? { idUsuario: admin.idUser } : over === 'taken' ? { email: other.email } : (over as Record<string, unknown>)
      const before = await rowOf(executive.idUser)
      const adminBefore = await rowOf(admin.idUser)
      const res = await call('PUT', '/api/user/executive', adminHeaders, editBody(executive, { nombre: 'Cambiado', ...override }))
      expect(res).toEqual({ status, body: { success: false, response: null, reason } })
      expect(await rowOf(executive.idUser)).toEqual(before)
      expect(await rowOf(admin.idUser)).toEqual(adminBefore)
    })
  })

  describe('PUT /api/user/provider', () => {
    const createVia = async (over: Record<string, unknown> = {}) => {
      const res = await call('POST', '/api/auth/signup-provider', adminHeaders, providerSignupBody(catalog, over))
      expect(res.status).toBe(200)
      const [row] = await t.db.select().from(providers).where(eq(providers.idProveedor, res.body.response.insertId))
      return row!
    }
    const editBody = (provider: typeof providers.$inferSelect, over: Record<string, unknown> = {}) => {
      const { password: _p, ...fields } = providerSignupBody(catalog, { email: provider.email, nombreProveedor: provider.nombreProveedor })
      return { ...fields, idUsuario: provider.userId, ...over }
    }
    const snapshot = async (provider: typeof providers.$inferSelect) => ({
      provider: (await t.db.select().from(providers).where(eq(providers.idProveedor, provider.idProveedor)))[0],
      user: await rowOf(provider.userId),
    })

    it('turns a medical provider into a non-medical one with a contract, without a password, and mirrors the account', async () => {
      const provider = await createVia()
      const before = await rowOf(provider.userId)
      const res = await call(
        'PUT',
        '/api/user/provider',
        adminHeaders,
        editBody(provider, {
          tipo: 0,
          nombreProveedor: 'Traslados Mérida',
          servicio: catalog.nonMedicalServiceId,
          contrato: 1,
          contratoYear: 2026,
          contratoEstatus: 0,
          estado: catalog.yucatan,
          municipio: catalog.merida,
          colonia: catalog.centroMerida,
          telefono1: '9991234567',
          email: 'traslados@merida.mx',
        }),
      )
      expect(res.status).toBe(200)
      const { provider: row, user } = await snapshot(provider)
      expect(row).toMatchObject({
        tipo: 0,
        nombreProveedor: 'Traslados Mérida',
        servicioId: catalog.nonMedicalServiceId,
        contrato: 1,
        contratoYear: 2026,
        contratoEstatus: 0,
        nivel: null,
        especialidad: null,
        costoNormal: null,
        estadoId: catalog.yucatan,
        coloniaId: catalog.centroMerida,
        email: 'traslados@merida.mx',
      })
      expect(user).toMatchObject({ email: 'traslados@merida.mx', nombre: 'Traslados Mérida', telefono: '9991234567', rol: 3 })
      expect(user.passwordHash).toBe(before.passwordHash)
      expect(user.tokenVersion).toBe(before.tokenVersion)
    })

    it('deactivation ends the provider token and sign-in and drops it from the service list', async () => {
      const provider = await createVia()
      const user = await rowOf(provider.userId)
      const token = await headersOf(sessionOf(user))
      const listed = async () =>
        (await call('GET', `/api/catalog/providers/${catalog.serviceId}`, adminHeaders)).body.response.map((p: { idProveedor: number }) => p.idProveedor)
      expect(await listed()).toContain(provider.idProveedor)
      expect((await call('PUT', '/api/user/provider', adminHeaders, editBody(provider, { activo: 1 }))).status).toBe(200)
      expect((await call('GET', '/api/user/me', token)).status).toBe(401)
      expect((await login(provider.email, TEST_PASSWORD, 3)).statusCode).toBe(401)
      expect(await listed()).not.toContain(provider.idProveedor)
    })

    it('changes the password when one is given', async () => {
      const provider = await createVia()
      expect((await call('PUT', '/api/user/provider', adminHeaders, editBody(provider, { password: 'Otra#Clave1' }))).status).toBe(200)
      expect((await login(provider.email, 'Otra#Clave1', 3)).statusCode).toBe(200)
    })

    it.each([
      ['an unknown user', { idUsuario: 999999 }, 404, 'No se encontró el proveedor'],
      ['an executive user', 'executive', 404, 'No se encontró el proveedor'],
      ['the email of another user', 'taken', 409, 'Ya existe un usuario con ese correo'],
      ['a neighbourhood of another municipality', { colonia: 'merida' }, 400, 'La colonia, el municipio y el estado seleccionados no corresponden entre sí'],
      ['a medical provider without level', { nivel: null }, 400, 'Nivel: Campo requerido'],
      ['a weak password', { password: 'abc' }, 400, 'Contraseña: La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres'],
      ['a missing idUsuario', { idUsuario: undefined }, 400, 'Usuario: Campo requerido'],
      ['an owner field', { userId: 1 }, 400, 'Campo no permitido: userId'],
    ])('refuses %s and changes nothing', async (_name, over, status, reason) => {
      const provider = await createVia()
      const executive = await createUser(t.db, 0)
      const override: Record<string, unknown> =
        over === 'executive'
          ? { idUsuario: executive.idUser }
          : over === 'taken'
            ? { email: executive.email }
            : (over as Record<string, unknown>).colonia === 'merida'
              ? { colonia: catalog.centroMerida }
              : (over as Record<string, unknown>)
      const before = await snapshot(provider)
      const executiveBefore = await rowOf(executive.idUser)
      const res = await call('PUT', '/api/user/provider', adminHeaders, editBody(provider, { nombreProveedor: 'Cambiado', ...override }))
      expect(res).toEqual({ status, body: { success: false, response: null, reason } })
      expect(await snapshot(provider)).toEqual(before)
      expect(await rowOf(executive.idUser)).toEqual(executiveBefore)
    })
  })
})
