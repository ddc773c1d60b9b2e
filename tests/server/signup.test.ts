/**
 * Sign-up of executives and providers by an administrator: the happy paths (rows written, argon2id hash, rol
 * fixed by the route), the shared form rules answered with their spec texts, duplicate emails, unknown catalogue
 * ids, and that a refused request writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { buildTestApp, TEST_CLIENT_TOKEN, useTestApp } from './helpers/testApp'
import {
  authHeaders,
  catalogAndSignIn,
  createUser,
  executiveSignupBody,
  type LocationCatalog,
  providerSignupBody,
  sessionOf,
  TEST_PASSWORD,
} from './helpers/fixtures'
import { providers, users } from '../../server/db/schema'
import { verifyPassword } from '../../server/auth/passwords'

describe('sign-up routes', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let adminHeaders: Record<string, string>

  beforeAll(async () => {
    ;({ catalog, headers: adminHeaders } = await catalogAndSignIn(t, 1))
  })

  const post = (url: string, payload: unknown, headers = adminHeaders) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object })
  const counts = async () => ({
    users: (await t.db.select({ n: count() }).from(users))[0]!.n,
    providers: (await t.db.select({ n: count() }).from(providers))[0]!.n,
  })

  describe('POST /api/auth/signup-executive', () => {
    it('creates an active executive with rol 0, a lower-case email and an argon2id hash, and the executive can sign in', async () => {
      const body = executiveSignupBody({ email: 'Nueva.Ejecutiva@Coppel.com', nombre: '  Nueva Ejecutiva ' })
      const res = await post('/api/auth/signup-executive', body)
      expect(res.statusCode).toBe(200)
      const { idUser } = res.json().response
      expect(res.json()).toEqual({ success: true, response: { idUser: expect.any(Number) }, reason: '' })
      const [row] = await t.db.select().from(users).where(eq(users.idUser, idUser))
      expect(row).toMatchObject({
        rol: 0,
        email: 'nueva.ejecutiva@coppel.com',
        nombre: 'Nueva Ejecutiva',
        telefono: '5512345678',
        activo: 0,
        ubicacionLaboral: 'Call Center Revolución',
      })
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
      expect(await verifyPassword(row!.passwordHash, TEST_PASSWORD)).toBe(true)

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authtoken: TEST_CLIENT_TOKEN },
        payload: { email: 'nueva.ejecutiva@coppel.com', password: TEST_PASSWORD, role: 0 },
        remoteAddress: '10.9.0.1',
      })
      expect(login.statusCode).toBe(200)
      expect(login.json().response.user.idUser).toBe(idUser)
    })

    it('answers 409 for an email that already exists, in any case, and writes nothing', async () => {
      const first = executiveSignupBody()
      expect((await post('/api/auth/signup-executive', first)).statusCode).toBe(200)
      const before = await counts()
      const res = await post('/api/auth/signup-executive', executiveSignupBody({ email: first.email.toUpperCase() }))
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ success: false, response: null, reason: 'Ya existe un usuario con ese correo' })
      expect(await counts()).toEqual(before)
    })

    it.each([
      [{ email: 'ana@gmail.com' }, 'Correo electrónico: El correo solo puede ser de los dominios coppel.com, bancoppel.com, afore-coppel.com'],
      [{ email: 'ana@' }, 'Correo electrónico: Correo inválido'],
      [{ password: 'abcdefgh' }, 'Contraseña: La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial'],
      [{ confirmPassword: 'Otra#2026' }, 'Confirmar contraseña: Las contraseñas no coinciden'],
      [{ phone: '55-1234' }, 'Teléfono: Valor inválido'],
      [{ phone: '551234567890' }, 'Teléfono: Valor inválido'],
      [{ ubicacion: 'Oficina Central' }, 'Ubicación laboral: El valor introducido no es válido'],
      [{ activo: 2 }, 'Estatus: El valor introducido no es válido'],
      [{ activo: 'x' }, 'Estatus: El valor ingresado debe de ser un número'],
      [{ nombre: '   ' }, 'Nombre: Campo requerido'],
      [{ nombre: '' }, 'Nombre: Campo requerido'],
      [{ nombre: 'N'.repeat(121) }, 'Nombre: El texto excede 120 caracteres'],
      [{ password: undefined }, 'password: Campo requerido'],
      [{ rol: 1 }, 'Campo no permitido: rol'],
      [{ idUser: 5 }, 'Campo no permitido: idUser'],
    ])('refuses %j with 400 "%s" and writes nothing', async (override, reason) => {
      const before = await counts()
      const res = await post('/api/auth/signup-executive', executiveSignupBody(override))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, response: null, reason: expect.stringContaining(reason.split(':')[1]!.trim()) })
      expect(res.json().reason).toBe(reason.replace(/^password:/, 'Contraseña:'))
      expect(await counts()).toEqual(before)
    })

    it('uses the configured company domains', async () => {
      const other = await buildTestApp({ internalEmailDomains: ['uno.mx', 'dos.mx', 'tres.mx'] })
      try {
        const headers = await authHeaders(other.app, sessionOf(await createUser(other.db, 1)))
        const refused = await other.app.inject({
          method: 'POST',
          url: '/api/auth/signup-executive',
          headers,
          payload: executiveSignupBody({ email: 'ana@coppel.com' }),
        })
        expect(refused.json().reason).toBe('Correo electrónico: El correo solo puede ser de los dominios uno.mx, dos.mx, tres.mx')
        const accepted = await other.app.inject({
          method: 'POST',
          url: '/api/auth/signup-executive',
          headers,
          payload: executiveSignupBody({ email: 'ana@dos.mx' }),
        })
        expect(accepted.statusCode).toBe(200)
      } finally {
        await other.close()
      }
    })

    it('refuses a body that is not a JSON object, and broken JSON, with 4xx', async () => {
      const before = await counts()
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup-executive',
        headers: { ...adminHeaders, 'content-type': 'text/plain' },
        payload: 'hola',
      })
      expect(text.statusCode).toBe(400)
      expect(text.json()).toMatchObject({ success: false, response: null })
      const xml = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup-executive',
        headers: { ...adminHeaders, 'content-type': 'application/xml' },
        payload: '<a/>',
      })
      expect(xml.statusCode).toBe(415)
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup-executive',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        payload: '{"nombre": ',
      })
      expect(broken.statusCode).toBe(400)
      expect(await counts()).toEqual(before)
    })
  })

  describe('POST /api/auth/signup-provider', () => {
    it('creates the account (rol 3) and the medical provider in one go and answers the idProveedor', async () => {
      const body = providerSignupBody(catalog, { email: 'Clinica.Norte@Correo.com', numeroInterior: ' 4B ' })
      const res = await post('/api/auth/signup-provider', body)
      expect(res.statusCode).toBe(200)
      const insertId = res.json().response.insertId
      const [provider] = await t.db.select().from(providers).where(eq(providers.idProveedor, insertId))
      expect(provider).toMatchObject({
        tipo: 1,
        nombreProveedor: body.nombreProveedor,
        nivel: 'Segundo nivel',
        especialidad: 'Cardiología',
        costoNormal: 850.5,
        servicioId: catalog.serviceId,
        contrato: null,
        numeroInterior: '4B',
        telefono2: null,
        email: 'clinica.norte@correo.com',
        activo: 0,
      })
      const [account] = await t.db.select().from(users).where(eq(users.idUser, provider!.userId))
      expect(account).toMatchObject({ rol: 3, email: 'clinica.norte@correo.com', activo: 0, telefono: '6677654321' })
      expect(await verifyPassword(account!.passwordHash, TEST_PASSWORD)).toBe(true)
    })

    it('creates a non-medical provider with a contract, dropping medical fields', async () => {
      const body = providerSignupBody(catalog, {
        tipo: 0,
        servicio: catalog.nonMedicalServiceId,
        contrato: 1,
        contratoYear: 2025,
        contratoEstatus: 1,
        nivel: 'ignorado',
        costoNormal: null,
        estado: catalog.yucatan,
        municipio: catalog.merida,
        colonia: catalog.centroMerida,
      })
      const res = await post('/api/auth/signup-provider', body)
      expect(res.statusCode).toBe(200)
      const [provider] = await t.db.select().from(providers).where(eq(providers.idProveedor, res.json().response.insertId))
      expect(provider).toMatchObject({ tipo: 0, contrato: 1, contratoYear: 2025, contratoEstatus: 1, nivel: null, costoNormal: null })
    })

    it.each([
      ['a medical provider without its specialty', { especialidad: '' }, 'Especialidad: Campo requerido'],
      ['a medical provider without its cost', { costoNormal: null }, 'Costo: Campo requerido'],
      ['a negative cost', { costoNormal: -1 }, 'Costo: El valor ingresado es menor al permitido(min)'],
      ['a non-medical provider without service', { tipo: 0, servicio: null, contrato: 0 }, 'Servicio: Campo requerido'],
      ['a non-medical provider without contract', { tipo: 0, contrato: null }, 'Contrato: Campo requerido'],
      ['a contract without year', { tipo: 0, contrato: 1, contratoEstatus: 1 }, 'Año de contrato: Campo requerido'],
      ['a contract without status', { tipo: 0, contrato: 1, contratoYear: 2024 }, 'Estatus de contrato: Campo requerido'],
      ['a postal code above 99999', { codigoPostal: 100000 }, 'Código postal: El valor ingresado es menor al permitido(min)'],
      ['a negative exterior number', { numeroExterior: -5 }, 'Número exterior: El valor ingresado es menor al permitido(min)'],
      ['a text exterior number', { numeroExterior: 'diez' }, 'Número exterior: El valor ingresado debe de ser un número'],
      ['a bad phone', { telefono1: '667-765' }, 'Teléfono 1: Valor inválido'],
      ['a bad second phone', { telefono2: '12345678901' }, 'Teléfono 2: Valor inválido'],
      ['a bad email', { email: 'clinica.correo.com' }, 'Correo electrónico: Correo inválido'],
      ['a weak password', { password: 'Clinica2026' }, 'Contraseña: La contraseña debe de tener al menos: Un símbolo especial'],
      ['a confirmation that differs', { confirmPassword: 'Otra#2026x' }, 'Confirmar contraseña: Las contraseñas no coinciden'],
      ['a missing state', { estado: undefined }, 'Estado: Campo requerido'],
      ['a blank street', { calle: '  ' }, 'Calle: Campo requerido'],
      ['a type that is not 0 or 1', { tipo: 2 }, 'Tipo de proveedor: El valor introducido no es válido'],
      ['a NUL character, which PostgreSQL cannot store', { calle: 'Av.\u0000Obregón' }, 'Calle: Contiene caracteres no permitidos'],
      ['a role', { rol: 1 }, 'Campo no permitido: rol'],
      ['an owner', { userId: 1 }, 'Campo no permitido: userId'],
    ])('refuses %s with 400 and writes nothing', async (_name, override, reason) => {
      const before = await counts()
      const res = await post('/api/auth/signup-provider', providerSignupBody(catalog, override))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, response: null, reason })
      expect(await counts()).toEqual(before)
    })

    it('refuses unknown or mismatched catalogue ids with 400 and writes nothing', async () => {
      const before = await counts()
      const unknownService = await post('/api/auth/signup-provider', providerSignupBody(catalog, { servicio: 999999 }))
      expect(unknownService.statusCode).toBe(400)
      expect(unknownService.json().reason).toBe('Servicio: El servicio seleccionado no existe')
      // Mérida's neighbourhood with Sinaloa's state: the selects must agree.
      const mismatch = await post(
        '/api/auth/signup-provider',
        providerSignupBody(catalog, { estado: catalog.stateId, municipio: catalog.merida, colonia: catalog.centroMerida }),
      )
      expect(mismatch.statusCode).toBe(400)
      expect(mismatch.json().reason).toBe('La colonia, el municipio y el estado seleccionados no corresponden entre sí')
      const huge = await post('/api/auth/signup-provider', providerSignupBody(catalog, { colonia: 2 ** 31 }))
      expect(huge.statusCode).toBe(400)
      expect(await counts()).toEqual(before)
    })

    it('answers 409 when the email belongs to any user (an executive too) and writes nothing', async () => {
      const executive = await createUser(t.db, 0)
      const before = await counts()
      const res = await post('/api/auth/signup-provider', providerSignupBody(catalog, { email: executive.email }))
      expect(res.statusCode).toBe(409)
      expect(res.json().reason).toBe('Ya existe un usuario con ese correo')
      expect(await counts()).toEqual(before)
    })

    it('creates exactly one of two simultaneous sign-ups with the same email', async () => {
      const before = await counts()
      const body = providerSignupBody(catalog)
      const answers = await Promise.all([
        post('/api/auth/signup-provider', body),
        post('/api/auth/signup-provider', { ...body, nombreProveedor: 'Gemela' }),
      ])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      const after = await counts()
      expect(after.users - before.users).toBe(1)
      expect(after.providers - before.providers).toBe(1)
    })
  })
})
