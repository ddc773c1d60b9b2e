/**
 * Pages by number and partial claim numbers at one statement each (issue 27; docs/decisions/paged-lists.md):
 * - a page by number of a list without a search is found through claim_number_blocks (running sum of the list's
 *   claims per block of 1,000 numbers) and equals the OFFSET page in every scope, across blocks, after inserts, a
 *   provider's reassignment and, on PostgreSQL, beside a transaction that has not committed yet;
 * - a 4-digit partial claim number gives its page and its capped total in one statement;
 * - on PostgreSQL both statements keep their generic plan (planned once, not on every call).
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, getTableColumns, sql } from 'drizzle-orm'
import pg from 'pg'
import { buildTestApp, usingPostgres, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { claims } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { listClaimRecords } from '../../server/domain/claims/claimList'
import { getClaimRecord } from '../../server/domain/claims/claimRecord'

const LIMIT = 5
let t: TestApp
let admin: Session
let executive: Awaited<ReturnType<typeof createUser>>
let other: Awaited<ReturnType<typeof createUser>>
let providerIds: number[]

/** A copy of one of the executive's claims under a chosen number (and provider). */
async function claimNumbered(idEvento: number, idEjecutivo = executive.idUser, idProveedor: number | null = null) {
  const [model] = await t.db.select().from(claims).where(eq(claims.idEjecutivo, executive.idUser)).limit(1)
  await t.db.insert(claims).values({ ...model!, idEvento, idEjecutivo, idProveedor })
}

beforeAll(async () => {
  t = await buildTestApp({ listCountLimit: LIMIT })
  admin = sessionOf(await createUser(t.db, 1))
  executive = await createUser(t.db, 0)
  other = await createUser(t.db, 0)
  providerIds = [(await createProvider(t.db)).provider.idProveedor, (await createProvider(t.db)).provider.idProveedor]
  for (let i = 0; i < 4; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
  // Numbers over several blocks of 1,000, some blocks empty, the two executives and providers mixed.
  const numbers = [1_200, 1_999, 2_000, 2_001, 3_500, 7_001, 7_002, 7_999, 12_345, 12_346, 40_000, 40_001, 40_999]
  for (const [k, n] of numbers.entries()) await claimNumbered(n, k % 3 === 0 ? other.idUser : executive.idUser, k % 2 === 0 ? providerIds[k % 4 === 0 ? 0 : 1]! : null)
})
afterAll(async () => t.close())

async function list(url: string, session: Session = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api/event${url}`, headers: await authHeaders(t.app, session) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().response as { items: { idEvento: number }[]; total: number; totalCapped: boolean }
}

type Rows<T> = { rows: T[] }
/** The page as OFFSET gives it. */
async function offsetPage(condition: ReturnType<typeof sql>, page: number, size: number): Promise<number[]> {
  const result = (await t.db.execute(
    sql`select id_evento from claims where ${condition} order by id_evento desc offset ${(page - 1) * size} limit ${size}`,
  )) as unknown as Rows<{ id_evento: number }>
  return result.rows.map((r) => Number(r.id_evento))
}

/** Every page of every scope, by number, against OFFSET (pages of 2, and one past the end). */
async function expectEveryPageAsOffset() {
  const scopes: Array<{ url: (page: number) => string; condition: ReturnType<typeof sql> }> = [
    { url: (page) => `/all?pageSize=2&page=${page}`, condition: sql`true` },
    { url: (page) => `/executive/${executive.idUser}?pageSize=2&page=${page}`, condition: sql`id_ejecutivo = ${executive.idUser}` },
    { url: (page) => `/executive/${other.idUser}?pageSize=2&page=${page}`, condition: sql`id_ejecutivo = ${other.idUser}` },
  ]
  let pages = 0
  for (const scope of scopes) {
    // Pages within the count limit (the route refuses those past it).
    for (let page = 2; page <= Math.ceil(LIMIT / 2); page++) {
      const got = (await list(scope.url(page))).items.map((i) => i.idEvento)
      expect(got, scope.url(page)).toEqual(await offsetPage(scope.condition, page, 2))
      pages++
    }
  }
  // A provider's list (the provider's own route reads the same function).
  for (const id of providerIds) {
    for (let page = 2; page <= Math.ceil(LIMIT / 2); page++) {
      const got = await listClaimRecords(t.db, { provider: id }, { page, pageSize: 2, countLimit: LIMIT })
      expect(got.items.map((i) => i.idEvento), `provider ${id}, page ${page}`).toEqual(await offsetPage(sql`id_proveedor = ${id}`, page, 2))
      pages++
    }
  }
  return pages
}

/** claim_number_blocks as the migration's backfill computes it from claims. */
async function blocksMatchClaims() {
  const { rows } = (await t.db.execute(sql`
    with truth as (
      select s.scope, s.owner, claim_number_block(c.id_evento) as block, count(*)::int as claims
      from claims c cross join lateral (values (0::smallint, 0), (1::smallint, c.id_ejecutivo), (2::smallint, c.id_proveedor)) s(scope, owner)
      where s.owner is not null group by 1, 2, 3),
    kept as (select scope, owner, block, claims from claim_number_blocks where claims <> 0)
    select (select count(*) from (select * from truth except select * from kept) a)::int as missing,
           (select count(*) from (select * from kept except select * from truth) b)::int as extra`)) as unknown as Rows<{ missing: number; extra: number }>
  return rows[0]
}

describe('a page by number', () => {
  it('equals the OFFSET page in every scope, across blocks, after inserts and a reassignment', async () => {
    expect(await expectEveryPageAsOffset()).toBe(10)
    // New claims at the top, one in an old block (a number the sequence skipped), a provider reassigned.
    await createClaim(t.db, { idEjecutivo: other.idUser })
    await claimNumbered(2_500)
    await claimNumbered(50_000, other.idUser)
    await t.db.update(claims).set({ idProveedor: providerIds[1]! }).where(eq(claims.idEvento, 1_200))
    expect(await expectEveryPageAsOffset()).toBe(10)
    expect(await blocksMatchClaims()).toEqual({ missing: 0, extra: 0 })
  })

  it("reads an executive's page by number in one statement once the total over the limit is remembered", async () => {
    const session = sessionOf(executive)
    const page = () => list(`/executive/${executive.idUser}?pageSize=2&page=2`, session)
    await page()
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown } }).$client
    const queries = vi.spyOn(client, 'query')
    const execs = client.exec ? vi.spyOn(client as { exec: (...args: unknown[]) => unknown }, 'exec') : undefined
    try {
      const answer = await page()
      expect(queries.mock.calls.length + (execs?.mock.calls.length ?? 0)).toBe(1)
      expect(answer).toMatchObject({ total: LIMIT, totalCapped: true })
    } finally {
      queries.mockRestore()
      execs?.mockRestore()
    }
  })

  it.runIf(usingPostgres())('sees only committed claims: a transaction still open elsewhere changes no page', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!)
    const database = ((await t.db.execute(sql`select current_database() as name`)) as unknown as Rows<{ name: string }>).rows[0]!.name
    url.pathname = `/${database}`
    const writer = new pg.Client({ connectionString: url.toString() })
    await writer.connect()
    try {
      const before = (await list('/all?pageSize=2&page=2')).items.map((i) => i.idEvento)
      const columns = Object.values(getTableColumns(claims))
        .filter((column) => column.name !== 'id_evento')
        .map((column) => `"${column.name}"`)
        .join(', ')
      await writer.query('begin')
      await writer.query(`insert into claims (id_evento, ${columns}) select 60000, ${columns} from claims where id_evento = 40000`)
      await writer.query(`update claims set id_proveedor = null where id_evento = 12345`)
      expect((await list('/all?pageSize=2&page=2')).items.map((i) => i.idEvento)).toEqual(before)
      expect(await blocksMatchClaims()).toEqual({ missing: 0, extra: 0 })
      await writer.query('rollback')
      expect((await list('/all?pageSize=2&page=2')).items.map((i) => i.idEvento)).toEqual(await offsetPage(sql`true`, 2, 2))
    } finally {
      await writer.end()
    }
  })
})

describe('a 4-digit partial claim number', () => {
  it('gives any page and its capped total in one statement', async () => {
    for (const n of [21_234, 31_234, 41_234, 51_234, 61_234, 71_234, 81_234]) await claimNumbered(n)
    const page = (p: number) => list(`/all?q=1234&pageSize=2&page=${p}`)
    await page(1)
    await page(2)
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown } }).$client
    for (const [p, ids] of [
      [1, [81_234, 71_234]],
      [2, [61_234, 51_234]],
    ] as const) {
      const queries = vi.spyOn(client, 'query')
      const execs = client.exec ? vi.spyOn(client as { exec: (...args: unknown[]) => unknown }, 'exec') : undefined
      try {
        const answer = await page(p)
        expect(queries.mock.calls.length + (execs?.mock.calls.length ?? 0)).toBe(1)
        expect(answer.items.map((i) => i.idEvento)).toEqual(ids)
        expect(answer).toMatchObject({ total: LIMIT, totalCapped: true })
      } finally {
        queries.mockRestore()
        execs?.mockRestore()
      }
    }
  })

  it('puts the claim with that very number first, in its scope only, even when the matches pass the count limit', async () => {
    // 1234 is the smallest match: in number order it falls past the first LIMIT + 1 matches, which the page reads.
    await claimNumbered(1_234, other.idUser)
    const ordered = sql`id_evento::text like '%1234%' order by (id_evento = 1234) desc, id_evento desc`
    const liked = async (scope: ReturnType<typeof sql>) =>
      ((await t.db.execute(sql`select id_evento from claims where ${scope} and ${ordered}`)) as unknown as Rows<{ id_evento: number }>).rows.map((r) => Number(r.id_evento))
    const everyClaim = await liked(sql`true`)
    expect(everyClaim.slice(0, 3)).toEqual([1_234, 81_234, 71_234])
    for (const p of [1, 2]) expect((await list(`/all?q=1234&pageSize=2&page=${p}`)).items.map((i) => i.idEvento)).toEqual(everyClaim.slice(2 * p - 2, 2 * p))
    expect(await list('/all?q=1234&pageSize=2&page=1')).toMatchObject({ total: LIMIT, totalCapped: true })
    // Another executive's claim 1234 is not in this executive's list, first or anywhere.
    const own = await liked(sql`id_ejecutivo = ${executive.idUser}`)
    expect(own).not.toContain(1_234)
    const page = await list(`/executive/${executive.idUser}?q=1234&pageSize=2&page=1`, sessionOf(executive))
    expect(page.items.map((i) => i.idEvento)).toEqual(own.slice(0, 2))
    const theirs = await list(`/executive/${other.idUser}?q=1234&pageSize=2&page=1`, sessionOf(other))
    expect(theirs.items.map((i) => i.idEvento)).toEqual((await liked(sql`id_ejecutivo = ${other.idUser}`)).slice(0, 2))
    expect(theirs.items[0]?.idEvento).toBe(1_234)
  })
})

describe('a search text searched again (boundSearchOf keeps its SQL and values)', () => {
  it('finds the same claims in each scope, whichever text and scope came between', async () => {
    const texts = ['1234', '2345', 'C12345', 'López', '1999']
    const urls = texts.flatMap((q) => [`/all?q=${encodeURIComponent(q)}&pageSize=3`, `/executive/${executive.idUser}?q=${encodeURIComponent(q)}&pageSize=3`])
    const session = (url: string) => (url.startsWith('/executive') ? sessionOf(executive) : admin)
    const first = []
    for (const url of urls) first.push(await list(url, session(url)))
    for (const url of [...urls].reverse()) expect(await list(url, session(url)), url).toEqual(first[urls.indexOf(url)])
    expect(first[0]!.items.length).toBeGreaterThan(0)
  })
})

describe("the records of every list statement (claimRecord.ts' own row mapper)", () => {
  it('equal the record of getClaimRecord, field for field, with and without a provider and a service', async () => {
    const [withProvider] = await t.db.select({ id: claims.idEvento }).from(claims).where(sql`${claims.idProveedor} is not null`).limit(1)
    const { rows } = (await t.db.execute(sql`select id from services order by id limit 1`)) as unknown as Rows<{ id: number }>
    const serviceId = Number(rows[0]!.id)
    await t.db.update(claims).set({ servicioId: serviceId }).where(eq(claims.idEvento, withProvider!.id))
    const first = await list('/all?pageSize=3&page=1')
    const pages = [
      first,
      await list('/all?pageSize=3&page=2'),
      await list(`/all?pageSize=3&page=2&after=${first.items.at(-1)!.idEvento}`),
      await list('/all?q=1234&pageSize=3&page=1'),
      await list(`/all?q=C${withProvider!.id}`),
      await list(`/executive/${executive.idUser}?pageSize=3&page=1`, sessionOf(executive)),
    ]
    const items = pages.flatMap((page) => page.items)
    expect(items.length).toBeGreaterThan(12)
    expect(items.some((item) => item.idEvento === withProvider!.id)).toBe(true)
    for (const item of items) expect(item).toEqual(await getClaimRecord(t.db, item.idEvento))
    const named = await listClaimRecords(t.db, undefined, { q: 'López', page: 2, pageSize: 2, countLimit: LIMIT })
    expect(named.items).toHaveLength(2)
    for (const item of named.items) expect(item).toEqual(await getClaimRecord(t.db, item.idEvento))
  })
})

describe.runIf(usingPostgres())('kept plans on PostgreSQL', () => {
  /** The statement a request sends, prepared on one connection and run 7 times: does PostgreSQL keep its generic plan? */
  async function keepsGenericPlan(url: string): Promise<{ generic: number; custom: number }> {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    await list(url)
    const queries = vi.spyOn(client, 'query')
    let sent: { text: string; values: unknown[] }
    try {
      await list(url)
      const [config, values] = queries.mock.calls.at(-1)! as [{ text: string } | string, unknown[]]
      sent = { text: typeof config === 'string' ? config : config.text, values: values ?? (config as unknown as { values: unknown[] }).values }
    } finally {
      queries.mockRestore()
    }
    const literals = sent.values.map((value) => (typeof value === 'number' ? String(value) : `'${String(value)}'`))
    return t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare kept_plan_check as ${sent.text}`))
      for (let k = 0; k < 7; k++) await tx.execute(sql.raw(`execute kept_plan_check(${literals.join(', ')})`))
      const { rows } = (await tx.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'kept_plan_check'`,
      )) as unknown as Rows<{ generic: number; custom: number }>
      await tx.execute(sql`deallocate kept_plan_check`)
      return { generic: Number(rows[0]!.generic), custom: Number(rows[0]!.custom) }
    })
  }

  it('keeps the plan of a page by number and of a 4-digit search, in every claim and in an executive\'s (five custom plans, then the generic one)', async () => {
    for (const url of [
      '/all?pageSize=2&page=2',
      `/executive/${executive.idUser}?pageSize=2&page=2`,
      '/all?q=1234&pageSize=2&page=2',
      `/executive/${executive.idUser}?q=1234&pageSize=2&page=1`,
    ]) {
      expect(await keepsGenericPlan(url), url).toEqual({ generic: 2, custom: 5 })
    }
  })
})
