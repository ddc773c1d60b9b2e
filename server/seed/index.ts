/**
 * Demo seed, run by server/main.ts on the first start. It writes the planned rows (./plan.ts) in one transaction
 * that also claims the `demo_seed` key of app_meta, so it runs once however often (or concurrently) the server
 * starts. It never adds demo accounts to a database that already has users or collaborators.
 *
 * Files are written before the transaction and removed again when it fails or finds the seed already done, so no
 * row ever points at a missing file.
 */
import { sql, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import {
  appMeta,
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
  providers,
  services,
  states,
  statusHistory,
  users,
} from '../db/schema'
import { CLAIM_STAGES, isFinalStage } from '../../domain/claimStages'
import { hashPassword } from '../auth/passwords'
import { recordStageStays } from '../domain/stageStays'
import type { FileStore } from '../storage/fileStore'
import { SEED_SERVICES } from './catalogue'
import { MEXICAN_STATES, SEED_MUNICIPALITIES, STATE_MAIN_MUNICIPALITIES } from './locations'
import { buildPdfTemplates, pdfForClaim, type DemoPdfKind } from './pdfs'
import { buildDemoPlan, DEMO_PASSWORD, type DemoPlan, type MunicipalityKey } from './plan'
import { insertDemoNotifications } from './notifications'

export {
  DEMO_ACCOUNTS,
  DEMO_COLLABORATOR,
  DEMO_PASSWORD,
  DEMO_PROVIDER_ID,
  DEMO_USER_IDS,
  STAGE_PATHS,
  TOTAL_DEMO_CLAIMS,
  buildDemoPlan,
  demoAccounts,
  
} from './plan'

export const DEMO_SEED_KEY = 'demo_seed'
const SKIPPED = 'omitido: la base de datos ya tenía datos'

export interface SeedOptions {
  /** Domain of the demo accounts' emails (config.internalEmailDomains[0]). */
  emailDomain?: string
  /** Reference time: claim dates spread over the six months before it. */
  now?: Date
}

export type SeedResult =
  | { seeded: true; ms: number; counts: Record<string, number> }
  | { seeded: false; reason: 'already-seeded' | 'existing-data'; ms: number }

/** Inserts rows in multi-row statements of `size`. */
async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

const iso = (d: Date) => d.toISOString()
const DOCUMENT_KIND: Record<1 | 2 | 3, DemoPdfKind> = { 1: 'solicitud', 2: 'resumen', 3: 'identificacion' }

/** Moves a serial column's sequence past the ids inserted explicitly. */
async function syncSequence(tx: Tx, table: string, column: string) {
  await tx.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), GREATEST((SELECT COALESCE(MAX("${column}"), 0) FROM "${table}"), 1))`,
    ),
  )
}

interface StoredFiles {
  /** `${idEvento}:${tipo}` → key */
  documents: Map<string, string>
  dictamens: Map<number, string>
  invoices: Map<number, string>
  all: string[]
  sizes: Record<DemoPdfKind, number>
}

async function writeFiles(store: FileStore, plan: DemoPlan): Promise<StoredFiles> {
  const templates = await buildPdfTemplates()
  const jobs: { kind: DemoPdfKind; idEvento: number; done: (key: string) => void }[] = []
  const sizes = Object.fromEntries(Object.entries(templates).map(([k, t]) => [k, t.bytes.length])) as Record<DemoPdfKind, number>
  const stored: StoredFiles = { documents: new Map(), dictamens: new Map(), invoices: new Map(), all: [], sizes }
  for (const c of plan.claims) {
    for (const f of c.files) jobs.push({ kind: DOCUMENT_KIND[f.tipo], idEvento: c.idEvento, done: (k) => stored.documents.set(`${c.idEvento}:${f.tipo}`, k) })
    if (c.dictamen) jobs.push({ kind: 'dictamen', idEvento: c.idEvento, done: (k) => stored.dictamens.set(c.idEvento, k) })
    if (c.invoice) jobs.push({ kind: 'factura', idEvento: c.idEvento, done: (k) => stored.invoices.set(c.idEvento, k) })
  }
  try {
    for (let i = 0; i < jobs.length; i += 64) {
      await Promise.all(
        jobs.slice(i, i + 64).map(async (job) => {
          const key = await store.put(pdfForClaim(templates[job.kind], job.idEvento), 'pdf')
          stored.all.push(key)
          job.done(key)
        }),
      )
    }
  } catch (err) {
    await removeFiles(store, stored.all)
    throw err
  }
  return stored
}

async function removeFiles(store: FileStore, keys: string[]) {
  for (let i = 0; i < keys.length; i += 64) await Promise.all(keys.slice(i, i + 64).map((k) => store.remove(k)))
}

/** Seeds the demo data unless it ran before (or the database already holds real data). */
export async function seedDemoData(db: Db, store: FileStore, opts: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const done = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY))
  if (done.length > 0) return { seeded: false, reason: 'already-seeded', ms: elapsed() }

  if (await hasData(db)) {
    // Real data and no seed key: never mix demo accounts in. Record the decision so later starts skip quickly.
    await db.insert(appMeta).values({ key: DEMO_SEED_KEY, value: SKIPPED }).onConflictDoNothing()
    return { seeded: false, reason: 'existing-data', ms: elapsed() }
  }

  const plan = buildDemoPlan({ now: opts.now, emailDomain: opts.emailDomain })
  const [passwordHash, files] = await Promise.all([hashPassword(DEMO_PASSWORD), writeFiles(store, plan)])
  let outcome: { seeded: true; counts: Record<string, number> } | { seeded: false; reason: 'already-seeded' | 'existing-data' }
  try {
    outcome = await db.transaction(async (tx) => {
      // Claiming the key first makes a concurrent second start wait here, then find it taken.
      const claimed = await tx
        .insert(appMeta)
        .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
        .onConflictDoNothing()
        .returning()
      if (claimed.length === 0) return { seeded: false as const, reason: 'already-seeded' as const }
      if (await hasData(tx)) {
        await tx.update(appMeta).set({ value: SKIPPED }).where(eq(appMeta.key, DEMO_SEED_KEY))
        return { seeded: false as const, reason: 'existing-data' as const }
      }
      const counts = await insertPlan(tx, plan, passwordHash, files)
      return { seeded: true as const, counts }
    })
  } catch (err) {
    await removeFiles(store, files.all)
    throw err
  }
  if (!outcome.seeded) await removeFiles(store, files.all)
  return { ...outcome, ms: elapsed() }
}

/** True when the database already has accounts or collaborators (then the demo seed stays out). */
async function hasData(db: Db | Tx): Promise<boolean> {
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(collaborators)
  return Number(u?.n) + Number(c?.n) > 0
}

/** Upserts the location catalogue and returns municipality and neighbourhood ids by their natural keys. */
export async function insertLocations(tx: Tx | Db) {
  await tx.insert(states).values([...MEXICAN_STATES]).onConflictDoNothing()
  const munRows = await tx
    .insert(municipalities)
    .values([...SEED_MUNICIPALITIES, ...STATE_MAIN_MUNICIPALITIES].map((m) => ({ stateId: m.stateId, code: m.code, nombre: m.nombre })))
    .onConflictDoUpdate({ target: [municipalities.stateId, municipalities.code], set: { nombre: sql`excluded.nombre` } })
    .returning({ id: municipalities.id, stateId: municipalities.stateId, code: municipalities.code })
  const munId = new Map(munRows.map((r) => [`${r.stateId}:${r.code}`, r.id]))
  const colRows = await tx
    .insert(neighbourhoods)
    .values(
      SEED_MUNICIPALITIES.flatMap((m) =>
        m.colonias.map(([nombre, codigoPostal]) => ({ municipalityId: munId.get(`${m.stateId}:${m.code}`)!, nombre, codigoPostal })),
      ),
    )
    .onConflictDoUpdate({
      target: [neighbourhoods.municipalityId, neighbourhoods.nombre, neighbourhoods.codigoPostal],
      set: { nombre: sql`excluded.nombre` },
    })
    .returning({ id: neighbourhoods.id, municipalityId: neighbourhoods.municipalityId, nombre: neighbourhoods.nombre, codigoPostal: neighbourhoods.codigoPostal })
  const colId = new Map(colRows.map((r) => [`${r.municipalityId}:${r.nombre}:${r.codigoPostal}`, r.id]))
  const municipalityId = (k: MunicipalityKey) => {
    const id = munId.get(`${k.stateId}:${k.code}`)
    if (id === undefined) throw new Error(`municipality ${k.stateId}:${k.code} missing`)
    return id
  }
  const neighbourhoodId = (k: MunicipalityKey, nombre: string, codigoPostal: string) => {
    const id = colId.get(`${municipalityId(k)}:${nombre}:${codigoPostal}`)
    if (id === undefined) throw new Error(`neighbourhood ${nombre} ${codigoPostal} missing`)
    return id
  }
  return { municipalityId, neighbourhoodId, counts: { municipalities: munRows.length, neighbourhoods: colRows.length } }
}

async function insertPlan(tx: Tx, plan: DemoPlan, passwordHash: string, files: StoredFiles): Promise<Record<string, number>> {
  await tx
    .insert(claimStatuses)
    .values(Object.entries(CLAIM_STAGES).map(([id, value]) => ({ id: Number(id), value, final: isFinalStage(Number(id)) })))
    .onConflictDoNothing()
  const locations = await insertLocations(tx)
  const serviceRows = await tx.insert(services).values([...SEED_SERVICES]).returning({ id: services.id, nombre: services.nombre })
  const serviceId = new Map(serviceRows.map((s) => [s.nombre, s.id]))

  await tx.insert(users).values(plan.users.map((u) => ({ ...u, passwordHash })))
  await tx.insert(providers).values(
    plan.providers.map(({ municipality, colonia, servicio, ...p }) => ({
      ...p,
      servicioId: serviceId.get(servicio)!,
      codigoPostal: Number(colonia.codigoPostal),
      estadoId: municipality.stateId,
      municipioId: locations.municipalityId(municipality),
      coloniaId: locations.neighbourhoodId(municipality, colonia.nombre, colonia.codigoPostal),
    })),
  )
  await tx.insert(collaborators).values(
    plan.collaborators.map(({ municipality, ...c }) => ({ ...c, estadoId: municipality.stateId, municipioId: locations.municipalityId(municipality) })),
  )
  await insertInChunks(plan.coverages, 500, (chunk) => tx.insert(coverages).values(chunk))
  await insertInChunks(plan.claims, 250, (chunk) =>
    tx.insert(claims).values(
      chunk.map((c) => ({
        idEvento: c.idEvento,
        idColaborador: c.idColaborador,
        idCobertura: c.idCobertura,
        idEjecutivo: c.idEjecutivo,
        idProveedor: c.idProveedor,
        servicioId: c.servicio ? serviceId.get(c.servicio)! : null,
        statusId: c.statusId,
        beneficiary: c.beneficiary,
        email: c.email,
        phone: c.phone,
        age: c.age,
        gender: c.gender,
        stateId: c.municipality.stateId,
        cityId: locations.municipalityId(c.municipality),
        montoAutorizado: c.montoAutorizado,
        tipo: 'Digital',
        fechaIngreso: iso(c.fechaIngreso),
        updatedAt: iso(c.updatedAt),
      })),
    ),
  )
  const letters = plan.claims.flatMap((c) => (c.letter ? [{ idEvento: c.idEvento, ...c.letter, updatedAt: iso(c.letter.updatedAt) }] : []))
  await insertInChunks(letters, 250, (chunk) => tx.insert(claimLetters).values(chunk))

  const fileRows = plan.claims.flatMap((c) =>
    c.files.map((f) => ({
      idEvento: c.idEvento,
      tipo: f.tipo,
      status: f.status,
      storageKey: files.documents.get(`${c.idEvento}:${f.tipo}`)!,
      nombre: f.nombre,
      size: files.sizes[DOCUMENT_KIND[f.tipo]],
      comentario: f.comentario,
      uploadedBy: f.uploadedBy,
      createdAt: iso(f.createdAt),
    })),
  )
  await insertInChunks(fileRows, 500, (chunk) => tx.insert(claimFiles).values(chunk))
  const dictamenRows = plan.claims.flatMap((c) =>
    c.dictamen
      ? [{ idEvento: c.idEvento, storageKey: files.dictamens.get(c.idEvento)!, nombre: `Dictamen C${c.idEvento}.pdf`, ...c.dictamen, createdAt: iso(c.dictamen.createdAt) }]
      : [],
  )
  await insertInChunks(dictamenRows, 500, (chunk) => tx.insert(dictaminations).values(chunk))
  const invoiceRows = plan.claims.flatMap((c) =>
    c.invoice
      ? [
          {
            idEvento: c.idEvento,
            idProveedor: c.idProveedor!,
            storageKey: files.invoices.get(c.idEvento)!,
            nombre: c.invoice.nombre,
            status: c.invoice.status,
            createdAt: iso(c.invoice.createdAt),
            approvedAt: c.invoice.approvedAt ? iso(c.invoice.approvedAt) : null,
          },
        ]
      : [],
  )
  await insertInChunks(invoiceRows, 500, (chunk) => tx.insert(invoices).values(chunk))
  const historyRows = plan.claims.flatMap((c) => c.history.map((h) => ({ idEvento: c.idEvento, statusId: h.statusId, fecha: iso(h.fecha), actor: h.actor })))
  await insertInChunks(historyRows, 1000, (chunk) => tx.insert(statusHistory).values(chunk))
  await recordStageStays(tx, sql`true`)
  const notificationCount = await insertDemoNotifications(tx, plan.claims)

  for (const [table, column] of [
    ['users', 'id_user'],
    ['providers', 'id_proveedor'],
    ['coverages', 'id_cobertura'],
    ['claims', 'id_evento'],
  ] as const) {
    await syncSequence(tx, table, column)
  }
  return {
    users: plan.users.length,
    providers: plan.providers.length,
    collaborators: plan.collaborators.length,
    coverages: plan.coverages.length,
    claims: plan.claims.length,
    claimFiles: fileRows.length,
    dictaminations: dictamenRows.length,
    invoices: invoiceRows.length,
    statusHistory: historyRows.length,
    notifications: notificationCount,
    ...locations.counts,
  }
}
