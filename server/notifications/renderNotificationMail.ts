/** The mail of any outbox row: a morning digest's (digestMessages.ts) or a claim notification's (messages.ts). */
import { digestMail } from './digestMessages'
import { renderMail, type MailParts, type RenderableNotification } from './messages'

export function renderNotificationMail(row: RenderableNotification, publicUrl: string): MailParts {
  const { resumen } = row.details
  return resumen ? digestMail({ ...row, resumen }, publicUrl) : renderMail(row, publicUrl)
}
