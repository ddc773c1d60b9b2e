/**
 * The Spanish texts of the morning digest (issue 23, item 4): its subject and in-app line, written with the row, and
 * its mail, rendered when it is sent: the late claims, then the due-soon ones, each with its stage, due date and link,
 * and a link to the recipient's Pendientes for those the mail does not list. Like every mail, only what the recipient
 * already sees in the portal: claim numbers, stages and dates.
 */
import { DIGEST_COUNT_LIMIT, type DigestClaim, type DigestSummary, type NotificationAudience } from '../../domain/notifications'
import { escapeHtml, FOOTER, mailHtmlOpening, notificationLink, type MailParts, type NotificationTexts, type RenderableNotification } from './messages'

type OfficeAudience = Exclude<NotificationAudience, 'collaborator'>

const PENDING_PATHS: Readonly<Record<OfficeAudience, string>> = {
  executive: '/pendientes',
  admin: '/administrador/pendientes',
  provider: '/proveedores/pendientes',
}

/** Where a morning digest leads: the recipient's Pendientes. */
export const digestLink = (audience: OfficeAudience): string => PENDING_PATHS[audience]

/** Where a claim listed in a morning digest leads: the provider to its invoice, the office to the claim. */
const digestClaimLink = (audience: NotificationAudience, idEvento: number): string =>
  audience === 'provider' ? `/proveedores/cargar-factura/${idEvento}` : notificationLink(audience, idEvento)

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('es-MX')} ${many}`)

const capped = (n: number) => (n > DIGEST_COUNT_LIMIT ? `más de ${DIGEST_COUNT_LIMIT.toLocaleString('es-MX')}` : n.toLocaleString('es-MX'))

/** '3 vencidos y 1 por vencer', or the half that is not zero; past the counting limit 'más de 1,000 vencidos'. */
function digestCounts(summary: Pick<DigestSummary, 'vencidos' | 'porVencer'>): string {
  const parts = [
    ...(summary.vencidos > 0 ? [summary.vencidos === 1 ? '1 vencido' : `${capped(summary.vencidos)} vencidos`] : []),
    ...(summary.porVencer > 0 ? [`${capped(summary.porVencer)} por vencer`] : []),
  ]
  return parts.join(' y ')
}

// The day is a Mexico City date already: formatted at its UTC noon in UTC, no zone can move it.
const longDay = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
const shortDate = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', day: 'numeric', month: 'short', year: 'numeric' })

/** The morning digest's subject and in-app line. */
export function digestTexts(summary: DigestSummary): NotificationTexts {
  const total = summary.vencidos + summary.porVencer
  const many = summary.vencidos > DIGEST_COUNT_LIMIT || summary.porVencer > DIGEST_COUNT_LIMIT
  return {
    subject: `Sus pendientes del ${longDay.format(new Date(`${summary.dia}T12:00:00Z`))}: ${digestCounts(summary)}`,
    message: `${total === 1 ? 'Un trámite requiere' : many ? 'Muchos trámites requieren' : `${total.toLocaleString('es-MX')} trámites requieren`} su atención: ${digestCounts(summary)}.`,
  }
}

const claimLine = (claim: DigestClaim) =>
  `C${claim.idEvento} · ${claim.etapa} · ${claim.estado === 'overdue' ? 'venció el' : 'vence el'} ${shortDate.format(new Date(claim.vence))}`

/** The digest's mail: the listed claims under 'Vencidos' and 'Por vencer', each with its link. */
export function digestMail(row: RenderableNotification & { resumen: DigestSummary }, publicUrl: string): MailParts {
  const { resumen, details } = row
  const groups = [
    { title: 'Vencidos:', claims: resumen.tramites.filter((claim) => claim.estado === 'overdue') },
    { title: 'Por vencer:', claims: resumen.tramites.filter((claim) => claim.estado === 'dueSoon') },
  ].filter((group) => group.claims.length > 0)
  const urlOf = (claim: DigestClaim) => `${publicUrl}${digestClaimLink(details.audience, claim.idEvento)}`
  const left = resumen.vencidos + resumen.porVencer - resumen.tramites.length
  const many = resumen.vencidos > DIGEST_COUNT_LIMIT || resumen.porVencer > DIGEST_COUNT_LIMIT
  const more = left > 0 ? (many ? 'muchos trámites más en sus pendientes.' : `${plural(left, 'trámite más', 'trámites más')} en sus pendientes.`) : null
  const pending = `${publicUrl}${row.link}`
  const text = [
    'Hola:',
    '',
    row.message,
    ...groups.flatMap((group) => ['', group.title, ...group.claims.map((claim) => `- ${claimLine(claim)}: ${urlOf(claim)}`)]),
    ...(more ? ['', `Y ${more}`] : []),
    '',
    'Vea todos sus pendientes en el portal:',
    pending,
    '',
    FOOTER,
    '',
  ].join('\n')
  const html = [
    ...mailHtmlOpening(row),
    ...groups.map(
      (group) =>
        `<p>${escapeHtml(group.title)}</p><ul>${group.claims
          .map((claim) => `<li><a href="${escapeHtml(urlOf(claim))}">${escapeHtml(claimLine(claim))}</a></li>`)
          .join('')}</ul>`,
    ),
    more ? `<p>Y ${escapeHtml(more)}</p>` : '',
    `<p>Vea todos sus pendientes en el portal:<br><a href="${escapeHtml(pending)}">${escapeHtml(pending)}</a></p>`,
    `<p style="color:#4b5563;font-size:13px">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('')
  return { subject: row.subject, text, html }
}
