/**
 * Generated inputs (fast-check) for create-claim, letter update and assign-provider: valid bodies with random
 * fields replaced, removed or added, and whole-body garbage. Whatever comes in, the answer is never a 500; a refusal
 * writes nothing; an acceptance obeys the rules (stage, amounts, owner, provider state).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createCollaboratorWithCoverage, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { claimLetters, claims, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

let t: TestApp
let exec: Awaited<ReturnType<typeof createUser>>
let otherExec: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await buildTestApp()
  exec = await createUser(t.db, 0)
  otherExec = await createUser(t.db, 0)
})
afterAll(async () => t.close())

const REMOVE = Symbol('remove')
const EXTRA_KEYS = ['statusId', 'idProveedor', 'rol', 'tipo', 'fechaIngreso', 'constructor', '__proto__', '', 'ñ'] as const

/** Anything a client might put in a JSON field. */
const anyJson = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, '', ' ', '0', '12', 'C1', '2026-02-30', '9999-99-99'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 190, maxLength: 1100 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
)

/** A valid body with up to three fields replaced by a generated value or removed, and sometimes an extra key. */
function mutated(valid: Record<string, unknown>, fieldValues: Record<string, fc.Arbitrary<unknown>> = {}) {
  const keys = Object.keys(valid)
  const change = fc.constantFrom(...keys).chain((key) =>
    fc.tuple(
      fc.constant(key),
      fc.oneof(
        { weight: 3, arbitrary: fieldValues[key] ?? anyJson },
        { weight: 1, arbitrary: anyJson },
        { weight: 1, arbitrary: fc.constant<unknown>(REMOVE) },
      ),
    ),
  )
  return fc
    .record({
      changes: fc.oneof(fc.constant([] as [string, unknown][]), fc.array(change, { minLength: 1, maxLength: 3 })),
      extra: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyJson) },
      ),
    })
    .map(({ changes, extra }) => {
      const body: Record<string, unknown> = { ...valid }
      for (const [key, value] of changes) {
        if (value === REMOVE) delete body[key]
        else body[key] = value
      }
      if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true })
      return body
    })
}

/** A whole body that is not an object at all, sometimes. */
const orGarbage = (body: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof({ weight: 9, arbitrary: body.map((b) => JSON.stringify(b)) }, { weight: 1, arbitrary: fc.oneof(anyJson.map((v) => JSON.stringify(v)), fc.string({ maxLength: 20 })) })

/**
 * What the schema made of a sent value (Fastify's ajv runs with coerceTypes 'array'): a one-item array is unwrapped,
 * and scalars become the declared type (12 → '12' for text, '12' → 12 and true → 1 for numbers, null → '' or 0).
 */
function coercedLike(stored: unknown, sent: unknown): unknown {
  const value = Array.isArray(sent) && sent.length === 1 ? sent[0] : sent
  if (stored === null) return value
  if (typeof stored === 'string') return value === null ? '' : String(value)
  if (typeof stored === 'number') return value === null ? 0 : Number(value)
  return value
}

async function send(session: Session, method: 'POST' | 'PUT', url: string, payload: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(await authHeaders(t.app, session)), 'content-type': 'application/json' },
    payload,
  })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

async function tableCounts() {
  const count = async (table: typeof claims | typeof statusHistory | typeof claimLetters) =>
    (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table))[0]!.n
  return { claims: await count(claims), history: await count(statusHistory), letters: await count(claimLetters) }
}

async function claimSnapshot(idEvento: number) {
  const [claim] = await t.db.select().from(claims).where(eq(claims.idEvento, idEvento))
  const history = await t.db.select().from(statusHistory).where(eq(statusHistory.idEvento, idEvento))
  const letter = await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, idEvento))
  return { claim, history, letter }
}

const accepted = { create: 0, letter: 0, assign: 0 }

describe('generated inputs for /api/event writes', () => {
  afterAll(() => {
    if (process.env.SHOW_ACCEPTED) console.log('accepted', accepted)
  })

  it('create claim: never 500, refusals write nothing, acceptances respect the coverage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('free', 'free', 'free', 'open', 'hidden' as const),
        fc.constantFrom(false, false, false, true),
        fc.integer({ min: 1, max: 50_000 }),
        fc.gen(),
        async (situation, spoofed, monto, g) => {
          const owner =
            situation === 'open'
              ? await createClaim(t.db, { idEjecutivo: otherExec.idUser, statusId: 2, montoAutorizado: 1, monto })
              : await createCollaboratorWithCoverage(t.db, monto)
          if (situation === 'hidden') await t.db.execute(sql`update coverages set show_cta_btn = 0 where id_cobertura = ${owner.coverage.idCobertura}`)
          const valid = {
            idColaborador: owner.idColaborador,
            idEjecutivo: spoofed ? otherExec.idUser : exec.idUser,
            idCobertura: owner.coverage.idCobertura,
            beneficiary: 'Nombre Apellido',
            email: 'correo@dominio.com',
            phone: '6671234567',
            age: 40,
            gender: 1,
            state: owner.stateId,
            city: owner.municipalityId,
            montoAutorizado: Math.min(monto, 1_000),
          }
          const bodies = orGarbage(
            mutated(valid, {
              montoAutorizado: fc.oneof(fc.double({ min: -10, max: monto * 2, noNaN: true }), fc.constantFrom(0, 0.01, monto, monto + 0.01)),
              phone: fc.stringMatching(/^[0-9]{0,12}$/),
              age: fc.integer({ min: -5, max: 200 }),
              gender: fc.integer({ min: 0, max: 3 }),
              email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })),
            }),
          )
          const payload = g(() => bodies)
          const before = await tableCounts()
          const res = await send(sessionOf(exec), 'POST', '/api/event', payload)
          expect(res.status, payload).toBeLessThan(500)
          if (res.status !== 200) {
            expect(res.body.success).toBe(false)
            expect(await tableCounts()).toEqual(before)
            return
          }
          accepted.create++
          expect(situation).toBe('free')
          const [created] = await t.db.select().from(claims).where(eq(claims.idEvento, res.body.response.insertId))
          expect(created).toMatchObject({ statusId: 1, idEjecutivo: exec.idUser, idCobertura: owner.coverage.idCobertura })
          expect(created!.montoAutorizado).toBeGreaterThan(0)
          expect(created!.montoAutorizado).toBeLessThanOrEqual(monto)
          expect(await tableCounts()).toEqual({ ...before, claims: before.claims + 1, history: before.history + 1 })
        },
      ),
      { numRuns: 60 },
    )
  }, 180_000)

  it('letter update: never 500, refusals write nothing, saves only in Carta autorización or Facturación', async () => {
    const letter = {
      fechaIngreso: '2026-01-15',
      nombreMedico: 'Dr. Juan Pérez',
      tipoServicio: 2,
      tipoAtencion: 1,
      tipoAtencion2: 2,
      tipoPadecimiento: 5,
      diagnostico: 'Fractura',
      observaciones: '',
      deducibleHospital: 100,
      coaseguroHospital: 5,
      medicoEsp: 'Traumatología',
      medicoProcedimiento: 'Reducción',
      medicoMonto: 999.99,
      medicoHonorariosAsegurado: 10,
      vigenciaDesde: '2026-01-01',
      vigenciaHasta: '2026-12-31',
      limiteFacturacion: '2027-01-31',
    }
    // Another executive's claim, in a stage that accepts a letter: only ownership refuses it.
    const theirs = await createClaim(t.db, { idEjecutivo: otherExec.idUser, statusId: 6 })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(3, 5, 6, 6, 7, 7, 9, 10),
        fc.subarray(Object.keys(letter), { minLength: 0 }),
        fc.constantFrom('own', 'own', 'own', 'other', 'missing' as const),
        fc.gen(),
        async (statusId, keys, which, g) => {
          const mine = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId })
          const idEvento = which === 'own' ? mine.claim.idEvento : which === 'other' ? theirs.claim.idEvento : 2_000_000_000
          const valid = { idEvento, ...Object.fromEntries(keys.map((k) => [k, letter[k as keyof typeof letter]])) }
          const payload = g(() =>
            orGarbage(
              mutated(valid, {
                tipoServicio: fc.integer({ min: 0, max: 3 }),
                tipoAtencion2: fc.integer({ min: 0, max: 5 }),
                medicoMonto: fc.oneof(fc.double({ min: -1, max: 1e11, noNaN: true }), fc.integer({ min: 0, max: 999_999_999 }).map((c) => c / 100)),
                vigenciaDesde: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
                vigenciaHasta: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
              }),
            ),
          )
          const before = [await claimSnapshot(mine.claim.idEvento), await claimSnapshot(theirs.claim.idEvento)]
          const res = await send(sessionOf(exec), 'PUT', '/api/event/update', payload)
          expect(res.status, payload).toBeLessThan(500)
          if (res.status !== 200) {
            expect(res.body.success).toBe(false)
            expect([await claimSnapshot(mine.claim.idEvento), await claimSnapshot(theirs.claim.idEvento)]).toEqual(before)
            return
          }
          accepted.letter++
          expect(which).toBe('own')
          expect([6, 7]).toContain(statusId)
          const sent = JSON.parse(payload) as Record<string, unknown>
          const [saved] = await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, idEvento))
          for (const [key, value] of Object.entries(sent)) {
            if (key === 'idEvento') continue
            const stored = saved![key as keyof typeof saved]
            expect(stored, key).toEqual(coercedLike(stored, value))
          }
          expect((await claimSnapshot(mine.claim.idEvento)).history).toEqual(before[0]!.history)
        },
      ),
      { numRuns: 50 },
    )
  }, 180_000)

  it('refuses an amount that numeric(12,2) would silently round, such as 5e-139 (a case fast-check found)', async () => {
    const { claim } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 6 })
    const before = await claimSnapshot(claim.idEvento)
    for (const medicoMonto of [5.2255932027939674e-139, 0.001, 10.005]) {
      const res = await send(sessionOf(exec), 'PUT', '/api/event/update', JSON.stringify({ idEvento: claim.idEvento, medicoMonto }))
      expect(res.status).toBe(400)
      expect(res.body.reason).toBe('Monto: el monto admite como máximo dos decimales')
    }
    expect(await claimSnapshot(claim.idEvento)).toEqual(before)
    const ok = await send(sessionOf(exec), 'PUT', '/api/event/update', JSON.stringify({ idEvento: claim.idEvento, medicoMonto: 0.29 }))
    expect(ok.status).toBe(200)
  })

  it('assign provider: never 500, refusals write nothing, only active providers with a service in stage 5 or 6', async () => {
    const active = (await createProvider(t.db)).provider
    const inactive = (await createProvider(t.db, { activo: 1 })).provider
    const serviceless = (await createProvider(t.db, { servicioId: null })).provider
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(3, 4, 5, 5, 6, 6, 7, 8),
        fc.constantFrom(active.idProveedor, active.idProveedor, active.idProveedor, inactive.idProveedor, serviceless.idProveedor, 2_000_000_000),
        fc.constantFrom('self', 'self', 'absent', 'other' as const),
        fc.gen(),
        async (statusId, idProveedor, who, g) => {
          const { claim } = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId })
          const valid: Record<string, unknown> = { idEvento: claim.idEvento, idProveedor }
          if (who !== 'absent') valid.idEjecutivo = who === 'self' ? exec.idUser : otherExec.idUser
          const payload = g(() => orGarbage(mutated(valid, { idProveedor: fc.integer({ min: -1, max: 5_000 }) })))
          const before = await claimSnapshot(claim.idEvento)
          const res = await send(sessionOf(exec), 'PUT', '/api/event/assign-provider', payload)
          expect(res.status, payload).toBeLessThan(500)
          if (res.status !== 200) {
            expect(res.body.success).toBe(false)
            expect(await claimSnapshot(claim.idEvento)).toEqual(before)
            return
          }
          accepted.assign++
          const sent = JSON.parse(payload) as Record<string, unknown>
          expect(sent.idProveedor).toBe(active.idProveedor)
          expect([5, 6]).toContain(statusId)
          const after = await claimSnapshot(claim.idEvento)
          expect(after.claim).toMatchObject({ statusId: 6, idProveedor: active.idProveedor, servicioId: active.servicioId })
          expect(after.history).toHaveLength(statusId === 5 ? 2 : 1)
        },
      ),
      { numRuns: 50 },
    )
  }, 180_000)
})
