/**
 * /api/service-levels (issue 23): the business days the office gives itself per stage ('Niveles de servicio'), whom
 * each stage waits on, and the record of every change. Office users read them; only administrators change them.
 * The targets' rule (whole business days, 1 to 60) is domain/serviceLevels.ts `serviceTargetReason`, run by the
 * screen and the server alike, so the body only says a target is a number.
 */
import { SERVICE_BADGES, TIMED_STAGE_IDS, WAITING_PARTIES } from '../serviceLevels'
import { defineCall } from './call'
import { Id, Int, IntEnum, Num, NullableInt, NullableText, PageOf, PageQuery, Strict, Text, TextEnum, Type, type Static } from './schema'

/** One timed stage's target in force. */
const ServiceTarget = Type.Object({
  statusId: IntEnum(TIMED_STAGE_IDS),
  etapa: Text,
  esperaA: TextEnum(WAITING_PARTIES),
  diasHabiles: Int,
  /** The README's default for the stage. */
  predeterminado: Int,
  /** ISO timestamp of the last change, or null when the stage keeps its default. */
  modificado: NullableText,
  /** Who made the last change (name), or null. */
  modificadoPor: NullableText,
})
type ServiceTarget = Static<typeof ServiceTarget>

/** One recorded change: who changed which stage's target from what to what, and when. */
const ServiceTargetChange = Type.Object({
  statusId: Int,
  etapa: Text,
  antes: Int,
  despues: Int,
  usuario: Text,
  /** ISO timestamp. */
  fecha: Text,
})
type ServiceTargetChange = Static<typeof ServiceTargetChange>

export const ServiceLevels = Type.Object({
  objetivos: Type.Array(ServiceTarget),
  /** The newest changes first (at most 50). */
  cambios: Type.Array(ServiceTargetChange),
})
export type ServiceLevels = Static<typeof ServiceLevels>

/**
 * The targets to change; a stage left out keeps its target. Any JSON number passes the schema: whether it is a whole
 * number of business days in range is `serviceTargetReason`'s to say, with its Spanish reason.
 */
export const SaveServiceTargetsBody = Strict({
  objetivos: Type.Array(Strict({ statusId: IntEnum(TIMED_STAGE_IDS), diasHabiles: Num }), {
    minItems: 1,
    maxItems: TIMED_STAGE_IDS.length,
  }),
})
export type SaveServiceTargetsBody = Static<typeof SaveServiceTargetsBody>

/** The targets in force alone, for every signed-in session (the collaborator's home says by when a stage ends). */
export const ServiceTargetsInForce = Type.Object({
  objetivos: Type.Array(Type.Object({ statusId: IntEnum(TIMED_STAGE_IDS), diasHabiles: Int })),
})
export type ServiceTargetsInForce = Static<typeof ServiceTargetsInForce>

export const serviceLevelCalls = {
  targets: defineCall({
    method: 'GET',
    path: '/api/service-levels/targets',
    summary: 'Los días hábiles en vigor por etapa (cualquier sesión: el inicio del colaborador dice cuándo termina la etapa)',
    response: ServiceTargetsInForce,
  }),
  serviceLevels: defineCall({
    method: 'GET',
    path: '/api/service-levels',
    summary: 'Niveles de servicio: días hábiles por etapa, a quién espera cada etapa y los cambios registrados',
    response: ServiceLevels,
  }),
  saveServiceLevels: defineCall({
    method: 'PUT',
    path: '/api/service-levels',
    summary: 'Cambia los días hábiles de una o más etapas (solo administradores); recalcula los vencimientos abiertos',
    body: SaveServiceTargetsBody,
    response: ServiceLevels,
  }),
}

// ───────────── the work queue ('Pendientes') ─────────────

/**
 * A queue page's request: the generic list query (q: a claim number, 'C' optional), a badge and a stage to filter
 * by, and, for «Página siguiente» and «Página anterior», the row the page continues from: its claim number and its
 * due instant (the queue's order is the due instant, then the claim number). At most one of after and before.
 */
export const QueueQuery = Strict({
  ...PageQuery.properties,
  estado: Type.Optional(TextEnum(SERVICE_BADGES)),
  etapa: Type.Optional(IntEnum(TIMED_STAGE_IDS)),
  after: Type.Optional(Id),
  before: Type.Optional(Id),
  /** The due instant of the row named by after or before (ISO). */
  vence: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
})
export type QueueQuery = Static<typeof QueueQuery>

/** One claim waiting on the signed-in user (or, for administrators, on the office). */
const QueueRow = Type.Object({
  idEvento: Int,
  colaborador: Text,
  statusId: IntEnum(TIMED_STAGE_IDS),
  etapa: Text,
  esperaA: TextEnum(WAITING_PARTIES),
  /** ISO instants: entered the stage, becomes 'Por vencer', becomes 'Vencido' after. */
  entrada: Text,
  porVencer: Text,
  vence: Text,
  /** Business days spent in the stage, with one decimal. */
  diasEnEtapa: Num,
  estado: TextEnum(SERVICE_BADGES),
  /** The claim's invoice (the approval's screen names it), or null before the provider uploads one. */
  idFactura: NullableInt,
})
type QueueRow = Static<typeof QueueRow>
export const QueuePage = PageOf(QueueRow)
export type QueuePage = Static<typeof QueuePage>

export const queueCalls = {
  queue: defineCall({
    method: 'GET',
    path: '/api/queue',
    summary:
      'Pendientes: los trámites que esperan a la sesión (ejecutivo: los suyos; administrador: los de la oficina; proveedor: los suyos en Facturación), del más vencido al más holgado',
    querystring: QueueQuery,
    response: QueuePage,
  }),
}

// ───────────── bulk approval of invoices ─────────────

/** The claims whose invoices to approve together (at most 50, each once). */
const BulkApprovalBody = Strict({
  idEventos: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }),
})

/** Which claims were approved, and which were refused with the reason one approval would have given. */
export const BulkApprovalResult = Type.Object({
  aprobados: Type.Array(Type.Object({ idEvento: Int, statusId: Int })),
  rechazados: Type.Array(Type.Object({ idEvento: Int, motivo: Text })),
})
export type BulkApprovalResult = Static<typeof BulkApprovalResult>

export const bulkApprovalCalls = {
  approveInvoices: defineCall({
    method: 'POST',
    path: '/api/queue/approve-invoices',
    summary:
      'Aprueba varias facturas: cada trámite pasa por su ciclo de vida por separado (la misma regla que una aprobación) y el resultado dice cuáles se aprobaron y cuáles no, con el motivo',
    body: BulkApprovalBody,
    response: BulkApprovalResult,
  }),
}
