/**
 * What a claim offers: for each lifecycle action a screen can show (replace a document, verify, comment, assign a
 * provider, save the letter, save the dictamen, upload and approve the invoice), whether it is available now and,
 * when not, a short Spanish reason to show instead. It only asks the claim lifecycle machine
 * (`canApplyClaimEvent`), so no screen restates a stage rule: change a transition there and every screen follows.
 *
 * The reason says whether the action comes later ('Disponible cuando …') or has passed, by comparing the claim's
 * stage with the first stage (in the happy-path order) whose lifecycle state accepts the action.
 */
import { isFinalStage, isRejectedStage } from '../domain/claimStages'
import {
  canApplyClaimEvent,
  CLAIM_STAGE_ORDER,
  isReplaceableDocument,
  NO_DOCUMENTS,
  type ClaimLifecycleEvent,
  type DocumentStatuses,
  type DocumentTipo,
} from './claimLifecycle.machine'

/** One representative event per action; the stage decides, the payload only has to pass the event's own guards. */
const ACTION_EVENTS = {
  documentUpload: { type: 'document.upload', tipo: 1 },
  documentsVerify: { type: 'documents.verify', statuses: { '1': 2, '2': 2, '3': 2 } },
  documentComment: { type: 'document.comment', tipo: 1, status: 2 },
  providerAssign: { type: 'provider.assign' },
  letterSave: { type: 'letter.save' },
  dictamenSave: { type: 'dictamen.save', approved: true },
  invoiceUpload: { type: 'invoice.upload' },
  invoiceApprove: { type: 'invoice.approve' },
} as const satisfies Record<string, ClaimLifecycleEvent>

export type ClaimAction = keyof typeof ACTION_EVENTS

export const CLAIM_ACTIONS = Object.keys(ACTION_EVENTS) as ClaimAction[]

/** Spanish reasons (ours; the spec is silent). `later` before the action's first stage, `passed` after it. */
export const CLAIM_ACTION_REASONS = {
  missingDocuments: 'Faltan documentos del trámite: se necesitan los tres.',
  readOnly: 'Vista de solo lectura.',
  /** One document the reviewer verified, while the others may still be uploaded again. */
  verifiedDocument: 'Documento verificado: ya no se reemplaza.',
  concluded: 'Trámite concluido: solo lectura',
  rejected: 'Trámite rechazado: solo lectura',
  later: {
    documentUpload: 'Disponible mientras se cargan los documentos.',
    documentsVerify: 'Disponible cuando los tres documentos estén cargados.',
    documentComment: 'Disponible cuando los tres documentos estén cargados.',
    providerAssign: 'Disponible cuando los tres documentos estén verificados.',
    letterSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    dictamenSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  passed: {
    documentUpload: 'Los documentos ya están verificados: no se reemplazan.',
    documentsVerify: 'Los documentos ya están verificados.',
    documentComment: 'Los documentos ya están verificados.',
    providerAssign: 'La etapa actual del trámite ya no admite asignar proveedor.',
    letterSave: 'La factura ya está en revisión: la carta no se modifica.',
    dictamenSave: 'El dictamen ya fue registrado.',
    invoiceUpload: 'La factura ya fue aprobada.',
    invoiceApprove: 'La factura ya fue aprobada.',
  },
} as const satisfies {
  missingDocuments: string
  readOnly: string
  verifiedDocument: string
  concluded: string
  rejected: string
  later: Record<ClaimAction, string>
  passed: Record<ClaimAction, string>
}

export type ClaimActionOffer = { available: true; reason: null } | { available: false; reason: string }
export type ClaimActionOffers = Record<ClaimAction, ClaimActionOffer>

export interface ClaimActionOptions {
  /**
   * The documents' statuses when the screen knows them: approving the invoice needs the three (issue 26, the
   * lifecycle's `invoice.approve` guard); without them the stage alone answers.
   */
  documents?: DocumentStatuses
  /** The viewer may not change anything (the retail partner's area, spec section 6). */
  readOnly?: boolean
}

const AVAILABLE: ClaimActionOffer = { available: true, reason: null }
const unavailable = (reason: string): ClaimActionOffer => ({ available: false, reason })

/** Position in the happy path; 4 (Documentos rechazados) is a detour of 3 and 10 ends the claim after 6. */
function orderOf(statusId: number): number {
  if (statusId === 4) return CLAIM_STAGE_ORDER.indexOf(3)
  if (isRejectedStage(statusId)) return CLAIM_STAGE_ORDER.indexOf(6) + 0.5
  return CLAIM_STAGE_ORDER.indexOf(statusId as (typeof CLAIM_STAGE_ORDER)[number])
}

/** Three documents uploaded, none reviewed yet: what an action that needs the documents is asked with to learn its stages. */
const ALL_UPLOADED: DocumentStatuses = { '1': 1, '2': 1, '3': 1 }

/** The first stage (in order) that accepts the action: before it the action is still to come. */
function firstStageAccepting(action: ClaimAction): number {
  const event = ACTION_EVENTS[action]
  const first = CLAIM_STAGE_ORDER.find(
    (statusId) => canApplyClaimEvent(statusId, NO_DOCUMENTS, event) || canApplyClaimEvent(statusId, ALL_UPLOADED, event),
  )
  return first === undefined ? Number.POSITIVE_INFINITY : orderOf(first)
}

/** Whether `action` is available on a claim in `statusId`, or why not. */
export function claimActionOffer(action: ClaimAction, statusId: number, options: ClaimActionOptions = {}): ClaimActionOffer {
  if (options.readOnly) return unavailable(CLAIM_ACTION_REASONS.readOnly)
  const event = ACTION_EVENTS[action]
  if (canApplyClaimEvent(statusId, options.documents ?? NO_DOCUMENTS, event)) return AVAILABLE
  // An action that needs the documents (the invoice is approved with the three): without them the stage alone answers;
  // with the documents the screen knows, a stage that takes it says what is missing.
  if (canApplyClaimEvent(statusId, ALL_UPLOADED, event)) {
    if (!options.documents) return AVAILABLE
    return unavailable(CLAIM_ACTION_REASONS.missingDocuments)
  }
  if (isFinalStage(statusId)) return unavailable(isRejectedStage(statusId) ? CLAIM_ACTION_REASONS.rejected : CLAIM_ACTION_REASONS.concluded)
  const later = orderOf(statusId) < firstStageAccepting(action)
  return unavailable(later ? CLAIM_ACTION_REASONS.later[action] : CLAIM_ACTION_REASONS.passed[action])
}

/** Every action's offer for one claim: what the claim process pages read from their frame. */
export function claimActionOffers(statusId: number, options: ClaimActionOptions = {}): ClaimActionOffers {
  return Object.fromEntries(
    CLAIM_ACTIONS.map((action) => [action, claimActionOffer(action, statusId, options)]),
  ) as ClaimActionOffers
}

/**
 * Uploading one document again, whatever the stage: until the reviewer verifies it (the lifecycle's own
 * `isReplaceableDocument`, the guard of every `document.upload`). The collaborator's slots read this; a verified
 * document only exists from 'Validación de documentos' on, and past 'Documentos rechazados' all three are verified.
 */
export function documentReplaceOffer(documents: DocumentStatuses, tipo: DocumentTipo, options: Pick<ClaimActionOptions, 'readOnly'> = {}): ClaimActionOffer {
  if (options.readOnly) return unavailable(CLAIM_ACTION_REASONS.readOnly)
  return isReplaceableDocument(documents, tipo) ? AVAILABLE : unavailable(CLAIM_ACTION_REASONS.verifiedDocument)
}

/** Uploading one document on a claim in `statusId`: the stage's offer, then whether that document is still replaceable. */
export function documentUploadOffer(
  statusId: number,
  documents: DocumentStatuses,
  tipo: DocumentTipo,
  options: Pick<ClaimActionOptions, 'readOnly'> = {},
): ClaimActionOffer {
  if (options.readOnly) return unavailable(CLAIM_ACTION_REASONS.readOnly)
  if (canApplyClaimEvent(statusId, documents, { type: 'document.upload', tipo })) return AVAILABLE
  const stage = claimActionOffer('documentUpload', statusId)
  return stage.available ? documentReplaceOffer(documents, tipo) : stage
}
