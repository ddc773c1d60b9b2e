/**
 * Claim lifecycle (trámite): which stage a claim is in and which domain event each stage accepts. The server
 * computes every stage change with it (`nextClaimStage`, XState's pure `transition`) and refuses what the machine
 * refuses; the app reads the same machine for the timeline and for the actions it offers (`canApplyClaimEvent`).
 *
 * States (statusId → value, see domain/claimStages.ts):
 *   tramiteIniciado 1 → cargaDeDocumentos 2 → validacionDeDocumentos 3 ⇄ documentosRechazados 4
 *   → asignacionDeProveedor 5 → cartaAutorizacion 6 → facturacion 7 → facturaEnRevision 9 → tramiteConcluido 8 (final)
 *   cartaAutorizacion 6 → tramiteRechazado 10 (final, dictamen rejected)
 *
 * Context: the status 0–5 of each of the three documents (spec section 4). Stages 2, 3 and 4 leave by eventless
 * transitions that read those statuses, so "all three uploaded", "one rejected" and "all verified" are decided in
 * one place whatever event changed a document. A document is uploaded again only until the reviewer verifies it
 * (`isReplaceableDocument`): the collaborator can fix a wrong file before anyone reviewed it, never undo a
 * verification. Pure: no actors, no delays, no side effects.
 */
import { setup, assign, transition, type SnapshotFrom } from 'xstate'
import { CLAIM_STAGES, type ClaimStageId, isRejectedDocument, isVerifiedDocument } from '../domain/claimStages'

export type DocumentTipo = 1 | 2 | 3
/** Status 0–5 of each document, keyed by tipo ('1' request form, '2' medical summary, '3' official ID). */
export type DocumentStatuses = { '1': number; '2': number; '3': number }

const DOCUMENT_TIPOS: readonly DocumentTipo[] = [1, 2, 3]
export const NO_DOCUMENTS: DocumentStatuses = { '1': 0, '2': 0, '3': 0 }

export type ClaimLifecycleEvent =
  | { type: 'document.upload'; tipo: DocumentTipo }
  | { type: 'documents.verify'; statuses: DocumentStatuses }
  | { type: 'document.comment'; tipo: DocumentTipo; status: number }
  | { type: 'provider.assign' }
  | { type: 'letter.save' }
  | { type: 'dictamen.save'; approved: boolean }
  | { type: 'invoice.upload' }
  | { type: 'invoice.approve' }

export interface ClaimLifecycleContext {
  documents: DocumentStatuses
}

export interface ClaimStageMeta {
  statusId: ClaimStageId
  value: string
  /** For QA: what the timeline/header shows in this stage and which actions the portal offers. */
  view?: string
}

const stage = (statusId: ClaimStageId): ClaimStageMeta => ({ statusId, value: CLAIM_STAGES[statusId] })

const statusesOf = (documents: DocumentStatuses) => DOCUMENT_TIPOS.map((tipo) => documents[tipo])

/**
 * A document may be uploaded again until the reviewer verifies it (issue 21): while it is missing, uploaded and not
 * reviewed yet (a wrong file picked by mistake), or rejected. A verified one (2 or 4) stays as it was verified.
 */
export function isReplaceableDocument(documents: DocumentStatuses, tipo: DocumentTipo): boolean {
  return !isVerifiedDocument(documents[tipo])
}
const isReviewCode = (status: number) => Number.isInteger(status) && status >= 2 && status <= 5
const isTipo = (tipo: unknown): tipo is DocumentTipo => tipo === 1 || tipo === 2 || tipo === 3

/**
 * Spec 2.6 and 4: an invoice is approved only while the claim has its three documents. The lifecycle's guard of
 * `invoice.approve`; the server asks it before approving (to give its own reason) and the invoice screen before
 * offering 'Aprobar factura'.
 */
export const hasAllThreeDocuments = (documents: DocumentStatuses): boolean => statusesOf(documents).every((status) => status > 0)

export const claimLifecycleMachine = setup({
  types: {
    context: {} as ClaimLifecycleContext,
    events: {} as ClaimLifecycleEvent,
    input: {} as { documents?: DocumentStatuses },
    meta: {} as ClaimStageMeta,
  },
  guards: {
    isReplaceableDocument: ({ context, event }) =>
      event.type === 'document.upload' && isTipo(event.tipo) && isReplaceableDocument(context.documents, event.tipo),
    isReviewOfThree: ({ event }) => event.type === 'documents.verify' && statusesOf(event.statuses).every(isReviewCode),
    isReviewOfOne: ({ event }) => event.type === 'document.comment' && isTipo(event.tipo) && isReviewCode(event.status),
    allThreeUploaded: ({ context }) => hasAllThreeDocuments(context.documents),
    anyRejected: ({ context }) => statusesOf(context.documents).some(isRejectedDocument),
    noneRejected: ({ context }) => !statusesOf(context.documents).some(isRejectedDocument),
    allVerified: ({ context }) => statusesOf(context.documents).every(isVerifiedDocument),
    isApproved: ({ event }) => event.type === 'dictamen.save' && event.approved === true,
  },
  actions: {
    markDocumentUploaded: assign({
      documents: ({ context, event }) =>
        event.type === 'document.upload' ? { ...context.documents, [event.tipo]: 1 } : context.documents,
    }),
    recordReview: assign({
      documents: ({ context, event }) =>
        event.type === 'documents.verify' ? { ...event.statuses } : context.documents,
    }),
    recordDocumentComment: assign({
      documents: ({ context, event }) =>
        event.type === 'document.comment' ? { ...context.documents, [event.tipo]: event.status } : context.documents,
    }),
  },
}).createMachine({
  id: 'claimLifecycle',
  initial: 'tramiteIniciado',
  context: ({ input }) => ({ documents: { ...(input?.documents ?? NO_DOCUMENTS) } }),
  states: {
    tramiteIniciado: {
      description: 'Recién creado: aún no hay documentos cargados.',
      meta: { ...stage(1), view: 'Etapa actual «Trámite iniciado»; el colaborador/ejecutivo puede «Cargar archivo» de los tres documentos' },
      on: {
        'document.upload': {
          guard: 'isReplaceableDocument',
          target: 'cargaDeDocumentos',
          actions: 'markDocumentUploaded',
          description: 'Se carga el primer documento',
        },
      },
    },
    cargaDeDocumentos: {
      description: 'Faltan documentos por cargar; con los tres pasa sola a validación.',
      meta: { ...stage(2), view: 'Etapa actual «Carga de documentos»; se ofrece «Cargar archivo»/«Reemplazar archivo» hasta tener los tres documentos' },
      always: { guard: 'allThreeUploaded', target: 'validacionDeDocumentos', description: 'Ya están los tres documentos' },
      on: {
        'document.upload': { guard: 'isReplaceableDocument', actions: 'markDocumentUploaded', description: 'Se carga otro documento' },
      },
    },
    validacionDeDocumentos: {
      description: 'El revisor valida los tres documentos (estatus 2–5).',
      meta: { ...stage(3), view: 'Etapa actual «Validación de documentos»; «Verificar documentos» habilitado y reemplazo de los documentos aún no verificados; «Asignar proveedor» deshabilitado' },
      always: [
        { guard: 'anyRejected', target: 'documentosRechazados', description: 'Se rechaza algún documento' },
        { guard: 'allVerified', target: 'asignacionDeProveedor', description: 'Los tres documentos quedan verificados' },
      ],
      on: {
        'document.upload': { guard: 'isReplaceableDocument', actions: 'markDocumentUploaded', description: 'Se reemplaza un documento aún no verificado' },
        'documents.verify': { guard: 'isReviewOfThree', actions: 'recordReview', description: 'Se guarda la verificación' },
        'document.comment': { guard: 'isReviewOfOne', actions: 'recordDocumentComment', description: 'Se comenta un documento' },
      },
    },
    documentosRechazados: {
      description: 'Algún documento rechazado (3 o 5): el colaborador debe cargarlo de nuevo.',
      meta: { ...stage(4), view: 'Etapa actual «Documentos rechazados» tras «Validación de documentos»; «Reemplazar archivo» de los rechazados y de los aún no revisados y «Verificar documentos»' },
      // The claim is back with the collaborator; once nothing is rejected any more the reviewer takes over again.
      always: { guard: 'noneRejected', target: 'validacionDeDocumentos', description: 'Ya no queda ningún documento rechazado' },
      on: {
        'document.upload': { guard: 'isReplaceableDocument', actions: 'markDocumentUploaded', description: 'Se carga de nuevo un documento' },
        'documents.verify': { guard: 'isReviewOfThree', actions: 'recordReview', description: 'Se guarda la verificación' },
        'document.comment': { guard: 'isReviewOfOne', actions: 'recordDocumentComment', description: 'Se comenta un documento' },
      },
    },
    asignacionDeProveedor: {
      description: 'Los tres documentos verificados (2 o 4); falta asignar proveedor.',
      meta: { ...stage(5), view: 'Etapa actual «Asignación de proveedor»; botón «Asignar proveedor» habilitado (tres documentos verificados)' },
      on: { 'provider.assign': { target: 'cartaAutorizacion', description: 'Se asigna el proveedor' } },
    },
    cartaAutorizacion: {
      description: 'Proveedor asignado; se captura la carta y el dictamen decide facturación o rechazo.',
      meta: { ...stage(6), view: 'Etapa actual «Carta autorización»; «Guardar» la carta, subir dictamen (aprobado/rechazado) y reasignar «Asignar proveedor»' },
      on: {
        // Reassigning a provider keeps the claim here. Self-targets (not `{}`) so `snapshot.can` reports them.
        'provider.assign': { target: 'cartaAutorizacion', description: 'Se reasigna el proveedor' },
        'letter.save': { target: 'cartaAutorizacion', description: 'Se guarda la carta' },
        'dictamen.save': [
          { guard: 'isApproved', target: 'facturacion', description: 'Se guarda el dictamen aprobado' },
          { target: 'tramiteRechazado', description: 'Se guarda el dictamen rechazado' },
        ],
      },
    },
    facturacion: {
      description: 'Dictamen aprobado; se espera la factura del proveedor.',
      meta: { ...stage(7), view: 'Etapa actual «Facturación»; «Guardar» la carta y, para el proveedor, «Cargar factura»' },
      on: {
        'letter.save': { target: 'facturacion', description: 'Se guarda la carta' },
        'invoice.upload': { target: 'facturaEnRevision', description: 'El proveedor carga la factura' },
      },
    },
    facturaEnRevision: {
      description: 'Factura cargada; el administrador la revisa.',
      meta: { ...stage(9), view: 'Etapa actual «Factura en revisión»; «Descargar factura» y «Aprobar factura»; el proveedor puede reemplazar la factura' },
      on: {
        // A provider may replace the invoice while it is in review.
        'invoice.upload': { target: 'facturaEnRevision', description: 'El proveedor reemplaza la factura' },
        'invoice.approve': {
          guard: 'allThreeUploaded',
          target: 'tramiteConcluido',
          description: 'El administrador aprueba la factura (con los tres documentos)',
        },
      },
    },
    tramiteConcluido: {
      description: 'Final: factura aprobada.',
      meta: { ...stage(8), view: 'Etapa actual «Trámite concluido» (todas las etapas completadas); sin acciones, solo consulta' },
      type: 'final',
    },
    tramiteRechazado: {
      description: 'Final: el dictamen rechazó el trámite.',
      meta: { ...stage(10), view: 'Etapa actual «Trámite rechazado» en lugar de «Facturación» y siguientes; sin acciones, solo consulta' },
      type: 'final',
    },
  },
})

export type ClaimLifecycleSnapshot = SnapshotFrom<typeof claimLifecycleMachine>
type ClaimStateName = keyof typeof claimLifecycleMachine.states

const STATE_BY_STATUS = new Map<number, ClaimStateName>(
  (Object.entries(claimLifecycleMachine.states) as [ClaimStateName, { meta?: ClaimStageMeta }][]).map(([name, node]) => [
    node.meta!.statusId,
    name,
  ]),
)

/** Happy-path order of the stages for the timeline; 4 is a detour after 3 and 10 ends the claim after 6. */
export const CLAIM_STAGE_ORDER: readonly ClaimStageId[] = [1, 2, 3, 5, 6, 7, 9, 8]

const isClaimStatusId = (statusId: number): statusId is ClaimStageId => STATE_BY_STATUS.has(statusId)

/** The snapshot of a stored claim: its stage plus its documents' statuses. Throws on an unknown statusId. */
export function claimSnapshotFor(statusId: number, documents: DocumentStatuses = NO_DOCUMENTS): ClaimLifecycleSnapshot {
  const value = STATE_BY_STATUS.get(statusId)
  if (!value) throw new Error(`unknown claim statusId ${statusId}`)
  return claimLifecycleMachine.resolveState({ value, context: { documents: { ...documents } } })
}

/** statusId and stage name of a snapshot. */
export function stageOf(snapshot: ClaimLifecycleSnapshot): ClaimStageMeta {
  const meta = claimLifecycleMachine.states[snapshot.value as ClaimStateName]?.meta as ClaimStageMeta | undefined
  if (!meta) throw new Error(`claim state without stage meta: ${String(snapshot.value)}`)
  return meta
}

/** Whether a claim in this stage, with these documents, accepts the event (what the app enables). */
export function canApplyClaimEvent(statusId: number, documents: DocumentStatuses, event: ClaimLifecycleEvent): boolean {
  if (!isClaimStatusId(statusId)) return false
  return claimSnapshotFor(statusId, documents).can(event)
}

/**
 * The stage and documents after the event, or null when the stage does not accept it. Pure (XState `transition`),
 * so the server can compute inside its transaction and the app can preview.
 */
export function nextClaimStage(
  statusId: number,
  documents: DocumentStatuses,
  event: ClaimLifecycleEvent,
): { statusId: ClaimStageId; documents: DocumentStatuses } | null {
  if (!isClaimStatusId(statusId)) return null
  const snapshot = claimSnapshotFor(statusId, documents)
  if (!snapshot.can(event)) return null
  const [next] = transition(claimLifecycleMachine, snapshot, event)
  return { statusId: stageOf(next).statusId, documents: { ...next.context.documents } }
}

export type TimelineStep = ClaimStageMeta & { state: 'done' | 'current' | 'pending' }

/**
 * The timeline of a claim in `statusId`: the happy path with done/current/pending marks; 'Documentos rechazados'
 * appears (current) after 'Validación de documentos' while the claim is there, and 'Trámite rechazado' replaces the
 * rest of the path once the dictamen rejected it.
 */
export function claimTimeline(statusId: number): TimelineStep[] {
  if (!isClaimStatusId(statusId)) return []
  if (statusId === 10) {
    return [...CLAIM_STAGE_ORDER.slice(0, CLAIM_STAGE_ORDER.indexOf(7)), 10 as const].map((id) => ({
      ...stage(id),
      state: id === 10 ? 'current' : 'done',
    }))
  }
  if (statusId === 4) {
    const at = CLAIM_STAGE_ORDER.indexOf(3)
    const path = [...CLAIM_STAGE_ORDER.slice(0, at + 1), 4 as const, ...CLAIM_STAGE_ORDER.slice(at + 1)]
    return path.map((id, i) => ({ ...stage(id), state: i < at + 1 ? 'done' : i === at + 1 ? 'current' : 'pending' }))
  }
  const current = CLAIM_STAGE_ORDER.indexOf(statusId)
  return CLAIM_STAGE_ORDER.map((id, i) => ({
    ...stage(id),
    state: i < current ? 'done' : i === current ? 'current' : 'pending',
  }))
}
