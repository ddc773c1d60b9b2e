/**
 * The Spanish texts of each notification: the in-app title and line (written with the row) and the mail's
 * plain-text and HTML parts (rendered from the row when it is sent, with the configured portal address).
 *
 * Personal data: a mail says only what its recipient already sees in the portal — the claim number, its stage,
 * and for the collaborator the names of the rejected documents with the reviewer's comments. No names, amounts,
 * diagnoses or other people's addresses.
 */
import type { NotificationAudience, NotificationDetails, NotificationKind } from '../../domain/notifications'

export interface NotificationTexts {
  subject: string
  message: string
}

/** The kinds about one claim; the morning digest has texts of its own (digestMessages.ts). */
export type ClaimNotificationKind = Exclude<NotificationKind, 'morningDigest'>

export function notificationTexts(kind: ClaimNotificationKind, idEvento: number, etapa = ''): NotificationTexts {
  const c = `C${idEvento}`
  switch (kind) {
    case 'documentsRejected':
      return {
        subject: `Trámite ${c}: documentos rechazados`,
        message: 'Se rechazaron documentos de su trámite. Revise los comentarios y cárguelos de nuevo.',
      }
    case 'documentsUploaded':
      return {
        subject: `Trámite ${c}: documentos listos para validar`,
        message: `Los tres documentos del trámite ${c} están cargados y esperan su validación.`,
      }
    case 'invoiceUploaded':
      return {
        subject: `Trámite ${c}: factura cargada`,
        message: `El proveedor cargó la factura del trámite ${c}; está en revisión.`,
      }
    case 'providerAssigned':
      return {
        subject: `Trámite ${c} asignado`,
        message: `Se le asignó el trámite ${c}.`,
      }
    case 'claimConcluded':
      return {
        subject: `Trámite ${c} concluido`,
        message: `La factura fue aprobada y el trámite ${c} concluyó.`,
      }
    case 'claimRejected':
      return {
        subject: `Trámite ${c} rechazado`,
        message: `El dictamen rechazó el trámite ${c}.`,
      }
    case 'claimOverdue':
      return {
        subject: `Trámite ${c}: vencido`,
        message: `El trámite ${c} venció en «${etapa}» y espera su acción.`,
      }
    case 'claimEscalated':
      return {
        subject: `Trámite ${c}: vencido por más del doble de su plazo`,
        message: `El trámite ${c} lleva en «${etapa}» más del doble de los días hábiles de su nivel de servicio.`,
      }
  }
}

const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

/** Where the in-app notification leads its recipient. */
export function notificationLink(audience: NotificationAudience, idEvento: number): string {
  switch (audience) {
    case 'collaborator':
      return '/home-colaborador'
    case 'provider':
      return '/proveedores/mis-tramites'
    case 'admin':
      return `/administrador/${CLAIM_PROCESS}/${idEvento}`
    case 'executive':
      return `/${CLAIM_PROCESS}/${idEvento}`
  }
}

export interface MailParts {
  subject: string
  text: string
  html: string
}

export interface RenderableNotification {
  idEvento: number
  subject: string
  message: string
  link: string
  details: NotificationDetails
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

export const FOOTER = 'Este es un mensaje automático del Portal de trámites; no lo responda.'

/** The HTML mail's head, greeting and first line, the same for every mail the outbox sends. */
export function mailHtmlOpening(row: Pick<RenderableNotification, 'subject' | 'message'>): string[] {
  return [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>',
    escapeHtml(row.subject),
    '</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<p>Hola:</p>',
    `<p>${escapeHtml(row.message)}</p>`,
  ]
}

/** The mail of a notification about one claim: plain text and HTML saying the same. */
export function renderMail(row: RenderableNotification, publicUrl: string): MailParts {
  const { details } = row
  // The collaborator signs in with numbers at /login-colaborador; a deep link would only bounce to it.
  const url = details.audience === 'collaborator' ? `${publicUrl}/login-colaborador` : `${publicUrl}${row.link}`
  const documents = details.documentos ?? []
  const action =
    details.audience === 'collaborator'
      ? `Ingrese al portal con su número de colaborador y el número de trámite ${row.idEvento}:`
      : 'Ábralo en el portal:'
  const documentLines = documents.map((d) => `- ${d.nombre}: ${d.comentario ?? 'sin comentario'}`)
  const text = [
    'Hola:',
    '',
    row.message,
    ...(documentLines.length ? ['', 'Comentarios del revisor:', ...documentLines] : []),
    '',
    action,
    url,
    '',
    FOOTER,
    '',
  ].join('\n')
  const documentHtml = documents.length
    ? `<p>Comentarios del revisor:</p><ul>${documents
        .map((d) => `<li><strong>${escapeHtml(d.nombre)}:</strong> ${escapeHtml(d.comentario ?? 'sin comentario')}</li>`)
        .join('')}</ul>`
    : ''
  const html = [
    ...mailHtmlOpening(row),
    documentHtml,
    `<p>${escapeHtml(action)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    `<p style="color:#4b5563;font-size:13px">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('')
  return { subject: row.subject, text, html }
}
