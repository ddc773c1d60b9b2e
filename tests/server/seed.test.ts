/**
 * The demo seed on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL): it runs once, and the data it
 * writes is consistent with the claim stages (documents, provider, letter, dictamen, invoice, history), the coverage
 * amounts and the file store.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import argon2 from 'argon2'
import { asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLAIM_STAGES, isFinalStage, isRejectedDocument, isVerifiedDocument } from '../../domain/claimStages'
import { MIGRATIONS_FOLDER, type DbHandle } from '../../server/db/client'
import { reportStatistics } from '../../server/report/reportStatistics'
import type { ReportFilter } from '../../server/report/claimsReport'
import {
  appMeta,
  claimClocks,
  claimFiles,
  claimLetters,
  claims,
  claimStatuses,
  collaborators,
  coverages,
  dictaminations,
  invoices,
  municipalities,
  neighbourhoods,
  notifications,
  providers,
  services,
  states,
  statusHistory,
  users,
} from '../../server/db/schema'
import {
  buildDemoPlan,
  DEMO_ACCOUNTS,
  DEMO_COLLABORATOR,
  DEMO_PROVIDER_ID,
  DEMO_SEED_KEY,
  DEMO_USER_IDS,
  seedDemoData,
  STAGE_PATHS,
  type SeedResult,
} from '../../server/seed'
import { seedLargeClaims } from '../../server/seed/large'
import { WORK_LOCATIONS } from '../../server/seed/catalogue'
import { createLocalFileStore, type LocalFileStore } from '../../server/storage/localFileStore'
import { openTestDb } from './helpers/testApp'

const DAY = 86_400_000
/** Every stage change the lifecycle allows (machines/claimLifecycle.machine.ts). */
const ALLOWED_STEPS = new Set(['1>2', '2>3', '3>4', '4>3', '3>5', '5>6', '6>7', '6>10', '7>9', '9>8'])

/** Timestamps come back as PostgreSQL text ('2026-05-31 12:00:00.123+00'). */
const ms = (value: string) => new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).getTime()

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item])
  return map
}

function filesOnDisk(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
}

describe('demo seed', () => {
  const now = new Date()
  let handle: DbHandle
  let drop: () => Promise<void>
  let dataDir: string
  let store: LocalFileStore
  let first: SeedResult
  let concurrent: SeedResult[]

  beforeAll(async () => {
    ;({ handle, drop } = await openTestDb())
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-seed-'))
    store = createLocalFileStore(dataDir)
    // two starts at once (two server processes on one PostgreSQL): exactly one seeds, the other backs off
    concurrent = await Promise.all([seedDemoData(handle.db, store, { now }), seedDemoData(handle.db, store, { now })])
    first = concurrent.find((r) => r.seeded) ?? concurrent[0]!
  }, 120_000)

  afterAll(async () => {
    await drop?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  const db = () => handle.db

  it('runs on the first call only: a concurrent or later call changes nothing', async () => {
    expect(concurrent.filter((r) => r.seeded)).toHaveLength(1)
    expect(concurrent.find((r) => !r.seeded)).toMatchObject({ reason: 'already-seeded' })
    const before = {
      claims: (await db().select({ n: count() }).from(claims))[0]!.n,
      users: (await db().select({ n: count() }).from(users))[0]!.n,
      files: filesOnDisk(store.root).length,
    }
    const second = await seedDemoData(handle.db, store, { now })
    expect(second).toMatchObject({ seeded: false, reason: 'already-seeded' })
    expect((await db().select({ n: count() }).from(claims))[0]!.n).toBe(before.claims)
    expect((await db().select({ n: count() }).from(users))[0]!.n).toBe(before.users)
    expect(filesOnDisk(store.root)).toHaveLength(before.files)
    expect(await db().select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY))).toHaveLength(1)
  })

  it('writes the counts it reports', async () => {
    if (!first.seeded) throw new Error('seed did not run')
    const c = first.counts
    expect((await db().select({ n: count() }).from(claims))[0]!.n).toBe(c.claims)
    expect((await db().select({ n: count() }).from(claimFiles))[0]!.n).toBe(c.claimFiles)
    expect((await db().select({ n: count() }).from(statusHistory))[0]!.n).toBe(c.statusHistory)
    expect(c.claims).toBe(300)
    expect(c.collaborators).toBe(200)
    // A few demo notifications (issue 14), kept: demo addresses are never mailed.
    const mails = await db().select({ delivery: notifications.delivery }).from(notifications)
    expect(mails).toHaveLength(c.notifications!)
    expect(mails.length).toBeGreaterThan(5)
    expect(mails.every((m) => m.delivery === 'kept')).toBe(true)
  })

  it('has the 32 states and real municipalities with neighbourhoods for Sinaloa, CDMX, Jalisco and Nuevo León', async () => {
    const stateRows = await db().select().from(states).orderBy(asc(states.id))
    expect(stateRows.map((s) => s.id)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1))
    expect(stateRows.find((s) => s.id === 25)?.nombre).toBe('Sinaloa')
    expect(stateRows.find((s) => s.id === 9)?.nombre).toBe('Ciudad de México')
    const munRows = await db().select().from(municipalities)
    const colRows = await db().select().from(neighbourhoods)
    for (const stateId of [25, 9, 14, 19]) {
      const inState = munRows.filter((m) => m.stateId === stateId)
      expect(inState.length, `state ${stateId}`).toBeGreaterThanOrEqual(10)
      for (const m of inState) expect(colRows.some((c) => c.municipalityId === m.id), m.nombre).toBe(true)
    }
    for (const c of colRows) expect(c.codigoPostal).toMatch(/^\d{5}$/)
    const culiacan = munRows.find((m) => m.stateId === 25 && m.code === 6)!
    expect(culiacan.nombre).toBe('Culiacán')
    expect(colRows.filter((c) => c.municipalityId === culiacan.id).map((c) => c.codigoPostal)).toContain('80000')
  })

  it('offers at least one city in every one of the 32 states, so a claim can be filed anywhere', async () => {
    const munRows = await db().select().from(municipalities)
    for (let stateId = 1; stateId <= 32; stateId++) {
      expect(munRows.filter((m) => m.stateId === stateId).length, `state ${stateId}`).toBeGreaterThanOrEqual(1)
    }
    expect(munRows.find((m) => m.stateId === 31 && m.code === 50)?.nombre).toBe('Mérida')
    expect(munRows.find((m) => m.stateId === 21 && m.code === 114)?.nombre).toBe('Puebla')
  })

  it('has the stage catalogue and medical and non-medical services', async () => {
    const statuses = await db().select().from(claimStatuses)
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.value]))).toEqual(CLAIM_STAGES)
    for (const s of statuses) expect(s.final).toBe(isFinalStage(s.id))
    const serviceRows = await db().select().from(services)
    expect(serviceRows.map((s) => s.nombre)).toEqual(expect.arrayContaining(['Consulta médica', 'Hospitalización', 'Ambulancia', 'Óptica', 'Farmacia']))
    expect(new Set(serviceRows.map((s) => s.tipo))).toEqual(new Set([0, 1]))
  })

  it('has 5 executives, 1 administrator, 1 partner reviewer and 20 providers, and every demo account signs in', async () => {
    const userRows = await db().select().from(users)
    const byRol = (rol: number) => userRows.filter((u) => u.rol === rol)
    expect(byRol(0)).toHaveLength(5)
    expect(byRol(1)).toHaveLength(1)
    expect(byRol(3)).toHaveLength(20)
    expect(byRol(4)).toHaveLength(1)
    for (const u of userRows) expect(u.email).toMatch(/^[a-z0-9.]+@coppel\.com$/)
    for (const u of [...byRol(0), ...byRol(1)]) expect(WORK_LOCATIONS).toContain(u.ubicacionLaboral)

    const providerRows = await db().select().from(providers)
    expect(providerRows).toHaveLength(20)
    expect(new Set(providerRows.map((p) => p.tipo))).toEqual(new Set([0, 1]))
    for (const p of providerRows) {
      expect(byRol(3).some((u) => u.idUser === p.userId)).toBe(true)
      expect(p.servicioId).not.toBeNull()
      if (p.tipo === 1) expect(p.especialidad && p.nivel && p.costoNormal).toBeTruthy()
      else expect(p.contrato).not.toBeNull()
    }

    for (const account of DEMO_ACCOUNTS) {
      const user = userRows.find((u) => u.email === account.email)
      expect(user, account.email).toBeDefined()
      expect(user!.rol).toBe(account.rol)
      expect(await argon2.verify(user!.passwordHash, account.password)).toBe(true)
      expect(await argon2.verify(user!.passwordHash, account.password + 'x')).toBe(false)
    }
    expect(userRows.find((u) => u.idUser === DEMO_USER_IDS.executive)?.email).toBe(DEMO_ACCOUNTS[0]!.email)
    expect(providerRows.find((p) => p.idProveedor === DEMO_PROVIDER_ID)?.userId).toBe(DEMO_USER_IDS.provider)
  })

  it('has 200 collaborators with 8-digit numbers and 1 to 3 coverages each', async () => {
    const collaboratorRows = await db().select().from(collaborators)
    const coverageRows = await db().select().from(coverages)
    expect(collaboratorRows).toHaveLength(200)
    for (const c of collaboratorRows) {
      expect(String(c.idColaborador)).toMatch(/^\d{8}$/)
      const own = coverageRows.filter((cv) => cv.idColaborador === c.idColaborador)
      expect(own.length).toBeGreaterThanOrEqual(1)
      expect(own.length).toBeLessThanOrEqual(3)
    }
    expect(coverageRows.filter((c) => c.showCtaBtn === 1).length / coverageRows.length).toBeGreaterThan(0.85)
  })

  it('spreads claims over every stage; the demo executive owns claims at each and the demo provider has claims at 7 and 9', async () => {
    const claimRows = await db().select().from(claims)
    for (const stage of Object.keys(CLAIM_STAGES).map(Number)) {
      const atStage = claimRows.filter((c) => c.statusId === stage)
      expect(atStage.length, `stage ${stage}`).toBeGreaterThanOrEqual(5)
      expect(atStage.some((c) => c.idEjecutivo === DEMO_USER_IDS.executive), `executive at stage ${stage}`).toBe(true)
    }
    for (const stage of [7, 9]) {
      expect(claimRows.some((c) => c.statusId === stage && c.idProveedor === DEMO_PROVIDER_ID), `provider at ${stage}`).toBe(true)
    }
  })

  it("gives the demo collaborator a claim at 'Trámite iniciado' with no documents yet", async () => {
    const [claim] = await db().select().from(claims).where(eq(claims.idEvento, DEMO_COLLABORATOR.idEvento))
    expect(claim).toMatchObject({ idColaborador: DEMO_COLLABORATOR.idColaborador, statusId: DEMO_COLLABORATOR.statusId })
    expect(await db().select().from(claimFiles).where(eq(claimFiles.idEvento, DEMO_COLLABORATOR.idEvento))).toEqual([])
    const [{ maxId }] = (await db().select({ maxId: sql<number>`max(${claims.idEvento})` }).from(claims)) as [{ maxId: number }]
    expect(Number(maxId)).toBe(DEMO_COLLABORATOR.idEvento)
  })

  it('never authorizes more than a coverage holds, and keeps a new claim possible where all claims are final', async () => {
    const claimRows = await db().select().from(claims)
    const coverageRows = await db().select().from(coverages)
    let allFinalCoverages = 0
    for (const cv of coverageRows) {
      const own = claimRows.filter((c) => c.idCobertura === cv.idCobertura).sort((a, b) => ms(a.fechaIngreso) - ms(b.fechaIngreso))
      for (const c of own) expect(c.idColaborador).toBe(cv.idColaborador)
      const used = own.reduce((sum, c) => sum + c.montoAutorizado, 0)
      expect(used, `coverage ${cv.idCobertura}`).toBeLessThanOrEqual(cv.monto)
      for (const c of own) expect(c.montoAutorizado).toBeGreaterThan(0)
      const open = own.filter((c) => !isFinalStage(c.statusId))
      expect(open.length).toBeLessThanOrEqual(1)
      if (open.length === 1) expect(own[own.length - 1]).toBe(open[0]) // the open one is the newest
      if (own.length > 0 && open.length === 0) {
        allFinalCoverages++
        expect(cv.monto - used).toBeGreaterThan(0)
        expect(cv.showCtaBtn).toBe(1)
      }
    }
    expect(allFinalCoverages).toBeGreaterThan(10)
  })

  it('records every stage a claim went through, with increasing dates within the last six months', async () => {
    const claimRows = await db().select().from(claims)
    const history = await db().select().from(statusHistory).orderBy(asc(statusHistory.idEvento), asc(statusHistory.id))
    const byClaim = groupBy(history, (h) => h.idEvento)
    for (const c of claimRows) {
      const rows = byClaim.get(c.idEvento) ?? []
      expect(rows.length, `C${c.idEvento}`).toBeGreaterThan(0)
      expect(rows[0]!.statusId).toBe(1)
      expect(rows[rows.length - 1]!.statusId).toBe(c.statusId)
      for (let i = 1; i < rows.length; i++) {
        expect(ALLOWED_STEPS.has(`${rows[i - 1]!.statusId}>${rows[i]!.statusId}`), `C${c.idEvento} ${rows[i - 1]!.statusId}>${rows[i]!.statusId}`).toBe(true)
        expect(ms(rows[i]!.fecha)).toBeGreaterThan(ms(rows[i - 1]!.fecha))
      }
      expect(ms(c.fechaIngreso)).toBe(ms(rows[0]!.fecha))
      expect(ms(c.updatedAt)).toBe(ms(rows[rows.length - 1]!.fecha))
      expect(ms(rows[rows.length - 1]!.fecha)).toBeLessThanOrEqual(now.getTime())
      expect(ms(rows[0]!.fecha)).toBeGreaterThan(now.getTime() - 200 * DAY)
      for (const h of rows) expect(h.actor).toMatch(/^(user|colaborador):\d+$/)
    }
    const oldest = Math.min(...claimRows.map((c) => ms(c.fechaIngreso)))
    expect(oldest).toBeLessThan(now.getTime() - 120 * DAY) // spread over months, not days
  })

  it('gives each claim the documents, provider, letter, dictamen and invoice its stage implies', async () => {
    const claimRows = await db().select().from(claims)
    const files = groupBy(await db().select().from(claimFiles), (f) => f.idEvento)
    const letters = new Map((await db().select().from(claimLetters)).map((l) => [l.idEvento, l]))
    const dictamens = new Map((await db().select().from(dictaminations)).map((d) => [d.idEvento, d]))
    const invoiceRows = new Map((await db().select().from(invoices)).map((i) => [i.idEvento, i]))
    for (const c of claimRows) {
      const label = `C${c.idEvento} at ${c.statusId}`
      const docs = files.get(c.idEvento) ?? []
      const statuses = docs.map((d) => d.status)
      if (c.statusId === 1) expect(docs, label).toEqual([])
      else if (c.statusId === 2) {
        expect(docs.length, label).toBeGreaterThanOrEqual(1)
        expect(docs.length, label).toBeLessThanOrEqual(2)
        expect(statuses.every((s) => s === 1), label).toBe(true)
      } else {
        expect(docs.map((d) => d.tipo).sort(), label).toEqual([1, 2, 3])
        if (c.statusId === 3) {
          expect(statuses.some((s) => s === 1), label).toBe(true)
          expect(statuses.some(isRejectedDocument), label).toBe(false)
        } else if (c.statusId === 4) {
          expect(statuses.some(isRejectedDocument), label).toBe(true)
        } else {
          expect(statuses.every(isVerifiedDocument), label).toBe(true)
        }
      }
      for (const d of docs) {
        if (isRejectedDocument(d.status)) expect(d.comentario, label).toBeTruthy()
        else expect(d.comentario, label).toBeNull()
      }

      const hasProvider = [6, 7, 9, 8, 10].includes(c.statusId)
      expect(c.idProveedor !== null, label).toBe(hasProvider)
      expect(c.servicioId !== null, label).toBe(hasProvider)

      const letter = letters.get(c.idEvento)
      if ([7, 9, 8, 10].includes(c.statusId)) {
        expect(letter?.diagnostico && letter.vigenciaDesde && letter.vigenciaHasta && letter.limiteFacturacion, label).toBeTruthy()
        expect(letter!.medicoMonto!, label).toBeLessThanOrEqual(c.montoAutorizado)
      } else if (c.statusId !== 6) expect(letter, label).toBeUndefined()

      const dictamen = dictamens.get(c.idEvento)
      if ([7, 9, 8].includes(c.statusId)) expect(dictamen?.dictaminacion, label).toBe(1)
      else if (c.statusId === 10) expect(dictamen?.dictaminacion, label).toBe(0)
      else expect(dictamen, label).toBeUndefined()

      const invoice = invoiceRows.get(c.idEvento)
      if (c.statusId === 9) expect(invoice, label).toMatchObject({ status: 0, idProveedor: c.idProveedor, approvedAt: null })
      else if (c.statusId === 8) {
        expect(invoice, label).toMatchObject({ status: 1, idProveedor: c.idProveedor })
        expect(invoice!.approvedAt, label).not.toBeNull()
      } else expect(invoice, label).toBeUndefined()
    }
  })

  it('stores a real PDF naming its claim for every document, dictamen and invoice row', async () => {
    const rows = [
      ...(await db().select({ idEvento: claimFiles.idEvento, key: claimFiles.storageKey, size: claimFiles.size }).from(claimFiles)),
      ...(await db().select({ idEvento: dictaminations.idEvento, key: dictaminations.storageKey }).from(dictaminations)),
      ...(await db().select({ idEvento: invoices.idEvento, key: invoices.storageKey }).from(invoices)),
    ] as { idEvento: number; key: string; size?: number }[]
    expect(rows.length).toBeGreaterThan(700)
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length) // no shared files: replacing one never breaks another
    for (const row of rows) {
      expect(await store.exists(row.key), row.key).toBe(true)
      const bytes = await readFile(path.join(store.root, row.key))
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(bytes.toString('latin1')).toContain(`(C${row.idEvento} `)
      if (row.size !== undefined) expect(row.size).toBe(bytes.length)
    }
    // and nothing else was left behind
    expect(filesOnDisk(store.root)).toHaveLength(rows.length)
  })

  it('moves the id sequences past the seeded rows', async () => {
    const [user] = await db()
      .insert(users)
      .values({ email: 'nuevo.ejecutivo@coppel.com', passwordHash: 'x', rol: 0, nombre: 'Nuevo' })
      .returning()
    expect(user!.idUser).toBeGreaterThan(27)
    const [demo] = await db().select().from(claims).where(eq(claims.idEvento, 1))
    const [claim] = await db()
      .insert(claims)
      .values({ ...demo!, idEvento: undefined, statusId: 1, idProveedor: null, servicioId: null })
      .returning()
    expect(claim!.idEvento).toBe(301)
  })

  it('adds bulk benchmark claims (seed:large) that keep the same rules', async () => {
    const before = (await db().select({ n: count() }).from(claims))[0]!.n
    const progress: number[] = []
    const result = await seedLargeClaims(handle.db, 1500, { batchSize: 600, now, onProgress: (n) => progress.push(n) })
    expect(progress).toEqual([600, 1200, 1500])
    expect((await db().select({ n: count() }).from(claims))[0]!.n).toBe(before + 1500)

    const fresh = (await db().select().from(claims)).filter((c) => c.idColaborador >= result.firstCollaborator)
    expect(fresh).toHaveLength(1500)
    const coverageById = new Map((await db().select().from(coverages)).map((c) => [c.idCobertura, c]))
    const providerById = new Map((await db().select().from(providers)).map((p) => [p.idProveedor, p]))
    const executiveIds = new Set((await db().select().from(users).where(eq(users.rol, 0))).map((u) => u.idUser))
    const history = groupBy(await db().select().from(statusHistory).orderBy(asc(statusHistory.idEvento), asc(statusHistory.id)), (h) => h.idEvento)
    const clockById = new Map((await db().select().from(claimClocks)).map((k) => [k.idEvento, k]))
    const stagesSeen = new Set<number>()
    for (const c of fresh) {
      stagesSeen.add(c.statusId)
      const coverage = coverageById.get(c.idCobertura)!
      expect(coverage.idColaborador).toBe(c.idColaborador)
      expect(c.montoAutorizado).toBeGreaterThan(0)
      expect(c.montoAutorizado).toBeLessThanOrEqual(coverage.monto)
      expect(executiveIds.has(c.idEjecutivo)).toBe(true)
      if ([6, 7, 9, 8, 10].includes(c.statusId)) expect(c.servicioId).toBe(providerById.get(c.idProveedor!)!.servicioId)
      else expect([c.idProveedor, c.servicioId]).toEqual([null, null])
      const rows = history.get(c.idEvento)!
      expect(rows.map((h) => h.statusId)).toEqual([...STAGE_PATHS[c.statusId as keyof typeof STAGE_PATHS]])
      for (let i = 1; i < rows.length; i++) expect(ms(rows[i]!.fecha)).toBeGreaterThan(ms(rows[i - 1]!.fecha))
      expect(ms(c.fechaIngreso)).toBe(ms(rows[0]!.fecha))
      expect(ms(c.updatedAt)).toBe(ms(rows[rows.length - 1]!.fecha))
      expect(ms(c.updatedAt)).toBeLessThanOrEqual(now.getTime())
      expect(ms(c.fechaIngreso)).toBeGreaterThan(now.getTime() - 200 * DAY)
      // A claim waiting on the office or a provider entered its stage within the last 8 days and has its clock.
      const clock = clockById.get(c.idEvento)
      if ([3, 5, 6, 7, 9].includes(c.statusId)) {
        expect(ms(c.updatedAt)).toBeGreaterThanOrEqual(now.getTime() - 8 * DAY)
        expect(ms(clock!.enteredAt)).toBe(ms(c.updatedAt))
      } else expect(clock).toBeUndefined()
    }
    expect([...stagesSeen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    await expect(seedLargeClaims(handle.db, 0)).rejects.toThrow(/entero mayor que 0/)
  })

  it('stores every ended stay as lead() gives it; the migration backfill gives the old lead() figures', async () => {
    // The stays as the report derived them before stage_stays (lead() per claim), the claim's cohort keys copied.
    const leadStays = sql`select s.id as id_history, s.status_id, s.days::double precision as days, c.fecha_ingreso, c.id_ejecutivo
      from claims c cross join lateral (
        select h.id, h.status_id, extract(epoch from (lead(h.fecha) over (order by h.fecha, h.id) - h.fecha)) / 86400.0 as days
        from status_history h where h.id_evento = c.id_evento) s
      where s.days is not null`
    const compare = async () => {
      const { rows } = (await db().execute(sql`with lead_stays as (${leadStays}),
        stored as (select id_history, status_id, days, fecha_ingreso, id_ejecutivo from stage_stays)
        select (select count(*) from lead_stays)::int as stays,
               (select count(*) from (select * from lead_stays except all select * from stored) d)::int as missing,
               (select count(*) from (select * from stored except all select * from lead_stays) d)::int as extra`)) as unknown as {
        rows: { stays: number; missing: number; extra: number }[]
      }
      return rows[0]!
    }
    const seeded = await compare()
    expect(seeded.stays).toBeGreaterThan(4000)
    expect(seeded).toMatchObject({ missing: 0, extra: 0 })

    // The migration's backfill statement, as it runs on an existing database.
    const migration = await readFile(path.join(MIGRATIONS_FOLDER, '0007_stage_stays.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "stage_stays"'))!
    await db().execute(sql`delete from stage_stays`)
    await db().execute(sql.raw(backfill))
    expect(await compare()).toEqual(seeded)

    // The figures: the old read-time computation (percentile_cont over lead()) against reportStatistics.
    const { rows: [range] } = (await db().execute(sql`select to_char(min(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as first,
      to_char(max(fecha_ingreso) at time zone 'UTC', 'YYYY-MM-DD') as last from claims`)) as unknown as { rows: { first: string; last: string }[] }
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`)
    const midMonth = new Date((day(range!.first) + day(range!.last)) / 2).toISOString().slice(0, 8)
    const filters: ReportFilter[] = [
      { initDate: range!.first, endDate: range!.last },
      { initDate: `${midMonth}01`, endDate: `${midMonth}28` },
      { initDate: range!.first, endDate: range!.last, idEjecutivo: DEMO_USER_IDS.executive },
    ]
    const round = (v: unknown) => (v === null ? null : Math.round(Number(v) * 100) / 100)
    let interpolated = 0
    for (const filter of filters) {
      const owner = filter.idEjecutivo === undefined ? sql`true` : sql`c.id_ejecutivo = ${filter.idEjecutivo}`
      const { rows } = (await db().execute(sql`
        select s.status_id, count(*)::int as stays, percentile_cont(0.5) within group (order by s.days) as median,
               percentile_cont(0.9) within group (order by s.days) as p90
        from claims c cross join lateral (
          select h.status_id, extract(epoch from (lead(h.fecha) over (order by h.fecha, h.id) - h.fecha)) / 86400.0 as days
          from status_history h where h.id_evento = c.id_evento) s
        where c.fecha_ingreso >= (${filter.initDate}::date)::timestamp at time zone 'UTC'
          and c.fecha_ingreso < (${filter.endDate}::date + 1)::timestamp at time zone 'UTC' and ${owner} and s.days is not null
        group by 1`)) as unknown as { rows: { status_id: number; stays: number; median: number; p90: number }[] }
      const old = new Map(rows.map((r) => [Number(r.status_id), r]))
      const figures = await reportStatistics(handle.db, filter)
      // Since issue 27 the percentiles come from a histogram: exact to its bin (0.05 day below 10 days, 0.5 % above;
      // tests/server/statsAggregate.test.ts), the two-decimal rounding on top.
      const near = (value: number | null, want: unknown) =>
        value === null || want === null ? value === want : Math.abs(value - Number(want)) <= Math.max(0.05, 0.005 * Number(want)) + 0.01
      expect(figures.stageDays.map((s) => [s.statusId, s.stays])).toEqual(
        figures.stageDays.map((s) => [s.statusId, old.get(s.statusId) ? Number(old.get(s.statusId)!.stays) : 0]),
      )
      for (const s of figures.stageDays) {
        const r = old.get(s.statusId)
        expect(near(s.medianDays, r ? round(r.median) : null), `median of stage ${s.statusId}`).toBe(true)
        expect(near(s.p90Days, r ? round(r.p90) : null), `p90 of stage ${s.statusId}`).toBe(true)
      }
      interpolated += figures.stageDays.filter((s) => s.medianDays !== null && !Number.isInteger(s.medianDays)).length
    }
    // Varied durations (the demo seed's), not only the bulk claims' whole days.
    expect(interpolated).toBeGreaterThan(0)
  })
})

describe('demo seed safety', () => {
  // one fresh database for both cases, in this order: the failed seed leaves it empty for the second
  let handle: DbHandle
  let drop: () => Promise<void>
  let dataDir: string
  let store: LocalFileStore

  beforeAll(async () => {
    ;({ handle, drop } = await openTestDb())
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-seed-'))
    store = createLocalFileStore(dataDir)
  }, 60_000)

  afterAll(async () => {
    await drop?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('rolls everything back and removes its files when a write fails, so the next start seeds again', async () => {
    await handle.db.execute(
      sql.raw(`CREATE FUNCTION refuse_claims() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disco lleno'; END $$`),
    )
    await handle.db.execute(sql.raw(`CREATE TRIGGER refuse_claims BEFORE INSERT ON claims FOR EACH STATEMENT EXECUTE FUNCTION refuse_claims()`))
    await expect(seedDemoData(handle.db, store)).rejects.toThrow()
    expect(filesOnDisk(store.root)).toEqual([])
    expect((await handle.db.select({ n: count() }).from(users))[0]!.n).toBe(0)
    expect((await handle.db.select({ n: count() }).from(states))[0]!.n).toBe(0)
    expect(await handle.db.select().from(appMeta)).toEqual([])
    await handle.db.execute(sql.raw('DROP TRIGGER refuse_claims ON claims'))
  })

  it('adds no demo accounts to a database that already has users, and leaves no files behind', async () => {
    await handle.db.insert(users).values({ email: 'real@coppel.com', passwordHash: 'x', rol: 1, nombre: 'Real' })
    const result = await seedDemoData(handle.db, store)
    expect(result).toMatchObject({ seeded: false, reason: 'existing-data' })
    expect((await handle.db.select({ n: count() }).from(claims))[0]!.n).toBe(0)
    expect((await handle.db.select({ n: count() }).from(users))[0]!.n).toBe(1)
    expect(filesOnDisk(store.root)).toEqual([])
    // and it is not attempted again
    expect(await seedDemoData(handle.db, store)).toMatchObject({ seeded: false, reason: 'already-seeded' })
  })

  it('refuses bulk claims when there are no executives or providers to give them to', async () => {
    await expect(seedLargeClaims(handle.db, 10)).rejects.toThrow(/ejecutivos y proveedores/)
    expect((await handle.db.select({ n: count() }).from(claims))[0]!.n).toBe(0)
  })
})

describe('demo plan', () => {
  it('plans the same data for the same reference time', () => {
    const now = new Date('2026-03-01T10:00:00Z')
    const a = buildDemoPlan({ now })
    const b = buildDemoPlan({ now })
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    const other = buildDemoPlan({ now: new Date('2026-04-01T10:00:00Z') })
    expect(other.claims.map((c) => [c.idEvento, c.statusId, c.idColaborador])).toEqual(a.claims.map((c) => [c.idEvento, c.statusId, c.idColaborador]))
  })
})
