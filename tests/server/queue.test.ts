/**
 * Issue 23, 'Pendientes' on the server: whose claims each role's queue lists (an executive never sees another's), the
 * due order, every badge at its boundary on a controlled clock, the filters with their Spanish refusals, and the next
 * and previous page by key. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { backfillClaimClocks } from '../../server/domain/serviceLevels/clocks'
import { queuePage } from '../../server/domain/serviceLevels/queue'
import { claimColumnsButNumber } from './helpers/rolledBack'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

/** A claim in `statusId` that entered it at `enteredAt` (its only history row). */
async function claimIn(statusId: number, enteredAt: string, owner: { idEjecutivo: number; idProveedor?: number }) {
  const { claim } = await createClaim(t.db, { ...owner, statusId })
  await t.db.execute(sql`update status_history set fecha = ${enteredAt}::timestamptz where id_evento = ${claim.idEvento}`)
  return claim.idEvento
}

async function get(session: Session | null, url: string) {
  const res = await t.app.inject({ url, headers: await authHeaders(t.app, session) })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string } }
}

let exec: Session
let otherExec: Session
let admin: Session
let provider: Session
let otherProvider: Session
const ids: Record<string, number> = {}

beforeAll(async () => {
  const execUser = await createUser(t.db, 0)
  exec = sessionOf(execUser)
  const otherExecUser = await createUser(t.db, 0)
  otherExec = sessionOf(otherExecUser)
  admin = sessionOf(await createUser(t.db, 1))
  const assigned = await createProvider(t.db)
  provider = sessionOf(assigned.user)
  otherProvider = sessionOf((await createProvider(t.db)).user)
  const mine = { idEjecutivo: execUser.idUser }
  // Validación de documentos (2 days) entered on Monday 23 November 2026 at 09:00 in Mexico City: 'Por vencer' from
  // Tuesday 23:24, due Wednesday 09:00.
  ids.validation = await claimIn(3, '2026-11-23T15:00:00Z', mine)
  // Asignación de proveedor (1 day) entered the Friday before at 12:00: due Monday 23 at 12:00.
  ids.assignment = await claimIn(5, '2026-11-20T18:00:00Z', mine)
  // Carta autorización (3 days) entered on Wednesday 25 at 09:00: due Monday 30 at 09:00.
  ids.letter = await claimIn(6, '2026-11-25T15:00:00Z', mine)
  ids.invoice = await claimIn(7, '2026-11-23T15:00:00Z', { ...mine, idProveedor: assigned.provider.idProveedor })
  ids.approval = await claimIn(9, '2026-11-23T15:00:00Z', { ...mine, idProveedor: assigned.provider.idProveedor })
  ids.collaborator = await claimIn(4, '2026-11-01T15:00:00Z', mine)
  ids.others = await claimIn(3, '2026-11-02T15:00:00Z', { idEjecutivo: otherExecUser.idUser })
  await backfillClaimClocks(t.db)
})

const at = (iso: string) => new Date(iso)
const idsOf = (page: { items: { idEvento: number }[] }) => page.items.map((row) => row.idEvento)

describe('whose claims each queue lists', () => {
  const now = at('2026-11-24T18:00:00Z')

  it('an executive: their own claims waiting on an executive, the most late first', async () => {
    const page = await queuePage(t.db, exec, {}, now)
    expect(idsOf(page)).toEqual([ids.assignment, ids.validation, ids.letter])
    expect(page.total).toBe(3)
    expect(idsOf(await queuePage(t.db, otherExec, {}, now))).toEqual([ids.others])
  })

  it('an administrator: every claim waiting on the office, invoice approvals included, not the provider stage', async () => {
    expect(idsOf(await queuePage(t.db, admin, {}, now))).toEqual([ids.others, ids.assignment, ids.validation, ids.letter, ids.approval])
  })

  it('a provider: the claims assigned to them that wait for their invoice', async () => {
    expect(idsOf(await queuePage(t.db, provider, {}, now))).toEqual([ids.invoice])
    expect(idsOf(await queuePage(t.db, otherProvider, {}, now))).toEqual([])
  })

  it('refuses the roles without a queue through the route, and serves the others', async () => {
    const partner = sessionOf(await createUser(t.db, 4))
    expect((await get(partner, '/api/queue')).status).toBe(403)
    expect((await get({ kind: 'collaborator', idColaborador: 1, idEvento: ids.validation!, rol: 2 }, '/api/queue')).status).toBe(403)
    expect((await get(null, '/api/queue')).status).toBe(401)
    const own = await get(exec, '/api/queue')
    expect(own.status).toBe(200)
    // Any real clock after this issue was written is past the first two due instants.
    expect(own.body.response.items.map((row: any) => row.idEvento)).toEqual([ids.assignment, ids.validation, ids.letter])
    expect(own.body.response.items.slice(0, 2).map((row: any) => row.estado)).toEqual(['overdue', 'overdue'])
  })
})

describe('the badge of a row at its boundaries', () => {
  it.each([
    ['2026-11-23T15:00:00Z', 'onTime', 0],
    ['2026-11-25T05:23:59Z', 'onTime', 1.6],
    ['2026-11-25T05:24:00Z', 'dueSoon', 1.6],
    ['2026-11-25T15:00:00Z', 'dueSoon', 2],
    ['2026-11-25T15:00:01Z', 'overdue', 2],
  ])('at %s Validación de documentos is %s after %s business days', async (now, badge, days) => {
    const page = await queuePage(t.db, exec, { q: `C${ids.validation}` }, at(now))
    expect(page.items).toEqual([
      expect.objectContaining({
        idEvento: ids.validation,
        etapa: 'Validación de documentos',
        esperaA: 'executive',
        entrada: '2026-11-23T15:00:00.000Z',
        porVencer: '2026-11-25T05:24:00.000Z',
        vence: '2026-11-25T15:00:00.000Z',
        diasEnEtapa: days,
        estado: badge,
      }),
    ])
    // The badge filter agrees with the row's badge at the same instant.
    expect(idsOf(await queuePage(t.db, exec, { q: String(ids.validation), estado: badge as 'onTime' }, at(now)))).toEqual([ids.validation])
  })
})

describe("'Por vencer' at the boundaries of the executive's longest stage", () => {
  // Carta autorización (3 days, the longest an executive's queue holds: its due-soon range ends 0.6 business days
  // after now) entered Wednesday 25 at 09:00: 'Por vencer' from Friday 27 at 18:36 (Mexico City), due Monday 30 at 09:00.
  it.each([
    ['2026-11-28T00:35:59Z', []],
    ['2026-11-28T00:36:00Z', ['letter']],
    ['2026-11-30T15:00:00Z', ['letter']],
    ['2026-11-30T15:00:01Z', []],
  ])('at %s the filter lists %j', async (now, expected) => {
    const [row] = (await queuePage(t.db, exec, { q: `C${ids.letter}` }, at(now))).items
    expect(row).toMatchObject({ porVencer: '2026-11-28T00:36:00.000Z', vence: '2026-11-30T15:00:00.000Z' })
    const filtered = await queuePage(t.db, exec, { estado: 'dueSoon', etapa: 6 }, at(now))
    expect(idsOf(filtered)).toEqual(expected.map((name) => ids[name]))
    expect(filtered.total).toBe(expected.length)
  })
})

describe('filters and paging', () => {
  const now = at('2026-11-25T10:00:00Z') // Wednesday 04:00 in Mexico City

  it('filters by badge and by stage', async () => {
    expect(idsOf(await queuePage(t.db, exec, { estado: 'overdue' }, now))).toEqual([ids.assignment])
    expect(idsOf(await queuePage(t.db, exec, { estado: 'dueSoon' }, now))).toEqual([ids.validation])
    expect(idsOf(await queuePage(t.db, exec, { estado: 'onTime' }, now))).toEqual([ids.letter])
    expect(idsOf(await queuePage(t.db, exec, { etapa: 6 }, now))).toEqual([ids.letter])
    expect(idsOf(await queuePage(t.db, exec, { q: `C${ids.others}` }, now))).toEqual([])
  })

  it('steps to the next and the previous page by key', async () => {
    const first = await queuePage(t.db, admin, { pageSize: 2 }, now)
    expect(idsOf(first)).toEqual([ids.others, ids.assignment])
    expect(first.total).toBe(5)
    const last = first.items[1]!
    const second = await queuePage(t.db, admin, { pageSize: 2, after: last.idEvento, vence: last.vence }, now)
    expect(idsOf(second)).toEqual([ids.validation, ids.letter])
    const back = await queuePage(t.db, admin, { pageSize: 2, before: second.items[0]!.idEvento, vence: second.items[0]!.vence }, now)
    expect(idsOf(back)).toEqual([ids.others, ids.assignment])
    expect(idsOf(await queuePage(t.db, admin, { pageSize: 2, page: 3 }, now))).toEqual([ids.approval])
  })

  it.each([
    ['/api/queue?estado=tarde', 400, 'Estado'],
    ['/api/queue?etapa=4', 400, 'Etapa'],
    ['/api/queue?q=perez', 400, 'Busque por número de trámite, por ejemplo C300'],
    ['/api/queue?after=3&before=4&vence=2026-11-25T15:00:00Z', 400, 'Indique solo uno de los parámetros after y before'],
    ['/api/queue?after=3', 400, 'Indique el vencimiento (vence) del trámite de after o before'],
    ['/api/queue?after=3&vence=ayer', 400, 'Vencimiento'],
  ])('%s → %i with a Spanish reason', async (url, status, reason) => {
    const res = await get(exec, url)
    expect(res.status).toBe(status)
    expect(res.body.success).toBe(false)
    expect(res.body.reason).toContain(reason)
  })
})

describe('the total of a long queue', () => {
  it("counts up to 1,000 claims and then says «Más de 1,000», whatever the lists' limit above it", async () => {
    const busy = await createUser(t.db, 0)
    const before = Number(((await t.db.execute(sql`select max(id_evento) as n from claims`)) as unknown as { rows: { n: number }[] }).rows[0]!.n)
    const columns = claimColumnsButNumber()
    await t.db.execute(sql`insert into claims (${columns}) select ${columns} from claims c, generate_series(1, 1001) where c.id_evento = ${ids.letter}`)
    // 1,001 clocks of Validación de documentos, all 'Por vencer' at noon of Friday 27 November.
    await t.db.execute(sql`
      insert into claim_clocks (id_evento, status_id, waits_on, id_ejecutivo, entered_at, due_soon_at, due_at, escalate_at)
      select id_evento, 3, 'executive', ${busy.idUser}, '2026-11-26T15:00:00Z', '2026-11-27T15:00:00Z', '2026-11-27T21:00:00Z', '2026-12-01T15:00:00Z'
      from claims where id_evento > ${before}`)
    try {
      const now = at('2026-11-27T18:00:00Z')
      const session = sessionOf(busy)
      // Twice each: the second time the capped total is remembered and not counted again.
      for (const query of [{}, {}, { estado: 'dueSoon' as const }, { estado: 'dueSoon' as const }]) {
        const page = await queuePage(t.db, session, query, now)
        expect(page).toMatchObject({ total: 1000, totalCapped: true })
        expect(page.items.map((row) => row.estado)).toEqual(Array(10).fill('dueSoon'))
      }
      expect(await queuePage(t.db, session, { estado: 'overdue' }, now)).toMatchObject({ total: 0, totalCapped: false })
      // A smaller limit of the lists (tests inject one) still applies.
      expect(await queuePage(t.db, session, { estado: 'dueSoon' }, now, 20)).toMatchObject({ total: 20, totalCapped: true })
      // Pages by number end with the counted claims: page 100 is the last.
      expect((await queuePage(t.db, session, { page: 100 }, now)).items).toHaveLength(10)
      await expect(queuePage(t.db, session, { page: 101 }, now)).rejects.toThrow('Solo se muestran los primeros 1,000 resultados')
    } finally {
      await t.db.execute(sql`delete from claim_clocks where id_evento > ${before}`)
    }
  })
})
