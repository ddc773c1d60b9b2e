/**
 * Generated inputs (fast-check) for POST /api/auth/signup-provider and PUT /api/user/provider: valid bodies with
 * random fields replaced by junk, removed, or joined by unknown fields. Whatever arrives, the answer is never a
 * 500, a refusal carries a Spanish reason and writes nothing, and an accepted body stores a provider that the
 * shared form rules accept when it is read back.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { count, eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { catalogAndSignIn, type LocationCatalog, providerSignupBody } from './helpers/fixtures'
import { providers, users } from '../../server/db/schema'
import { validateProvider } from '../../domain/rules'

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 201, maxLength: 1200 }),
  fc.integer(),
  fc.integer({ min: -2, max: 100_002 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '1', '-1', '1e3', 'NaN', '99999999999', 'a\u0000b', "' OR 1=1 --", '<b>x</b>', '\uD800'),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 0.5),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
)

const FIELDS = Object.keys(providerSignupBody({ stateId: 1, municipalityId: 1, neighbourhoodId: 1, serviceId: 1 }))

/** A list of edits to apply to a valid body: replace a field, drop it, or add an unknown one. */
const edits = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...FIELDS), value: junk }),
    fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...FIELDS) }),
    fc.record({ kind: fc.constant('add' as const), field: fc.constantFrom('rol', 'userId', 'idProveedor', 'tokenVersion', '__proto__x'), value: junk }),
  ),
  { minLength: 0, maxLength: 4 },
)

type Edit = { kind: 'set' | 'add'; field: string; value: unknown } | { kind: 'drop'; field: string }

function applyEdits(body: Record<string, unknown>, list: Edit[]) {
  const out = { ...body }
  for (const e of list) {
    if (e.kind === 'drop') delete out[e.field]
    else out[e.field] = e.value
  }
  return out
}

describe('generated provider bodies', () => {
  const t = useTestApp()
  let catalog: LocationCatalog
  let headers: Record<string, string>

  beforeAll(async () => {
    ;({ catalog, headers } = await catalogAndSignIn(t, 1))
  })

  const snapshot = async () => ({
    users: (await t.db.select({ n: count() }).from(users))[0]!.n,
    providers: await t.db.select().from(providers).orderBy(providers.idProveedor),
    accounts: await t.db.select().from(users).where(eq(users.rol, 3)).orderBy(users.idUser),
  })

  /** The stored provider, read back through the API, passes the same form rules (edit mode: no password). */
  const expectStoredProviderValid = async (idProveedor: number) => {
    const res = await t.app.inject({ url: `/api/user/provider/${idProveedor}`, headers })
    expect(res.statusCode).toBe(200)
    const record = res.json().response[0]
    expect(validateProvider(record, 'edit')).toEqual({})
  }

  const expectRefusal = (status: number, answer: { success: boolean; response: unknown; reason: string }) => {
    expect([400, 404, 409]).toContain(status)
    expect(answer.success).toBe(false)
    expect(answer.response).toBeNull()
    expect(answer.reason.length).toBeGreaterThan(0)
  }

  it('signup-provider: never 500; refused means nothing written; accepted means one valid provider', async () => {
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(fc.boolean(), edits, async (nonMedical, list) => {
        const base = providerSignupBody(
          catalog,
          nonMedical ? { tipo: 0, servicio: catalog.nonMedicalServiceId, contrato: 1, contratoYear: 2024, contratoEstatus: 1 } : {},
        )
        const body = applyEdits(base, list as Edit[])
        const before = await snapshot()
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup-provider', headers, payload: body })
        const answer = res.json()
        if (res.statusCode === 200) {
          accepted++
          const after = await snapshot()
          expect(after.users).toBe(before.users + 1)
          expect(after.providers.length).toBe(before.providers.length + 1)
          await expectStoredProviderValid(answer.response.insertId)
        } else {
          expectRefusal(res.statusCode, answer)
          expect(await snapshot()).toEqual(before)
        }
      }),
      { numRuns: 80 },
    )
    expect(accepted).toBeGreaterThan(0)
  })

  it('PUT provider: never 500; refused means nothing changed; accepted keeps a valid provider', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/auth/signup-provider', headers, payload: providerSignupBody(catalog) })
    const idProveedor = created.json().response.insertId as number
    const [row] = await t.db.select().from(providers).where(eq(providers.idProveedor, idProveedor))
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(edits, async (list) => {
        const { password: _password, ...fields } = providerSignupBody(catalog, { email: `editado${idProveedor}@correo.com` })
        const body = applyEdits({ ...fields, idUsuario: row!.userId }, list as Edit[])
        const before = await snapshot()
        const res = await t.app.inject({ method: 'PUT', url: '/api/user/provider', headers, payload: body })
        if (res.statusCode === 200) {
          accepted++
          await expectStoredProviderValid(idProveedor)
          expect((await snapshot()).users).toBe(before.users)
        } else {
          expectRefusal(res.statusCode, res.json())
          expect(await snapshot()).toEqual(before)
        }
      }),
      { numRuns: 80 },
    )
    expect(accepted).toBeGreaterThan(0)
  })
})
