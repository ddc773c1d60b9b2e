/**
 * Text an official document can hold (issue 25, item 6): a lone UTF-16 surrogate is refused in every text field with
 * 400, a required letter field of spaces only is 'Campo requerido' (the same domain rule the form runs), and what the
 * letter's fonts cannot print is refused with a Spanish reason that names it; nothing is written on a refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { authHeaders, createRoleWorld, executiveSignupBody } from './helpers/fixtures'
import { claimLetters, users } from '../../server/db/schema'
import { MESSAGES } from '../../domain/rules'

const t = useTestApp()
type World = Awaited<ReturnType<typeof createRoleWorld>>
let w: World

beforeAll(async () => {
  w = await createRoleWorld(t.db, { statusId: 6 })
})

/** A JSON body written by hand, so `\ud800` reaches the server as the escape JSON allows. */
async function sendRaw(method: 'PUT' | 'POST', url: string, json: string, session: keyof World['sessions'] | null = 'executiveOwner') {
  const headers = { ...(await authHeaders(t.app, session ? w.sessions[session] : null)), 'content-type': 'application/json' }
  return t.app.inject({ method, url, headers, payload: json })
}

const letterRows = () => t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, w.claim.idEvento))

describe('lone surrogates', () => {
  it('are refused with 400 in a letter text, an executive name, a sign-in email and a body key', async () => {
    const id = w.claim.idEvento
    const signup = JSON.stringify(executiveSignupBody()).replace('"nombre":"', '"nombre":"Ana \\udc00')
    const cases = [
      await sendRaw('PUT', '/api/event/update', `{"idEvento":${id},"diagnostico":"Fractura \\ud83d"}`),
      await sendRaw('PUT', '/api/event/update', `{"idEvento":${id},"nombreMedico":"\\udfff Dr."}`),
      await sendRaw('POST', '/api/auth/signup-executive', signup, 'admin'),
      await sendRaw('POST', '/api/auth/login', '{"email":"a\\ud800@coppel.com","password":"Demo#2026","rol":0}', null),
      await sendRaw('PUT', '/api/event/update', `{"idEvento":${id},"nombreMedico":"Dr. Ruiz","x\\ud800":1}`),
    ]
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ success: false, reason: MESSAGES.malformedText })
    }
    expect(await letterRows()).toEqual([])
    expect(await t.db.select().from(users).where(eq(users.nombre, 'Ana \udc00'))).toEqual([])
  })

  it('a whole surrogate pair (an emoji in a field that does not print) is still a text', async () => {
    const res = await sendRaw('POST', '/api/auth/login', '{"email":"\\ud83d\\ude00@coppel.com","password":"x","rol":0}', null)
    expect(res.json().reason).not.toBe(MESSAGES.malformedText)
  })
})

describe('the letter form rules on the server', () => {
  const put = async (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/event/update',
      headers: await authHeaders(t.app, w.sessions.executiveOwner),
      payload: { idEvento: w.claim.idEvento, ...payload },
    })

  it('answers a required text of spaces only with the field and Campo requerido, and writes nothing', async () => {
    for (const [field, label] of [
      ['nombreMedico', 'Nombre del médico'],
      ['diagnostico', 'Diagnóstico'],
      ['medicoEsp', 'Especialidad del médico'],
      ['medicoProcedimiento', 'Procedimiento'],
    ]) {
      const res = await put({ [field!]: '   \u00a0 ' })
      expect(res.statusCode, field).toBe(400)
      expect(res.json()).toMatchObject({ success: false, reason: `${label}: ${MESSAGES.required}` })
    }
    expect(await letterRows()).toEqual([])
  })

  it('refuses what the letter cannot print, naming it, and accepts every script the letter prints', async () => {
    const refused = await put({ diagnostico: 'Fractura 😀 de 🦴' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().reason).toBe(`Diagnóstico: ${MESSAGES.unprintable} (😀 🦴)`)
    // Not emoji, so the form lets them pass; no font of the letter has them (Thai, Egyptian): the server says so.
    const symbol = await put({ observaciones: 'Revisar ก 𓀀' })
    expect(symbol.statusCode).toBe(400)
    expect(symbol.json().reason).toBe(`Observaciones: ${MESSAGES.unprintable} (ก 𓀀)`)
    expect(await letterRows()).toEqual([])

    const names = 'Dra. Σοφία · Анна · محمد علي · שרה כהן · प्रिया शर्मा · 张伟 · さくら · 김민준'
    const saved = await put({ nombreMedico: names, observaciones: null })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await letterRows())[0]!.nombreMedico).toBe(names)
  })
})
