/**
 * The ranges of claim numbers that contain some digits (server/domain/claims/claimNumberContains.ts) must find
 * exactly what `id_evento::text like '%digits%'` finds, each claim once. Compared on 12,345 claim numbers (one claim copied
 * inside a transaction that is rolled back), for digit strings of every kind: leading zeros, repeated digits, the
 * largest number, longer than it, longer than any int4. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { claims } from '../../server/db/schema'
import { listable, listedClaimIds, listedNumbersCount } from '../../server/domain/claims/claimNumberContains'
import { claimSearch } from '../../server/domain/claims/claimSearch'
import { inline } from '../../server/domain/claims/searchBind'
import { createClaim, createUser } from './helpers/fixtures'
import { openTestDb } from './helpers/testApp'
import { claimColumnsButNumber, inRolledBackTransaction } from './helpers/rolledBack'

const DIGITS = ['1', '0', '00', '05', '11', '12', '121', '123', '0123', '100', '010', '2345', '1111', '3456', '12345', '12346', '99999', '000000', '2147483647']
/** Longer than any int4: the search finds nothing, and never overflows. */
const TOO_LONG = ['21474836470', '999999999999999999999']

let opened: Awaited<ReturnType<typeof openTestDb>>
const found = new Map<string, { listed: number[]; liked: number[] }>()

beforeAll(async () => {
  opened = await openTestDb()
  const db = opened.handle.db
  const executive = await createUser(db, 0)
  await createClaim(db, { idEjecutivo: executive.idUser })
  const columns = claimColumnsButNumber()
  await inRolledBackTransaction(db, async (tx) => {
    // Claim numbers 1 to 12,345 (the first claim keeps its own, which is among them).
    await tx.execute(
      sql`insert into ${claims} (id_evento, ${columns}) select n, ${columns} from ${claims}, generate_series(1, 12345) n
          where ${claims.idEvento} = (select min(${claims.idEvento}) from ${claims}) on conflict do nothing`,
    )
    const ids = async (condition: ReturnType<typeof sql>) =>
      (await tx.select({ id: claims.idEvento }).from(claims).where(condition).orderBy(claims.idEvento)).map((row) => row.id)
    // Every row the listing yields, not made distinct: a claim found twice (in two ranges) would show twice.
    const listed = async (digits: string) => {
      const { rows } = (await tx.execute(sql`select id_evento from (${listedClaimIds(digits, inline)}) listed order by 1`)) as unknown as {
        rows: Array<{ id_evento: number }>
      }
      return rows.map((row) => Number(row.id_evento))
    }
    const liked = (digits: string) => ids(sql`${claims.idEvento}::text like ${`%${digits}%`}`)
    for (const digits of DIGITS) found.set(digits, { listed: await listed(digits), liked: await liked(digits) })
    for (const digits of TOO_LONG) found.set(digits, { listed: await ids(claimSearch(`C${digits}`, 12_345)!.condition), liked: await liked(digits) })
    // The search's own condition (the invoices read it) finds the same claims.
    for (const digits of ['1111', '0123', '12345']) found.set(`C${digits}`, { listed: await ids(claimSearch(`C${digits}`, 12_345)!.condition), liked: await liked(digits) })
  })
})
afterAll(async () => opened.drop())

describe('claim numbers containing some digits, listed', () => {
  for (const digits of [...DIGITS, ...TOO_LONG, 'C1111', 'C0123', 'C12345']) {
    it(`'${digits}' finds what like '%${digits.replace('C', '')}%' finds`, () => {
      const { listed, liked } = found.get(digits) ?? { listed: [-1], liked: [] }
      expect(listed).toEqual(liked)
    })
  }

  it('finds something for the short strings, so the comparison is not of two empty lists', () => {
    expect(found.get('123')?.listed.length).toBeGreaterThan(50)
    expect(found.get('12345')?.listed).toEqual([12345])
  })
})

describe('how many numbers a listing yields', () => {
  const bruteForce = (digits: string, top: number) => {
    let count = 0
    for (let n = 1; n <= top; n++) {
      const text = String(n)
      for (let at = text.indexOf(digits); at !== -1; at = text.indexOf(digits, at + 1)) count++
    }
    return count
  }

  it('is at least the occurrences of the digits in 1…top, and within what one more prefix per length adds', () => {
    for (const [digits, top] of [['523', 99_999], ['5234', 1_000_300], ['05', 12_345], ['7', 5_000]] as const) {
      const count = listedNumbersCount(digits, top)
      expect(count).toBeGreaterThanOrEqual(bruteForce(digits, top))
      expect(count).toBeLessThanOrEqual(bruteForce(digits, top) + 10 ** (String(top).length - digits.length + 1))
    }
  })

  it('lists a whole number and 4 digits among a million claims, and leaves 3 digits there to the trigram index', () => {
    expect(listedNumbersCount('523456', 1_000_300)).toBe(12)
    expect(listable('523456', 1_000_300)).toBe(true)
    expect(listedNumbersCount('5234', 1_000_300)).toBe(1_411)
    expect(listable('5234', 1_000_300)).toBe(true)
    expect(listable('5234', 2_000_000)).toBe(false)
    expect(listable('5234', 99_999)).toBe(true)
    expect(listable('523', 1_000_300)).toBe(false)
    expect(listable('523', 9_999)).toBe(true)
  })
})
