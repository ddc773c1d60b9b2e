/**
 * /api/user: administrators list, read and edit executives and providers; anyone signed in reads their own record
 * (GET /me, GET /:id with their own id); executives and administrators read a collaborator for the new-claim
 * prefill. There is no delete: an executive or provider is deactivated (activo = 1) with PUT, which ends its
 * sessions and its sign-in.
 */
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../auth/passwords'
import { loadSessionUser, sessionUserForCollaborator, sessionUserSchema } from '../auth/sessionUser'
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope'
import { badRequest, forbidden, notFound } from '../lib/errors'
import { EXECUTIVE_FIELDS, firstErrorReason, PROVIDER_FIELDS, validateExecutive, validateProvider } from '../../src/lib/rules'
import { updateExecutive } from '../domain/users/executiveAccounts'
import { EXECUTIVE_LABELS, executiveBodyProperties } from '../domain/users/executiveSchemas'
import {
  activoSchema,
  idSchema,
  optionalPasswordSchema,
  pageOf,
  pageQuerySchema,
  type PageQuery,
} from '../domain/users/jsonSchemas'
import { schemaErrorFormatter } from '../lib/schemaErrors'
import { collaboratorPrefill, findUser, listExecutives, userRecordOf } from '../domain/users/usersRepo'
import { updateProviderAccount, PROVIDER_NOT_FOUND } from '../domain/providers/providerAccounts'
import { PROVIDER_LABELS, providerRecordProperties, updateProviderBodySchema } from '../domain/providers/providerSchemas'
import { listProviders, providerRecordById, providerRecordByUser, type ProviderInput } from '../domain/providers/providersRepo'

export const USER_NOT_FOUND = 'No se encontró el usuario'
export const COLLABORATOR_NOT_FOUND = 'No se encontró el colaborador'
export const ONLY_OWN_RECORD = 'Solo puede consultar sus propios datos'

interface UpdateExecutiveBody {
  ubicacion: string
  phone: string
  active: 0 | 1
  idUsuario: number
  nombre: string
  email: string
  password?: string
  confirmPassword?: string
}

const executiveItem = {
  type: 'object',
  properties: {
    idUser: { type: 'integer' },
    nombre: { type: 'string' },
    nombre2: { type: 'string' },
    apePat: { type: 'string' },
    apeMAt: { type: 'string' },
    email: { type: 'string' },
    telefono: { type: 'string' },
    activo: { type: 'integer' },
    ubicacionLaboral: { type: 'string' },
  },
} as const

const providerItem = {
  type: 'object',
  properties: {
    idProveedor: { type: 'integer' },
    idUsuario: { type: 'integer' },
    nombreProveedor: { type: 'string' },
    activo: { type: 'integer' },
    tipo: { type: 'integer' },
    email: { type: 'string' },
  },
} as const

/** The record of GET /:id: the user's fields, plus the provider fields for a provider. Listed so nothing else leaks. */
const userRecordItem = {
  type: 'object',
  properties: {
    ...executiveItem.properties,
    rol: { type: 'string' },
    foto: { type: ['string', 'null'] },
    ...providerRecordProperties,
  },
} as const

const collaboratorSchema = {
  type: 'object',
  properties: {
    idColaborador: { type: 'integer' },
    nombre: { type: 'string' },
    nombre2: { type: 'string' },
    apePat: { type: 'string' },
    apeMat: { type: 'string' },
    email: { type: 'string' },
    telefono: { type: 'string' },
    edad: { type: ['integer', 'null'] },
    genero: { type: ['integer', 'null'] },
    estado: { type: ['integer', 'null'] },
    ciudad: { type: ['integer', 'null'] },
  },
} as const

const answers = (response: object) => ({ 200: envelopeSchema(response), '4xx': errorEnvelopeSchema })
const idParams = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idSchema } })
const updated = answers({ type: 'object', properties: { idUsuario: { type: 'integer' } } })

export default async function usersRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageQuery }>(
    '/executives',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter({}),
      schema: { tags: ['usuarios'], querystring: pageQuerySchema, response: answers(pageOf(executiveItem)) },
    },
    async (request) => ok(await listExecutives(app.db, request.query)),
  )

  app.get<{ Querystring: PageQuery }>(
    '/providers',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter({}),
      schema: { tags: ['usuarios'], querystring: pageQuerySchema, response: answers(pageOf(providerItem)) },
    },
    async (request) => ok(await listProviders(app.db, request.query)),
  )

  app.get(
    '/me',
    { schema: { tags: ['usuarios'], summary: 'Datos de la sesión actual', response: answers(sessionUserSchema) } },
    async (request) => {
      const session = request.session!
      const user =
        session.kind === 'collaborator'
          ? await sessionUserForCollaborator(app.db, session.idColaborador, session.idEvento)
          : await loadSessionUser(app.db, session.idUser)
      if (!user) throw notFound(USER_NOT_FOUND)
      return ok(user)
    },
  )

  app.get<{ Params: { idColaborador: number } }>(
    '/collaborator/:idColaborador',
    {
      config: { auth: ['executive', 'admin'] },
      schemaErrorFormatter: schemaErrorFormatter({ idColaborador: 'Número de colaborador' }),
      schema: { tags: ['usuarios'], params: idParams('idColaborador'), response: answers(collaboratorSchema) },
    },
    async (request) => {
      const collaborator = await collaboratorPrefill(app.db, request.params.idColaborador)
      if (!collaborator) throw notFound(COLLABORATOR_NOT_FOUND)
      return ok(collaborator)
    },
  )

  app.get<{ Params: { idProveedor: number } }>(
    '/provider/:idProveedor',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter({ idProveedor: 'Proveedor' }),
      schema: { tags: ['usuarios'], params: idParams('idProveedor'), response: answers({ type: 'array', items: userRecordItem }) },
    },
    async (request) => {
      const provider = await providerRecordById(app.db, request.params.idProveedor)
      if (!provider) throw notFound(PROVIDER_NOT_FOUND)
      const user = await findUser(app.db, provider.idUsuario)
      return ok([{ ...(user ? userRecordOf(user) : {}), ...provider }])
    },
  )

  app.get<{ Params: { id: number } }>(
    '/:id',
    {
      schemaErrorFormatter: schemaErrorFormatter({}),
      schema: { tags: ['usuarios'], params: idParams('id'), response: answers({ type: 'array', items: userRecordItem }) },
    },
    async (request) => {
      const session = request.session!
      const id = request.params.id
      // Refused before looking the id up, so a non-administrator cannot learn which ids exist.
      if (session.kind !== 'user' || (session.rol !== 1 && session.idUser !== id)) throw forbidden(ONLY_OWN_RECORD)
      const user = await findUser(app.db, id)
      if (!user) throw notFound(USER_NOT_FOUND)
      const provider = user.rol === 3 ? await providerRecordByUser(app.db, user.idUser) : null
      return ok([{ ...userRecordOf(user), ...(provider ?? {}) }])
    },
  )

  app.put<{ Body: UpdateExecutiveBody }>(
    '/executive',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter(EXECUTIVE_LABELS),
      schema: {
        tags: ['usuarios'],
        summary: 'Edita o desactiva un ejecutivo (administrador)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ubicacion', 'phone', 'active', 'idUsuario', 'nombre', 'email'],
          properties: {
            ...executiveBodyProperties,
            active: activoSchema,
            idUsuario: idSchema,
            password: optionalPasswordSchema,
            confirmPassword: optionalPasswordSchema,
          },
        },
        response: updated,
      },
    },
    async (request) => {
      const body = request.body
      const newPassword = body.password ?? ''
      const values = { ...body, activo: body.active, password: newPassword, confirmPassword: body.confirmPassword ?? newPassword }
      const reason = firstErrorReason(EXECUTIVE_FIELDS, validateExecutive(values, 'edit', app.config.internalEmailDomains))
      if (reason) throw badRequest(reason)
      const passwordHash = newPassword ? await hashPassword(newPassword) : null
      await updateExecutive(
        app.db,
        body.idUsuario,
        { nombre: body.nombre, telefono: body.phone, email: body.email, activo: body.active, ubicacionLaboral: body.ubicacion },
        passwordHash,
      )
      return ok({ idUsuario: body.idUsuario })
    },
  )

  app.put<{ Body: ProviderInput & { idUsuario: number } }>(
    '/provider',
    {
      config: { auth: ['admin'] },
      schemaErrorFormatter: schemaErrorFormatter(PROVIDER_LABELS),
      schema: {
        tags: ['usuarios'],
        summary: 'Edita o desactiva un proveedor (administrador)',
        body: updateProviderBodySchema,
        response: updated,
      },
    },
    async (request) => {
      const body = request.body
      const newPassword = body.password ?? ''
      const values = { ...body, password: newPassword, confirmPassword: body.confirmPassword ?? newPassword }
      const reason = firstErrorReason(PROVIDER_FIELDS, validateProvider(values, 'edit'))
      if (reason) throw badRequest(reason)
      const passwordHash = newPassword ? await hashPassword(newPassword) : null
      await updateProviderAccount(app.db, body.idUsuario, body, passwordHash)
      return ok({ idUsuario: body.idUsuario })
    },
  )
}
