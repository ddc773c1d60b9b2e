/**
 * /api/event: claim search, creation, lists, detail, status history, letter, provider assignment, invoices and the
 * CSV report (spec section 7).
 *
 * Policy: the role half is each route's `config.auth`; the row half is server/auth/claimAccess.ts (`loadClaimFor`,
 * 'read' or 'write'), applied before the handler touches a claim — by-id folds the same rule into its one query. Summary:
 * - admin: everything; partner: every read, no write; executive: searches, creates, and reads/changes own claims;
 * - collaborator: by-id, get-status and the letter PDF of the session's own claim only;
 * - provider: claims assigned to them (list, detail, letter data and PDF, provider, invoices).
 * Lists answer { items, total, page, pageSize } (q, page, pageSize ≤ 100). Every answer here carries
 * Cache-Control: no-store.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CLAIM_OWNER_ROLES, ROLE } from '../../domain/roles'
import { ok } from '../lib/envelope'
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors'
import { loadClaimFor, type AccessMode } from '../auth/claimAccess'
import type { Session } from '../auth/roles'
import { actorOf } from '../auth/actor'
import { readClaimFor } from '../domain/claims/claimById'
import { listClaimRecords } from '../domain/claims/claimList'
import { fundSummary, proceduresByCollaborator, proceduresByCollaboratorName } from '../domain/claims/procedures'
import { createClaim } from '../domain/claims/createClaim'
import { claimFullData, saveLetter } from '../domain/claims/letter'
import { letterContent } from '../domain/claims/letterContent'
import { buildLetterPdf } from '../domain/claims/letterPdf'
import { LETTER_PDF_REASONS, letterFileName } from '../../domain/letter'
import { assignProvider, providerOfClaim } from '../domain/claims/providerAssignment'
import { isClaimOwner } from '../domain/users/usersRepo'
import { providerIdOfUser } from '../domain/providers/providersRepo'
import { invoicesOfClaim, listInvoiceCards, statusHistoryOf } from '../domain/claims/invoicesAndHistory'
import { isIsoDate, type ReportFilter } from '../report/claimsReport'
import { streamReport } from '../report/reportStream'
import { reportStatistics } from '../report/reportStatistics'
import { serviceCompliance } from '../report/serviceCompliance'
import { eventCalls as call, LETTER_MONEY_FIELDS } from '../../domain/contract/claims'
import { CLAIM_LABELS, labelOf } from '../../domain/contract/labels'
import { pageRequestWithin } from '../lib/pageTotal'
import { fileRouteOf, routeOf, type RouteGroup } from '../lib/route'

const EVENT_REASONS = {
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

const group: RouteGroup = { tags: ['trámites'], labels: CLAIM_LABELS }

function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

/** Two decimals at most (numeric(12,2)). */
// Exactly representable with two decimals. A tolerance on n * 100 would also let through tiny values such as
// 5e-139, which numeric(12,2) silently stores as 0.00 (found by the generated-input test).
const hasCents = (n: number) => Number(n.toFixed(2)) === n

/**
 * The period of the report and of its statistics (checked before anything is read): real AAAA-MM-DD dates, the start
 * not after the end; an executive gets only their own claims.
 */
function reportFilterOf(request: FastifyRequest & { query: { initDate: string; endDate: string } }): ReportFilter {
  const session = sessionOf(request)
  const { initDate, endDate } = request.query
  if (!isIsoDate(initDate) || !isIsoDate(endDate)) throw badRequest(EVENT_REASONS.badDate)
  if (initDate > endDate) throw badRequest(EVENT_REASONS.badRange)
  const idEjecutivo = session.kind === 'user' && session.rol === ROLE.executive ? session.idUser : undefined
  return { initDate, endDate, idEjecutivo }
}

const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const claimAccess = (mode: AccessMode) => async (request: FastifyRequest<{ Params: { idEvento: number } }>) => {
    await loadClaimFor(app.db, sessionOf(request), request.params.idEvento, mode)
  }

  // ───────────── search and funds ─────────────

  app.route({
    ...routeOf(call.searchProcedures, group),
    config: { auth: ['admin', 'executive', 'partner'] },
    handler: async (request) => {
      const { idColaborador, nombreColaborador } = request.query
      if (idColaborador !== undefined && nombreColaborador !== undefined) throw badRequest(EVENT_REASONS.searchOnlyOne)
      if (idColaborador !== undefined) return ok(await proceduresByCollaborator(app.db, idColaborador))
      if (nombreColaborador !== undefined && nombreColaborador.trim() !== '')
        return ok(await proceduresByCollaboratorName(app.db, nombreColaborador))
      throw badRequest(EVENT_REASONS.searchNeedsOne)
    },
  })

  app.route({
    ...routeOf(call.fundSummary, group),
    config: { auth: ['admin', 'executive', 'partner'] },
    handler: async (request) => {
      const summary = await fundSummary(app.db, request.params.idColaborador, request.params.idCobertura)
      if (!summary) throw notFound(EVENT_REASONS.coverageNotFound)
      return ok([summary])
    },
  })

  app.route({
    ...routeOf(call.createClaim, group),
    config: { auth: ['admin', 'executive'] },
    handler: async (request) => {
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
  })

  // ───────────── report ─────────────

  app.route({
    ...fileRouteOf(call.report, group),
    config: { auth: ['admin', 'executive', 'partner'] },
    handler: async (request, reply) => {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="Reporte.csv"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(streamReport(app.db, app.dbKind, reportFilterOf(request)))
    },
  })

  app.route({
    ...routeOf(call.reportStatistics, group),
    config: { auth: ['admin', 'executive', 'partner'] },
    handler: async (request) => ok(await reportStatistics(app.db, reportFilterOf(request))),
  })

  app.route({
    ...routeOf(call.reportServiceLevels, group),
    config: { auth: ['admin', 'executive', 'partner'] },
    handler: async (request) => ok(await serviceCompliance(app.db, reportFilterOf(request))),
  })

  // ───────────── lists ─────────────

  /** An executive's or a provider's list: administrators read anybody's, the others only their own. */
  const ownListOf = (request: FastifyRequest, idUser: number) => {
    const session = sessionOf(request)
    if (session.kind !== 'user' || (session.rol !== ROLE.admin && session.idUser !== idUser)) throw forbidden(EVENT_REASONS.ownListOnly)
  }

  app.route({
    ...routeOf(call.executiveClaims, group),
    config: { auth: ['admin', 'executive'] },
    handler: async (request) => {
      const { idUser } = request.params
      ownListOf(request, idUser)
      // One's own list needs no lookup: the auth plugin has just checked this account (active, with this role).
      // Only someone else's list (an administrator's look) must tell a missing executive (404).
      const session = sessionOf(request)
      const ownList = session.kind === 'user' && session.idUser === idUser && CLAIM_OWNER_ROLES.includes(session.rol)
      if (!ownList && !(await isClaimOwner(app.db, idUser))) throw notFound(EVENT_REASONS.executiveNotFound)
      return ok(await listClaimRecords(app.db, { executive: idUser }, pageRequestWithin(request.query, app.config.listCountLimit)))
    },
  })

  app.route({
    ...routeOf(call.allClaims, group),
    config: { auth: ['admin', 'partner'] },
    handler: async (request) => ok(await listClaimRecords(app.db, undefined, pageRequestWithin(request.query, app.config.listCountLimit))),
  })

  app.route({
    ...routeOf(call.providerClaims, group),
    config: { auth: ['admin', 'provider'] },
    handler: async (request) => {
      const { idUser } = request.params
      ownListOf(request, idUser)
      const idProveedor = await providerIdOfUser(app.db, idUser)
      if (idProveedor === undefined) throw notFound(EVENT_REASONS.providerNotFound)
      return ok(await listClaimRecords(app.db, { provider: idProveedor }, pageRequestWithin(request.query, app.config.listCountLimit)))
    },
  })

  // ───────────── one claim ─────────────

  // The access check and the record in one prepared query (claimById.ts), not claimAccess + getClaimRecord.
  app.route({
    ...routeOf(call.claim, group),
    handler: async (request) => ok(await readClaimFor(app.db, sessionOf(request), request.params.idEvento, 'read')),
  })

  app.route({
    ...routeOf(call.statusHistory, group),
    preHandler: claimAccess('read'),
    handler: async (request) => ok(await statusHistoryOf(app.db, request.params.idEvento, sessionOf(request))),
  })

  app.route({
    ...routeOf(call.fullData, group),
    config: { auth: ['admin', 'executive', 'provider', 'partner'] },
    preHandler: claimAccess('read'),
    handler: async (request) => {
      const data = await claimFullData(app.db, request.params.idEvento)
      if (!data) throw notFound()
      return ok(data)
    },
  })

  app.route({
    ...fileRouteOf(call.letterPdf, group),
    // Everyone who reads the claim reads its letter, the collaborator included (their own claim only).
    config: { auth: ['admin', 'executive', 'provider', 'partner', 'collaborator'] },
    preHandler: claimAccess('read'),
    handler: async (request, reply) => {
      const data = await claimFullData(app.db, request.params.idEvento)
      if (!data) throw notFound()
      // The letter authorizes a payment: it exists only once the dictamen approved the claim.
      if (data.dictaminacion === null) throw conflict(LETTER_PDF_REASONS.notYet)
      if (data.dictaminacion !== 1) throw conflict(LETTER_PDF_REASONS.rejected)
      const pdf = await buildLetterPdf(letterContent(data, new Date()))
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${letterFileName(data.idEvento)}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(pdf))
    },
  })

  app.route({
    ...routeOf(call.updateLetter, group),
    config: { auth: ['admin', 'executive'] },
    handler: async (request) => {
      const session = sessionOf(request)
      const { idEvento, ...fields } = request.body
      for (const name of LETTER_MONEY_FIELDS) {
        const value = fields[name]
        if (typeof value === 'number' && !hasCents(value))
          throw badRequest(`${labelOf(CLAIM_LABELS, name)}: el monto admite como máximo dos decimales`)
      }
      await loadClaimFor(app.db, session, idEvento, 'write')
      const statusId = await saveLetter(app.db, idEvento, fields, actorOf(session))
      return ok({ idEvento, statusId })
    },
  })

  app.route({
    ...routeOf(call.providerOfClaim, group),
    config: { auth: ['admin', 'executive', 'provider', 'partner'] },
    preHandler: claimAccess('read'),
    handler: async (request) => {
      const row = await providerOfClaim(app.db, request.params.idEvento)
      if (!row) throw notFound()
      return ok(row)
    },
  })

  app.route({
    ...routeOf(call.assignProvider, group),
    config: { auth: ['admin', 'executive'] },
    handler: async (request) => {
      const result = await assignProvider(app.db, sessionOf(request), request.body)
      return ok({ idEvento: request.body.idEvento, ...result })
    },
  })

  // ───────────── invoices ─────────────

  app.route({
    ...routeOf(call.allInvoices, group),
    config: { auth: ['admin', 'partner'] },
    handler: async (request) => ok(await listInvoiceCards(app.db, pageRequestWithin(request.query, app.config.listCountLimit))),
  })

  app.route({
    ...routeOf(call.claimInvoices, group),
    config: { auth: ['admin', 'executive', 'provider', 'partner'] },
    preHandler: claimAccess('read'),
    handler: async (request) => ok(await invoicesOfClaim(app.db, request.params.idEvento)),
  })
}

export default eventsRoutes
