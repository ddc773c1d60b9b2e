/**
 * Notifications (issue 14): what happened to a claim that hands it to someone, and the delivery states of the mail
 * each notification carries. The server writes them (server/notifications/), the app lists them.
 */

export const NOTIFICATION_KINDS = [
  'documentsRejected',
  'documentsUploaded',
  'invoiceUploaded',
  'providerAssigned',
  'claimConcluded',
  'claimRejected',
  'claimOverdue',
  'claimEscalated',
  'morningDigest',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * pending: waiting for the worker (or for its next attempt); sending: a worker took it; sent: the SMTP server
 * accepted it; failed: given up (recorded with the last error); kept: no SMTP server configured, kept for reading.
 */
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'kept'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  pending: 'Pendiente',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falló',
  kept: 'Conservado (sin SMTP)',
}

/** How many notifications the in-app list shows (the newest). */
export const NOTIFICATION_LIST_SIZE = 20

/** Who a notification is for: decides its texts and links. */
export type NotificationAudience = 'collaborator' | 'executive' | 'admin' | 'provider'

/** What a notification's texts need besides its kind and claim, fixed when the stage changes. */
export interface NotificationDetails {
  audience: NotificationAudience
  /** documentsRejected: the rejected documents with the reviewer's comment at the time of the rejection. */
  documentos?: { nombre: string; comentario: string | null }[]
  /** claimOverdue, claimEscalated: the stage that is late (issue 23). */
  etapa?: string
  /** morningDigest: the recipient's late and due-soon claims that morning (issue 23). */
  resumen?: DigestSummary
}

/** One claim of a morning digest: its stage, its badge and when it was (or is) due. */
export interface DigestClaim {
  idEvento: number
  etapa: string
  estado: 'overdue' | 'dueSoon'
  /** ISO instant. */
  vence: string
}

/**
 * A morning digest: the Mexico City day it is for, how many claims are 'Vencido' and 'Por vencer' (each counted up to
 * DIGEST_COUNT_LIMIT + 1: more than the limit reads 'más de 1,000'), and the first of them, most late first; the mail
 * links each and the recipient's Pendientes for the rest.
 */
export const DIGEST_COUNT_LIMIT = 1000

export interface DigestSummary {
  dia: string
  vencidos: number
  porVencer: number
  tramites: DigestClaim[]
}
