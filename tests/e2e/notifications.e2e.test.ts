/**
 * Issue 14 end to end: the portal runs with SMTP_URL pointing at a real SMTP server started here (smtp-server on a
 * free loopback port). An administrator rejects a document of a claim in 'Validación de documentos' with a comment
 * in Chromium; the worker mails the collaborator (at the claim's address) a Spanish message with the comment and
 * the /login-colaborador link; the collaborator, signed in, finds it under the bell; the administrators'
 * /administrador/notificaciones shows it as sent.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_TOKEN, demoAccount, fillCollaboratorLogin, signInAs, usePortalAndBrowser } from './harness'
import { startSmtpSink, type SmtpSink } from '../server/helpers/smtpSink'

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => sink?.stop())

const PUBLIC_URL = 'http://portal.example'
const e2e = usePortalAndBrowser({
  env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Portal de trámites <avisos@portal.example>', PUBLIC_URL, NOTIFY_POLL_MS: '200' }),
})
const STEP_TIMEOUT = { timeout: 15_000 }

interface ClaimRow {
  idEvento: number
  idColaborador: number
  statusId: number
}

async function adminToken(): Promise<string> {
  const { email, password, rol } = demoAccount('Administrativo')
  const response = await fetch(`${e2e.portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { authtoken: CLIENT_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role: rol }),
  })
  return ((await response.json()) as { response: { accessToken: string } }).response.accessToken
}

/** A seed claim in 'Validación de documentos' (three documents uploaded, none rejected). */
async function claimInValidation(token: string): Promise<ClaimRow> {
  for (let page = 1; page < 10; page++) {
    const response = await fetch(`${e2e.portal.url}/api/event/all?pageSize=100&page=${page}`, {
      headers: { authtoken: CLIENT_TOKEN, authorization: `Bearer ${token}` },
    })
    const { items } = ((await response.json()) as { response: { items: ClaimRow[] } }).response
    const found = items.find((claim) => claim.statusId === 3)
    if (found) return found
    if (items.length < 100) break
  }
  throw new Error('the seed has no claim in Validación de documentos')
}

async function open(width = 1280): Promise<Page> {
  const { context, page } = await e2e.openPage(width, width < 960 ? 812 : 900)
  e2e.contexts.push(context)
  return page
}

describe('a rejected document reaches the collaborator', () => {
  it('by e-mail with the reviewer’s comment, and under the bell in the portal', async () => {
    const claim = await claimInValidation(await adminToken())
    const comment = 'La identificación oficial está vencida; cargue una vigente'

    const admin = await open()
    await signInAs(admin, 'Administrativo')
    await admin.goto(`/administrador/mis-tramites/proceso-general-tramites/verificacion-documentos/${claim.idEvento}`)
    const document = admin.getByRole('article', { name: 'Identificación oficial' })
    await document.getByText('Rechazado digital', { exact: true }).click()
    await document.getByRole('button', { name: 'Enviar comentario' }).click()
    await document.getByLabel('Comentario sobre Identificación oficial').fill(comment)
    await document.getByRole('button', { name: 'Agregar comentario' }).click()
    await expect.poll(() => document.getByText('Comentario agregado correctamente').isVisible(), STEP_TIMEOUT).toBe(true)

    // The worker delivers it within a few polls.
    const subject = `Trámite C${claim.idEvento}: documentos rechazados`
    await expect.poll(() => sink.mails.filter((m) => m.subject === subject).length, STEP_TIMEOUT).toBe(1)
    const mail = sink.mails.find((m) => m.subject === subject)!
    expect(mail.from).toBe('avisos@portal.example')
    expect(mail.to).toHaveLength(1)
    expect(mail.text).toContain(`- Identificación oficial: ${comment}`)
    expect(mail.text).toContain(`${PUBLIC_URL}/login-colaborador`)
    expect(mail.text).toContain(`número de trámite ${claim.idEvento}`)
    expect(mail.html).toContain(comment)
    expect(mail.html).toContain(`href="${PUBLIC_URL}/login-colaborador"`)

    // The collaborator signs in at 375 px and finds it under the bell.
    const collaborator = await open(375)
    await fillCollaboratorLogin(collaborator, claim.idColaborador, claim.idEvento)
    await collaborator.waitForURL((url) => url.pathname.startsWith('/home-colaborador'))
    const bell = collaborator.getByRole('button', { name: /^Notificaciones: \d+ sin leer$/ })
    await bell.waitFor(STEP_TIMEOUT)
    await bell.click()
    const dialog = collaborator.getByRole('dialog', { name: 'Notificaciones' })
    const item = dialog.getByRole('listitem').filter({ hasText: subject })
    await item.waitFor(STEP_TIMEOUT)
    await item.getByRole('button', { name: `Marcar como leída: ${subject}` }).click()
    await expect.poll(() => item.getByRole('button', { name: /Marcar como leída/ }).count(), STEP_TIMEOUT).toBe(0)

    // The administrators see it sent.
    await admin.goto('/administrador/notificaciones')
    await admin.getByRole('searchbox').or(admin.getByRole('textbox', { name: /Buscar/ })).first().fill(`C${claim.idEvento}`)
    const card = admin.getByRole('listitem').filter({ hasText: subject })
    await expect.poll(() => card.getByText('Enviado', { exact: true }).isVisible(), STEP_TIMEOUT).toBe(true)
    expect(sink.mails.filter((m) => m.subject === subject)).toHaveLength(1)
  }, 120_000)
})
