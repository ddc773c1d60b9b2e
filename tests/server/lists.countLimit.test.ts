/**
 * The count limit of the lists and the claim-number rules (docs/decisions/paged-lists.md, issue 12). The app runs
 * with a count limit of 5 so that a few claims cross it; the literal values the user sees (10 000, the reason of a
 * page past the limit) are asserted against the real defaults. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, usingPostgres, type TestApp } from './helpers/testApp'
import { authHeaders, createClaim, createUser, sessionOf } from './helpers/fixtures'
import { claims } from '../../server/db/schema'
import { loadConfig } from '../../server/config'
import { COUNT_LIMIT } from '../../domain/paging'
import { countTableUpTo, estimateExceeds, pageRequestWithin, totalOfCount } from '../../server/lib/pageTotal'
import { AppError } from '../../server/lib/errors'
import { claimColumnsButNumber, inRolledBackTransaction } from './helpers/rolledBack'

const LIMIT = 5
let t: TestApp
let admin: Awaited<ReturnType<typeof createUser>>
let sevenClaims: Awaited<ReturnType<typeof createUser>>
let fiveClaims: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await buildTestApp({ listCountLimit: LIMIT })
  admin = await createUser(t.db, 1)
  sevenClaims = await createUser(t.db, 0)
  fiveClaims = await createUser(t.db, 0)
  for (let i = 0; i < 7; i++) await createClaim(t.db, { idEjecutivo: sevenClaims.idUser })
  for (let i = 0; i < 5; i++) await createClaim(t.db, { idEjecutivo: fiveClaims.idUser })
})
afterAll(async () => t.close())

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/event${url}`, headers: await authHeaders(t.app, sessionOf(admin)) })
  return { status: res.statusCode, body: res.json() as { success: boolean; reason: string; response: any } }
}
const ids = (body: { response: any }) => (body.response.items as { idEvento: number }[]).map((i) => i.idEvento)

/** A copy of a claim under a chosen number (the numbers the claim-number rules are about). */
async function claimNumbered(idEvento: number) {
  const [model] = await t.db.select().from(claims).where(eq(claims.idEjecutivo, fiveClaims.idUser)).limit(1)
  await t.db.insert(claims).values({ ...model!, idEvento })
}

describe('the count limit', () => {
  it('is 10 000 rows by default: the figure the user reads in «Más de 10,000 …» and in the reason of a page past it', () => {
    expect(COUNT_LIMIT).toBe(10_000)
    expect(loadConfig({}).listCountLimit).toBe(10_000)
    expect(() => pageRequestWithin({ page: 1001 }, COUNT_LIMIT)).toThrow(
      new AppError(400, 'Solo se muestran los primeros 10,000 resultados: afine la búsqueda para ver resultados más antiguos'),
    )
    expect(pageRequestWithin({ page: 1000 }, COUNT_LIMIT)).toEqual({ q: undefined, page: 1000, pageSize: 10, countLimit: COUNT_LIMIT })
  })

  it('counts exactly up to the limit, and past it answers the limit with totalCapped', async () => {
    const seven = await get(`/executive/${sevenClaims.idUser}`)
    expect(seven.body.response).toMatchObject({ total: LIMIT, totalCapped: true, page: 1, pageSize: 10 })
    // All seven rows of page 1 are still served: only the count stops at the limit.
    expect(ids(seven.body)).toHaveLength(7)
    const five = await get(`/executive/${fiveClaims.idUser}`)
    expect(five.body.response).toMatchObject({ total: 5, totalCapped: false })
  })

  it('serves pages that start within the counted rows; a page past them is a 400 with the reason, not a 500', async () => {
    const url = `/executive/${sevenClaims.idUser}?pageSize=2`
    const pages = await Promise.all([1, 2, 3].map((page) => get(`${url}&page=${page}`)))
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200])
    expect(pages.map((p) => ids(p.body).length)).toEqual([2, 2, 2])
    expect(await get(`${url}&page=4`)).toEqual({
      status: 400,
      body: { success: false, response: null, reason: 'Solo se muestran los primeros 5 resultados: afine la búsqueda para ver resultados más antiguos' },
    })
  })

  it('the unfiltered list of a table believes its estimate only when it is twice the limit or more', async () => {
    expect([estimateExceeds(-1, 5), estimateExceeds(9, 5), estimateExceeds(10, 5)]).toEqual([false, false, true])
    expect([totalOfCount(5, 5), totalOfCount(6, 5)]).toEqual([{ total: 5, totalCapped: false }, { total: 5, totalCapped: true }])
    const [{ n } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(claims)
    expect(await countTableUpTo(t.db, claims, 100)).toEqual({ total: n, totalCapped: false })
    // The planner's estimate says 1 000 rows (as after ANALYZE of a large table): far past 100, so nothing is counted
    // and the few real rows do not show; not far past 600, so those are counted.
    await t.db.execute(sql`update pg_class set reltuples = 1000 where oid = to_regclass('claims')`)
    expect(await countTableUpTo(t.db, claims, 100)).toEqual({ total: 100, totalCapped: true })
    expect(await countTableUpTo(t.db, claims, 600)).toEqual({ total: n, totalCapped: false })
    await t.db.execute(sql`analyze claims`)
  })
})

describe('a total over the limit is remembered for 30 seconds, an exact total never', () => {
  afterEach(() => vi.useRealTimers())

  it('answers «more than the limit» without counting again for 30 s, then counts', async () => {
    const executive = await createUser(t.db, 0)
    for (let i = 0; i < 6; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
    expect((await get(`/executive/${executive.idUser}`)).body.response).toMatchObject({ total: LIMIT, totalCapped: true })
    // Three of the six move to another executive: a count would now say 3, the remembered total still says "over".
    const moved = await t.db.select({ id: claims.idEvento }).from(claims).where(eq(claims.idEjecutivo, executive.idUser)).limit(3)
    for (const { id } of moved) await t.db.update(claims).set({ idEjecutivo: fiveClaims.idUser }).where(eq(claims.idEvento, id))
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29_000 })
    const remembered = await get(`/executive/${executive.idUser}?page=1`)
    expect(remembered.body.response).toMatchObject({ total: LIMIT, totalCapped: true })
    expect(ids(remembered.body)).toHaveLength(3)
    vi.setSystemTime(Date.now() + 2_000)
    expect((await get(`/executive/${executive.idUser}`)).body.response).toMatchObject({ total: 3, totalCapped: false })
  })

  it('counts an exact total on every request: a new claim shows at once', async () => {
    const executive = await createUser(t.db, 0)
    for (let i = 0; i < 3; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
    expect((await get(`/executive/${executive.idUser}`)).body.response).toMatchObject({ total: 3, totalCapped: false })
    await createClaim(t.db, { idEjecutivo: executive.idUser })
    expect((await get(`/executive/${executive.idUser}`)).body.response).toMatchObject({ total: 4, totalCapped: false })
  })
})

describe('next and previous page by key (after, before)', () => {
  it('reads the page beside a row as paging by number would, in each scope, and keeps going when a claim arrives', async () => {
    const executive = await createUser(t.db, 0)
    for (let i = 0; i < 5; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
    const url = `/executive/${executive.idUser}?pageSize=2`
    const [one, two, three] = await Promise.all([1, 2, 3].map(async (page) => ids((await get(`${url}&page=${page}`)).body)))
    expect([one, two, three].map((page) => page!.length)).toEqual([2, 2, 1])
    expect(ids((await get(`${url}&page=2&after=${one![1]}`)).body)).toEqual(two)
    expect(ids((await get(`${url}&page=3&after=${two![1]}`)).body)).toEqual(three)
    expect(ids((await get(`${url}&page=2&before=${three![0]}`)).body)).toEqual(two)
    // Only this executive's claims, whatever the key: the other executives' newer and older claims stay out.
    const everyone = ids((await get(`/all?pageSize=100`)).body)
    expect(ids((await get(`${url}&page=2&after=${everyone[0]! + 1}`)).body)).toEqual(one)
    // A claim created meanwhile: by number page 2 would repeat page 1's last row; by key it continues after it.
    await createClaim(t.db, { idEjecutivo: executive.idUser })
    expect(ids((await get(`${url}&page=2`)).body)[0]).toBe(one![1])
    const next = await get(`${url}&page=2&after=${one![1]}`)
    expect(ids(next.body)).toEqual(two)
    // The total is counted, not guessed from the page's number: six claims now.
    expect(next.body.response).toMatchObject({ total: LIMIT, totalCapped: true, page: 2 })
  })

  it('reads page 1 afresh, and pages a search by number, whatever the key says', async () => {
    const executive = await createUser(t.db, 0)
    for (let i = 0; i < 3; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
    const url = `/executive/${executive.idUser}?pageSize=2`
    const first = ids((await get(`${url}&page=1`)).body)
    expect(ids((await get(`${url}&page=1&before=${first[1]}`)).body)).toEqual(first)
    const searched = ids((await get(`${url}&q=Mar%C3%ADa&page=2`)).body)
    expect(searched).toHaveLength(1)
    expect(ids((await get(`${url}&q=Mar%C3%ADa&page=2&after=${first[0]}`)).body)).toEqual(searched)
  })

  it('refuses both keys at once, and a key that is no claim number, with a Spanish reason', async () => {
    expect(await get('/all?page=2&after=5&before=9')).toEqual({
      status: 400,
      body: { success: false, response: null, reason: 'Indique solo uno de los parámetros after y before' },
    })
    for (const key of ['after=0', 'before=1e3', 'after=-4', 'after=2147483648', 'after=x']) {
      const refused = await get(`/all?page=2&${key}`)
      expect(refused.status, key).toBe(400)
      expect(refused.body.reason, key).toMatch(/^Trámite (anterior|siguiente) a la página: /)
    }
  })
})

describe('claim-number search', () => {
  it('lists the claim with exactly that number first, then the numbers containing it, newest first', async () => {
    await claimNumbered(7_123_457)
    await claimNumbered(17_123_457)
    await claimNumbered(71_234_570)
    for (const q of ['C7123457', 'c7123457', '7123457']) {
      const found = await get(`/all?q=${q}`)
      expect(ids(found.body), q).toEqual([7_123_457, 71_234_570, 17_123_457])
      expect(found.body.response).toMatchObject({ total: 3, totalCapped: false })
    }
    const paged = await Promise.all([1, 2, 3].map((page) => get(`/all?q=7123457&pageSize=1&page=${page}`)))
    expect(paged.map((p) => ids(p.body))).toEqual([[7_123_457], [71_234_570], [17_123_457]])
  })

  it('one or two digits find only the claim with that number (a trigram index needs three)', async () => {
    await claimNumbered(91)
    await claimNumbered(1_091_910)
    expect(ids((await get('/all?q=C91')).body)).toEqual([91])
    expect(ids((await get('/all?q=919')).body)).toEqual([1_091_910])
  })

  it('a leading zero is no claim number, and a number past the column range is no error', async () => {
    expect(ids((await get('/all?q=C091')).body)).toEqual([1_091_910])
    expect(ids((await get('/all?q=0')).body)).toEqual([])
    const huge = await get('/all?q=C99999999999')
    expect(huge.status).toBe(200)
    expect(huge.body.response).toMatchObject({ items: [], total: 0, totalCapped: false })
  })
})

describe('round trips of a list page', () => {
  interface Queryable {
    query: (...args: unknown[]) => unknown
    exec?: (...args: unknown[]) => unknown
  }

  /** The calls the database driver receives while `work` runs (PGlite's session statements go through exec). */
  async function driverCalls(work: () => Promise<unknown>): Promise<{ calls: number; built: number }> {
    const client = (t.db as unknown as { $client: Queryable }).$client
    const queries = vi.spyOn(client, 'query')
    const execs = client.exec ? vi.spyOn(client as Required<Queryable>, 'exec') : undefined
    const selects = vi.spyOn(t.db, 'select')
    try {
      await work()
      return { calls: queries.mock.calls.length + (execs?.mock.calls.length ?? 0), built: selects.mock.calls.length }
    } finally {
      queries.mockRestore()
      execs?.mockRestore()
      selects.mockRestore()
    }
  }

  it("serves an executive's own page 1 and page 2 by number each in one statement, building no query", async () => {
    const executive = await createUser(t.db, 0)
    for (let i = 0; i < 3; i++) await createClaim(t.db, { idEjecutivo: executive.idUser })
    const headers = await authHeaders(t.app, sessionOf(executive))
    const list = (page: number) => t.app.inject({ method: 'GET', url: `/api/event/executive/${executive.idUser}?page=${page}&pageSize=2`, headers })
    // Warm: the session cache and the prepared statements.
    await list(1)
    await list(2)
    // Page 1 is full (2 of 3), so its total is counted: the page, then the count.
    expect(await driverCalls(() => list(1))).toEqual({ calls: 2, built: 0 })
    // Page 2 is short (1 row), so it is its own total: one statement finds it through claim_number_blocks (issue 27).
    expect(await driverCalls(() => list(2))).toEqual({ calls: 1, built: 0 })
    const body = (await list(2)).json() as { response: { total: number; items: unknown[] } }
    expect(body.response).toMatchObject({ total: 3 })
    expect(body.response.items).toHaveLength(1)
  })

  it('serves the page beside a row of a long list in one statement, whichever way the user steps', async () => {
    // Seven claims, over the limit of 5: the total is remembered after page 1, so a page is its own one statement.
    const headers = await authHeaders(t.app, sessionOf(sevenClaims))
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/event/executive/${sevenClaims.idUser}?pageSize=2&${query}`, headers })).json() as { response: any }
    const [first, second, third] = [ids(await list('page=1')), ids(await list('page=2')), ids(await list('page=3'))]
    const [next, previous] = [`page=2&after=${first[1]}`, `page=2&before=${third[0]}`]
    await Promise.all([list(next), list(previous)])
    expect(await driverCalls(() => list(next))).toEqual({ calls: 1, built: 0 })
    expect(await driverCalls(() => list(previous))).toEqual({ calls: 1, built: 0 })
    expect([ids(await list(next)), ids(await list(previous))]).toEqual([second, second])
  })

  it('serves a claim-number search that finds one claim in one statement, its own total', async () => {
    const executive = await createUser(t.db, 0)
    const { claim } = await createClaim(t.db, { idEjecutivo: executive.idUser })
    await get(`/all?q=C${claim.idEvento}`)
    expect(await driverCalls(() => get(`/all?q=C${claim.idEvento}`))).toEqual({ calls: 1, built: 0 })
    if (usingPostgres()) {
      // A claim number's plan is the same whatever the number (primary-key lookups), so its statements are named and
      // kept; a name is planned with its value on every call (an unnamed statement). The record is always kept.
      const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
      const statementsOf = async (q: string) => {
        await get(`/all?q=${q}`)
        const queries = vi.spyOn(client, 'query')
        try {
          await get(`/all?q=${q}`)
          return queries.mock.calls.map(([config, values]) => ({ ...(config as { name?: string; text: string }), values: values as unknown[] }))
        } finally {
          queries.mockRestore()
        }
      }
      const [page] = await statementsOf(`C${claim.idEvento}`)
      expect(page?.name).toMatch(/^claim_list_all_number_exact_(alone|listed)_found10_\d+$/)
      expect((await statementsOf('María Elena'))[0]?.name || 'unnamed').toBe('unnamed')
      // The plan PostgreSQL keeps for it (its generic plan) reads the page's claims by primary key, not the table:
      // asked on 5,001 claims, where reading the table would cost little. Written as `id in (…)`, the kept plan
      // joined the whole table (5.4 s a search on a million claims).
      const plan = await inRolledBackTransaction(t.db, async (tx) => {
        const columns = claimColumnsButNumber()
        // Numbered above every claim: other tests here gave some claims numbers the sequence has not reached.
        await tx.execute(
          sql`insert into ${claims} (id_evento, ${columns}) select largest.top + copy, ${columns}
              from ${claims}, (select max(id_evento) as top from ${claims}) largest, generate_series(1, 5000) copy
              where ${claims.idEvento} = ${claim.idEvento}`,
        )
        await tx.execute(sql`analyze ${claims}`)
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
        await tx.execute(sql.raw(`prepare generic_number_search as ${page!.text}`))
        const literals = page!.values.map((value) => (typeof value === 'number' ? String(value) : `'${String(value)}'`))
        const result = await tx.execute(sql.raw(`explain execute generic_number_search(${literals.join(', ')})`))
        await tx.execute(sql`deallocate generic_number_search`)
        return (result as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n')
      })
      expect(plan, plan).toMatch(/Index Scan using claims_pkey on claims\s+\(cost=[^)]*rows=10 [^)]*\)\s+Index Cond: \(id_evento = ANY/)
      expect(plan, plan).not.toMatch(/Seq Scan on claims/)
    }
    expect(ids((await get(`/all?q=C${claim.idEvento}`)).body)[0]).toBe(claim.idEvento)
  })
})
