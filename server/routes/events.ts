/**
 * /api/event: claim search, creation, lists, detail, status history, letter, provider assignment, invoices and the
 * CSV report (spec section 7).
 *
 * Policy: the role half is each route's `config.auth`; the row half is server/auth/claimAccess.ts (`loadClaimFor`,
 * 'read' or 'write'), applied before the handler touches a claim. Summary:
 * - admin: everything; partner: every read, no write; executive: searches, creates, and reads/changes own claims;
 * - collaborator: by-id and get-status of the session's own claim only;
 * - provider: claims assigned to them (list, detail, letter data, provider, invoices).
 * Lists answer { items, total, page, pageSize } (q, page, pageSize ≤ 100). Every answer here carries
 * Cache-Control: no-store.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq, inArray, and } from 'drizzle-orm'
import { claims, providers, users } from '../db/schema'
import { ok } from '../lib/envelope'
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors'
import { loadClaimFor, type AccessMode } from '../auth/claimAccess'
import type { Session } from '../auth/roles'
import { actorOf } from '../domain/claimLifecycle'
import { getClaimRecord, listClaimRecords, type PageRequest } from '../domain/claims/claimRecord'
import { fundSummary, proceduresByCollaborator, proceduresByCollaboratorName } from '../domain/claims/procedures'
import { createClaim, type NewClaimInput } from '../domain/claims/createClaim'
import { claimFullData, saveLetter, type LetterFields } from '../domain/claims/letter'
import { assignProvider, providerOfClaim } from '../domain/claims/providerAssignment'
import { invoicesOfClaim, listInvoiceCards, statusHistoryOf } from '../domain/claims/invoicesAndHistory'
import { isIsoDate } from '../report/claimsReport'
import { streamReport } from '../report/reportStream'
import * as S from './eventSchemas'

export const EVENT_REASONS = {
  searchNeedsOne: 'Número de colaborador: Campo requerido',
  searchOnlyOne: 'Busque por número de colaborador o por nombre, no ambos',
  coverageNotFound: 'No se encontró la cobertura del colaborador',
  otherExecutive: 'No puede crear trámites a nombre de otro ejecutivo',
  ownListOnly: 'Solo puede consultar sus propios trámites',
  executiveNotFound: 'No se encontró el ejecutivo',
  providerNotFound: 'No se encontró el proveedor',
  badDate: 'Fecha inválida: use el formato AAAA-MM-DD',
  badRange: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  amountCents: 'Costo: el monto admite como máximo dos decimales',
} as const

const TAGS = ['trámites']

const MONEY_FIELDS = ['deducibleHospital', 'coaseguroHospital', 'medicoMonto', 'medicoHonorariosAsegurado'] as const

function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

/** Two decimals at most (numeric(12,2)). */
// Exactly representable with two decimals. A tolerance on n * 100 would also let through tiny values such as
// 5e-139, which numeric(12,2) silently stores as 0.00 (found by the generated-input test).
const hasCents = (n: number) => Number(n.toFixed(2)) === n

export default async function eventsRoutes(app: FastifyInstance) {
  // Claim data is personal: never stored by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store')
    return payload
  })

  const claimAccess = (mode: AccessMode) => async (request: FastifyRequest) => {
    const { idEvento } = request.params as { idEvento: number }
    await loadClaimFor(app.db, sessionOf(request), idEvento, mode)
  }

  // ───────────── search and funds ─────────────

  app.get<{ Querystring: { idColaborador?: number; nombreColaborador?: string } }>(
    '/get-procedures',
    {
      config: { auth: ['admin', 'executive', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: {
        tags: TAGS,
        summary: 'Busca los trámites de un colaborador, agrupables por cobertura',
        querystring: S.proceduresQuery,
        response: S.procedureRowsResponse,
      },
    },
    async (request) => {
      const { idColaborador, nombreColaborador } = request.query
      if (idColaborador !== undefined && nombreColaborador !== undefined) throw badRequest(EVENT_REASONS.searchOnlyOne)
      if (idColaborador !== undefined) return ok(await proceduresByCollaborator(app.db, idColaborador))
      if (nombreColaborador !== undefined && nombreColaborador.trim() !== '')
        return ok(await proceduresByCollaboratorName(app.db, nombreColaborador))
      throw badRequest(EVENT_REASONS.searchNeedsOne)
    },
  )

  app.get<{ Params: { idColaborador: number; idCobertura: number } }>(
    '/:idColaborador/:idCobertura',
    {
      config: { auth: ['admin', 'executive', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Resumen de fondos de una cobertura', params: S.fundParams, response: S.fundSummaryResponse },
    },
    async (request) => {
      const summary = await fundSummary(app.db, request.params.idColaborador, request.params.idCobertura)
      if (!summary) throw notFound(EVENT_REASONS.coverageNotFound)
      return ok([summary])
    },
  )

  app.post<{ Body: NewClaimInput & { idEjecutivo?: number } }>(
    '/',
    {
      config: { auth: ['admin', 'executive'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Crea un trámite', body: S.createClaimBody, response: S.insertIdResponse },
    },
    async (request) => {
      const session = sessionOf(request)
      if (session.kind !== 'user') throw forbidden()
      const { idEjecutivo, ...input } = request.body
      if (idEjecutivo !== undefined && idEjecutivo !== session.idUser) throw forbidden(EVENT_REASONS.otherExecutive)
      if (!hasCents(input.montoAutorizado)) throw badRequest(EVENT_REASONS.amountCents)
      const insertId = await createClaim(
        app.db,
        { ...input, beneficiary: input.beneficiary.trim(), email: input.email.trim() },
        session.idUser,
        actorOf(session),
      )
      return ok({ insertId })
    },
  )

  // ───────────── report ─────────────

  app.get<{ Querystring: { initDate: string; endDate: string } }>(
    '/report',
    {
      config: { auth: ['admin', 'executive', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: {
        tags: TAGS,
        summary: 'Reporte de trámites (CSV con BOM) por fecha de ingreso',
        querystring: S.reportQuery,
        response: S.reportErrorResponse,
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const { initDate, endDate } = request.query
      if (!isIsoDate(initDate) || !isIsoDate(endDate)) throw badRequest(EVENT_REASONS.badDate)
      if (initDate > endDate) throw badRequest(EVENT_REASONS.badRange)
      const idEjecutivo = session.kind === 'user' && session.rol === 0 ? session.idUser : undefined
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="Reporte.csv"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(streamReport(app.db, app.dbKind, { initDate, endDate, idEjecutivo }))
    },
  )

  // ───────────── lists ─────────────

  app.get<{ Params: { idUser: number }; Querystring: PageRequest }>(
    '/executive/:idUser',
    {
      config: { auth: ['admin', 'executive'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: {
        tags: TAGS,
        summary: 'Trámites creados por un ejecutivo',
        params: S.idUserParams,
        querystring: S.pageQuery,
        response: S.claimPageResponse,
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const { idUser } = request.params
      if (session.kind !== 'user' || (session.rol !== 1 && session.idUser !== idUser)) throw forbidden(EVENT_REASONS.ownListOnly)
      const [owner] = await app.db
        .select({ idUser: users.idUser })
        .from(users)
        .where(and(eq(users.idUser, idUser), inArray(users.rol, [0, 1])))
      if (!owner) throw notFound(EVENT_REASONS.executiveNotFound)
      return ok(await listClaimRecords(app.db, eq(claims.idEjecutivo, idUser), request.query))
    },
  )

  app.get<{ Querystring: PageRequest }>(
    '/all',
    {
      config: { auth: ['admin', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Todos los trámites', querystring: S.pageQuery, response: S.claimPageResponse },
    },
    async (request) => ok(await listClaimRecords(app.db, undefined, request.query)),
  )

  app.get<{ Params: { idUser: number }; Querystring: PageRequest }>(
    '/provider/:idUser',
    {
      config: { auth: ['admin', 'provider'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: {
        tags: TAGS,
        summary: 'Trámites asignados a un proveedor (idUser: el usuario del proveedor)',
        params: S.idUserParams,
        querystring: S.pageQuery,
        response: S.claimPageResponse,
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const { idUser } = request.params
      if (session.kind !== 'user' || (session.rol !== 1 && session.idUser !== idUser)) throw forbidden(EVENT_REASONS.ownListOnly)
      const [provider] = await app.db
        .select({ idProveedor: providers.idProveedor })
        .from(providers)
        .where(eq(providers.userId, idUser))
      if (!provider) throw notFound(EVENT_REASONS.providerNotFound)
      return ok(await listClaimRecords(app.db, eq(claims.idProveedor, provider.idProveedor), request.query))
    },
  )

  // ───────────── one claim ─────────────

  app.get<{ Params: { idEvento: number } }>(
    '/by-id/:idEvento',
    {
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Un trámite', params: S.idEventoParams, response: S.claimResponse },
      preHandler: claimAccess('read'),
    },
    async (request) => {
      const record = await getClaimRecord(app.db, request.params.idEvento)
      if (!record) throw notFound()
      return ok(record)
    },
  )

  app.get<{ Params: { idEvento: number } }>(
    '/get-status/:idEvento',
    {
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: {
        tags: TAGS,
        summary: 'Historial de etapas del trámite, del más antiguo al más reciente',
        params: S.idEventoParams,
        response: S.statusHistoryResponse,
      },
      preHandler: claimAccess('read'),
    },
    async (request) => ok(await statusHistoryOf(app.db, request.params.idEvento)),
  )

  app.get<{ Params: { idEvento: number } }>(
    '/fullData/:idEvento',
    {
      config: { auth: ['admin', 'executive', 'provider', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Datos de la carta autorización', params: S.idEventoParams, response: S.fullDataResponse },
      preHandler: claimAccess('read'),
    },
    async (request) => {
      const data = await claimFullData(app.db, request.params.idEvento)
      if (!data) throw notFound()
      return ok(data)
    },
  )

  app.put<{ Body: LetterFields & { idEvento: number } }>(
    '/update',
    {
      config: { auth: ['admin', 'executive'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Guarda la carta autorización', body: S.letterBody, response: S.letterSavedResponse },
    },
    async (request) => {
      const session = sessionOf(request)
      const { idEvento, ...fields } = request.body
      for (const name of MONEY_FIELDS) {
        const value = fields[name]
        if (typeof value === 'number' && !hasCents(value)) throw badRequest(`${S.labelOf(name)}: el monto admite como máximo dos decimales`)
      }
      await loadClaimFor(app.db, session, idEvento, 'write')
      await saveLetter(app.db, idEvento, fields, actorOf(session))
      const [claim] = await app.db.select({ statusId: claims.statusId }).from(claims).where(eq(claims.idEvento, idEvento))
      return ok({ idEvento, statusId: claim!.statusId })
    },
  )

  app.get<{ Params: { idEvento: number } }>(
    '/get-provider-by-event/:idEvento',
    {
      config: { auth: ['admin', 'executive', 'provider', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Proveedor y servicio del trámite', params: S.idEventoParams, response: S.providerByEventResponse },
      preHandler: claimAccess('read'),
    },
    async (request) => {
      const row = await providerOfClaim(app.db, request.params.idEvento)
      if (!row) throw notFound()
      return ok(row)
    },
  )

  app.put<{ Body: { idEvento: number; idProveedor: number; idEjecutivo?: number } }>(
    '/assign-provider',
    {
      config: { auth: ['admin', 'executive'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Asigna un proveedor al trámite', body: S.assignProviderBody, response: S.assignProviderResponse },
    },
    async (request) => {
      const result = await assignProvider(app.db, sessionOf(request), request.body)
      return ok({ idEvento: request.body.idEvento, ...result })
    },
  )

  // ───────────── invoices ─────────────

  app.get<{ Querystring: PageRequest }>(
    '/invoices/all',
    {
      config: { auth: ['admin', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Facturas de todos los trámites', querystring: S.pageQuery, response: S.invoiceCardsResponse },
    },
    async (request) => ok(await listInvoiceCards(app.db, request.query)),
  )

  app.get<{ Params: { idEvento: number } }>(
    '/invoices/:idEvento',
    {
      config: { auth: ['admin', 'executive', 'provider', 'partner'] },
      schemaErrorFormatter: S.eventSchemaErrors,
      schema: { tags: TAGS, summary: 'Facturas de un trámite', params: S.idEventoParams, response: S.invoicesOfClaimResponse },
      preHandler: claimAccess('read'),
    },
    async (request) => ok(await invoicesOfClaim(app.db, request.params.idEvento)),
  )
}
