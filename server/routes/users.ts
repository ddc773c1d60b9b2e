/**
 * /api/user: administrators list, read and edit executives and providers; anyone signed in reads their own record
 * (GET /me, GET /:id with their own id); executives and administrators read a collaborator for the new-claim
 * prefill. There is no delete: an executive or provider is deactivated (activo = 1) with PUT, which ends its
 * sessions and its sign-in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashPassword } from '../auth/passwords'
import { sessionOf } from '../auth/requestSession'
import { loadSessionUser, sessionUserForCollaborator } from '../auth/sessionUser'
import { ok } from '../lib/envelope'
import { badRequest, forbidden, notFound } from '../lib/errors'
import { routeOf, type RouteGroup } from '../lib/route'
import { EXECUTIVE_FIELDS, firstErrorReason, PROVIDER_FIELDS, validateExecutive, validateProvider } from '../../domain/rules'
import { userCalls as call } from '../../domain/contract/users'
import { EXECUTIVE_LABELS, PROVIDER_LABELS, USER_LABELS } from '../../domain/contract/labels'
import { pageRequestWithin } from '../lib/pageTotal'
import { ROLE } from '../../domain/roles'
import { updateExecutive } from '../domain/users/executiveAccounts'
import { collaboratorPrefill, findUser, listExecutives, userRecordOf } from '../domain/users/usersRepo'
import { updateProviderAccount, PROVIDER_NOT_FOUND } from '../domain/providers/providerAccounts'
import { listProviders, providerRecordById, providerRecordByUser } from '../domain/providers/providersRepo'

const USER_NOT_FOUND = 'No se encontró el usuario'
const COLLABORATOR_NOT_FOUND = 'No se encontró el colaborador'
const ONLY_OWN_RECORD = 'Solo puede consultar sus propios datos'

const group: RouteGroup = { tags: ['usuarios'], labels: USER_LABELS }
const executives: RouteGroup = { tags: ['usuarios'], labels: EXECUTIVE_LABELS }
const providers: RouteGroup = { tags: ['usuarios'], labels: PROVIDER_LABELS }

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...routeOf(call.executives, group),
    config: { auth: ['admin'] },
    handler: async (request) => ok(await listExecutives(app.db, pageRequestWithin(request.query, app.config.listCountLimit))),
  })

  app.route({
    ...routeOf(call.providers, group),
    config: { auth: ['admin'] },
    handler: async (request) => ok(await listProviders(app.db, pageRequestWithin(request.query, app.config.listCountLimit))),
  })

  app.route({
    ...routeOf(call.me, group),
    handler: async (request) => {
      const session = sessionOf(request)
      const user =
        session.kind === 'collaborator'
          ? await sessionUserForCollaborator(app.db, session.idColaborador, session.idEvento)
          : await loadSessionUser(app.db, session.idUser)
      if (!user) throw notFound(USER_NOT_FOUND)
      return ok(user)
    },
  })

  app.route({
    ...routeOf(call.collaborator, group),
    config: { auth: ['executive', 'admin'] },
    handler: async (request) => {
      const collaborator = await collaboratorPrefill(app.db, request.params.idColaborador)
      if (!collaborator) throw notFound(COLLABORATOR_NOT_FOUND)
      return ok(collaborator)
    },
  })

  app.route({
    ...routeOf(call.provider, group),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const provider = await providerRecordById(app.db, request.params.idProveedor)
      if (!provider) throw notFound(PROVIDER_NOT_FOUND)
      const user = await findUser(app.db, provider.idUsuario)
      return ok([{ ...(user ? userRecordOf(user) : {}), ...provider }])
    },
  })

  app.route({
    ...routeOf(call.user, group),
    handler: async (request) => {
      const session = sessionOf(request)
      const id = request.params.id
      // Refused before looking the id up, so a non-administrator cannot learn which ids exist.
      if (session.kind !== 'user' || (session.rol !== ROLE.admin && session.idUser !== id)) throw forbidden(ONLY_OWN_RECORD)
      const user = await findUser(app.db, id)
      if (!user) throw notFound(USER_NOT_FOUND)
      const provider = user.rol === ROLE.provider ? await providerRecordByUser(app.db, user.idUser) : null
      return ok([{ ...userRecordOf(user), ...(provider ?? {}) }])
    },
  })

  app.route({
    ...routeOf(call.updateExecutive, executives),
    config: { auth: ['admin'] },
    handler: async (request) => {
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
      // Committed: this instance refuses the old token from the next request on (others within the cache's 5 s).
      app.sessionCache.forget(body.idUsuario)
      return ok({ idUsuario: body.idUsuario })
    },
  })

  app.route({
    ...routeOf(call.updateProvider, providers),
    config: { auth: ['admin'] },
    handler: async (request) => {
      const body = request.body
      const newPassword = body.password ?? ''
      const values = { ...body, password: newPassword, confirmPassword: body.confirmPassword ?? newPassword }
      const reason = firstErrorReason(PROVIDER_FIELDS, validateProvider(values, 'edit'))
      if (reason) throw badRequest(reason)
      const passwordHash = newPassword ? await hashPassword(newPassword) : null
      await updateProviderAccount(app.db, body.idUsuario, body, passwordHash)
      app.sessionCache.forget(body.idUsuario)
      return ok({ idUsuario: body.idUsuario })
    },
  })
}

export default usersRoutes
