/**
 * Small builders for API tests: insert exactly the rows a test needs and mint tokens for them. Passwords are hashed
 * with a cheap argon2id setting here only, to keep tests fast.
 */
import argon2 from 'argon2'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../server/db/client'
import {
  claims,
  claimStatuses,
  collaborators,
  coverages,
  municipalities,
  neighbourhoods,
  providers,
  services,
  states,
  statusHistory,
  users,
} from '../../../server/db/schema'
import { CLAIM_STAGES, isFinalStage } from '../../../domain/claimStages'
import { signAccessToken } from '../../../server/auth/tokens'
import type { Session } from '../../../server/auth/roles'
import { TEST_CLIENT_TOKEN } from './testApp'

let seq = 0
const next = () => ++seq

export const TEST_PASSWORD = 'Prueba#2026'

export const hashForTests = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 })

/** Catalogue rows every claim needs (stages, one state/municipality/neighbourhood, one service). Idempotent. */
export async function ensureBaseCatalogues(db: Db) {
  await db
    .insert(claimStatuses)
    .values(Object.entries(CLAIM_STAGES).map(([id, value]) => ({ id: Number(id), value, final: isFinalStage(Number(id)) })))
    .onConflictDoNothing()
  await db.insert(states).values({ id: 25, nombre: 'Sinaloa' }).onConflictDoNothing()
  const [mun] = await db
    .insert(municipalities)
    .values({ stateId: 25, code: 6, nombre: 'Culiacán' })
    .onConflictDoUpdate({ target: [municipalities.stateId, municipalities.code], set: { nombre: 'Culiacán' } })
    .returning()
  const [col] = await db
    .insert(neighbourhoods)
    .values({ municipalityId: mun!.id, nombre: 'Centro', codigoPostal: '80000' })
    .onConflictDoUpdate({
      target: [neighbourhoods.municipalityId, neighbourhoods.nombre, neighbourhoods.codigoPostal],
      set: { nombre: 'Centro' },
    })
    .returning()
  const existing = await db.select().from(services)
  const service = existing[0] ?? (await db.insert(services).values({ nombre: 'Consulta médica', tipo: 1 }).returning())[0]!
  return { stateId: 25, municipalityId: mun!.id, neighbourhoodId: col!.id, serviceId: service.id }
}

export async function createUser(
  db: Db,
  rol: 0 | 1 | 3 | 4,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const n = next()
  const [row] = await db
    .insert(users)
    .values({
      email: `usuario${n}@coppel.com`,
      passwordHash: await hashForTests(TEST_PASSWORD),
      rol,
      nombre: `Usuario ${n}`,
      apePat: 'Prueba',
      telefono: '6671234567',
      ubicacionLaboral: 'Coorporativo Reforma',
      ...overrides,
    })
    .returning()
  return row!
}

export async function createProvider(db: Db, overrides: Partial<typeof providers.$inferInsert> = {}) {
  const base = await ensureBaseCatalogues(db)
  const user = await createUser(db, 3)
  const [row] = await db
    .insert(providers)
    .values({
      userId: user.idUser,
      tipo: 1,
      nombreProveedor: `Proveedor ${user.idUser}`,
      servicioId: base.serviceId,
      horarios: 'L-V 9:00-18:00',
      telefono1: '6677654321',
      codigoPostal: 80000,
      estadoId: base.stateId,
      municipioId: base.municipalityId,
      coloniaId: base.neighbourhoodId,
      calle: 'Av. Obregón',
      numeroExterior: 100,
      email: user.email,
      observaciones: 'Culiacán',
      ...overrides,
    })
    .returning()
  return { user, provider: row! }
}

export async function createCollaboratorWithCoverage(db: Db, monto = 50_000) {
  const base = await ensureBaseCatalogues(db)
  const idColaborador = 90_000_000 + next()
  await db.insert(collaborators).values({
    idColaborador,
    nombre: 'María',
    nombre2: 'Elena',
    apePat: 'López',
    apeMat: 'García',
    email: `maria${idColaborador}@correo.com`,
    telefono: '6671112233',
    edad: 34,
    genero: 2,
    estadoId: base.stateId,
    municipioId: base.municipalityId,
  })
  const [coverage] = await db
    .insert(coverages)
    .values({ idColaborador, descripcion: 'Gastos médicos mayores', monto, showCtaBtn: 1 })
    .returning()
  return { idColaborador, coverage: coverage!, ...base }
}

/** Inserts a claim directly at a given stage (with one history row), bypassing the API. */
export async function createClaim(
  db: Db,
  opts: { idEjecutivo: number; statusId?: number; montoAutorizado?: number; idProveedor?: number | null; monto?: number },
) {
  const owner = await createCollaboratorWithCoverage(db, opts.monto)
  const statusId = opts.statusId ?? 1
  const [claim] = await db
    .insert(claims)
    .values({
      idColaborador: owner.idColaborador,
      idCobertura: owner.coverage.idCobertura,
      idEjecutivo: opts.idEjecutivo,
      idProveedor: opts.idProveedor ?? null,
      statusId,
      beneficiary: 'María Elena López García',
      email: 'maria@correo.com',
      phone: '6671112233',
      age: 34,
      gender: 2,
      stateId: owner.stateId,
      cityId: owner.municipalityId,
      montoAutorizado: opts.montoAutorizado ?? 10_000,
    })
    .returning()
  await db.insert(statusHistory).values({ idEvento: claim!.idEvento, statusId, actor: `user:${opts.idEjecutivo}` })
  return { claim: claim!, ...owner }
}

export function sessionOf(user: { idUser: number; rol: number; tokenVersion: number }): Session {
  return { kind: 'user', idUser: user.idUser, rol: user.rol as 0 | 1 | 3 | 4, tokenVersion: user.tokenVersion }
}

export async function tokenFor(app: FastifyInstance, session: Session, now = Date.now()): Promise<string> {
  return signAccessToken(app.tokenKeys, session, now)
}

/** Headers of an authenticated call: the client header plus the bearer token. */
export async function authHeaders(app: FastifyInstance, session: Session | null): Promise<Record<string, string>> {
  const headers: Record<string, string> = { authtoken: TEST_CLIENT_TOKEN }
  if (session) headers.authorization = `Bearer ${await tokenFor(app, session)}`
  return headers
}

// ---- Claim files (added with the /api/file routes) ----

/** Stores a real small PDF in `store` and inserts (or replaces) the claim_files row of document `tipo`. */
export async function attachClaimDocument(
  db: Db,
  store: import('../../../server/storage/fileStore').FileStore,
  idEvento: number,
  tipo: 1 | 2 | 3,
  status = 1,
) {
  const { makePdf } = await import('./uploads')
  const bytes = await makePdf(`Documento ${tipo} del trámite C${idEvento}`)
  const storageKey = await store.put(bytes, 'pdf')
  const { claimFiles } = await import('../../../server/db/schema')
  const values = { status, storageKey, nombre: `documento-${tipo}.pdf`, size: bytes.length, uploadedBy: 'user:0' }
  const [row] = await db
    .insert(claimFiles)
    .values({ idEvento, tipo, ...values })
    .onConflictDoUpdate({ target: [claimFiles.idEvento, claimFiles.tipo], set: values })
    .returning()
  return row!
}

/** Stores a PDF and inserts the claim's invoice (status 0 in review, 1 approved). */
export async function attachInvoice(
  db: Db,
  store: import('../../../server/storage/fileStore').FileStore,
  idEvento: number,
  idProveedor: number,
  status: 0 | 1 = 0,
) {
  const { makePdf } = await import('./uploads')
  const storageKey = await store.put(await makePdf(`Factura C${idEvento}`), 'pdf')
  const { invoices } = await import('../../../server/db/schema')
  const [row] = await db
    .insert(invoices)
    .values({ idEvento, idProveedor, storageKey, nombre: `factura-C${idEvento}.pdf`, status })
    .returning()
  return row!
}

/** Stores a PDF and inserts the claim's dictamen. */
export async function attachDictamination(
  db: Db,
  store: import('../../../server/storage/fileStore').FileStore,
  idEvento: number,
  createdBy: number,
  dictaminacion: 0 | 1 = 1,
) {
  const { makePdf } = await import('./uploads')
  const storageKey = await store.put(await makePdf(`Dictamen C${idEvento}`), 'pdf')
  const { dictaminations } = await import('../../../server/db/schema')
  const [row] = await db
    .insert(dictaminations)
    .values({ idEvento, storageKey, nombre: `dictamen-C${idEvento}.pdf`, dictaminacion, comentario: 'Procede', createdBy })
    .returning()
  return row!
}

/**
 * Everyone an authorization table needs around one claim: its owning executive, another executive, an admin,
 * the retail partner, the provider assigned to it and another provider, plus the claim's collaborator and the
 * collaborator of a second claim (owned by the other executive). Sessions are ready for `authHeaders`.
 */
export async function createRoleWorld(db: Db, opts: { statusId?: number } = {}) {
  const owner = await createUser(db, 0)
  const otherExecutive = await createUser(db, 0)
  const admin = await createUser(db, 1)
  const partner = await createUser(db, 4)
  const assigned = await createProvider(db)
  const otherProvider = await createProvider(db)
  const { claim } = await createClaim(db, {
    idEjecutivo: owner.idUser,
    statusId: opts.statusId ?? 1,
    idProveedor: assigned.provider.idProveedor,
  })
  const { claim: otherClaim } = await createClaim(db, { idEjecutivo: otherExecutive.idUser, statusId: 1 })
  const collaboratorSession = (c: { idColaborador: number; idEvento: number }): Session => ({
    kind: 'collaborator',
    idColaborador: c.idColaborador,
    idEvento: c.idEvento,
    rol: 2,
  })
  return {
    claim,
    otherClaim,
    owner,
    otherExecutive,
    admin,
    partner,
    assignedProvider: assigned,
    otherProvider,
    sessions: {
      executiveOwner: sessionOf(owner),
      otherExecutive: sessionOf(otherExecutive),
      admin: sessionOf(admin),
      collaboratorOwner: collaboratorSession(claim),
      otherCollaborator: collaboratorSession(otherClaim),
      assignedProvider: sessionOf(assigned.user),
      otherProvider: sessionOf(otherProvider.user),
      partner: sessionOf(partner),
      noToken: null,
    } satisfies Record<string, Session | null>,
  }
}

export type RoleWorld = Awaited<ReturnType<typeof createRoleWorld>>
export type RoleCaller = keyof RoleWorld['sessions']

/** The callers of a role world, in the column order of the authorization tables. */
export const ROLE_CALLERS: RoleCaller[] = [
  'executiveOwner',
  'otherExecutive',
  'admin',
  'collaboratorOwner',
  'otherCollaborator',
  'assignedProvider',
  'otherProvider',
  'partner',
  'noToken',
]

/** A valid 'new claim' body (POST /api/event) for a collaborator made by `createCollaboratorWithCoverage`. */
export function newClaimBody(
  owner: { idColaborador: number; coverage: { idCobertura: number }; stateId: number; municipalityId: number },
  overrides: Record<string, unknown> = {},
) {
  return {
    idColaborador: owner.idColaborador,
    idCobertura: owner.coverage.idCobertura,
    beneficiary: 'María Elena López García',
    email: 'maria@correo.com',
    phone: '6671112233',
    age: 34,
    gender: 2,
    state: owner.stateId,
    city: owner.municipalityId,
    montoAutorizado: 5_000,
    ...overrides,
  }
}

// ---- Administration: catalogues and account bodies (added with the /api/user, /api/catalog and signup routes) ----

export type LocationCatalog = Awaited<ReturnType<typeof createLocationCatalog>>

/**
 * Where the catalogue, sign-up and contract tests start: the location catalogue and the headers of a new signed-in
 * user of `rol` (0 executive, 1 administrator).
 */
export async function catalogAndSignIn(t: { app: FastifyInstance; db: Db }, rol: 0 | 1) {
  const catalog = await createLocationCatalog(t.db)
  const headers = await authHeaders(t.app, sessionOf(await createUser(t.db, rol)))
  return { catalog, headers }
}

/**
 * A small location and service catalogue with accented names (to check Spanish ordering): two states, two
 * municipalities in the first, neighbourhoods in one of them, and one medical and one non-medical service.
 */
export async function createLocationCatalog(db: Db) {
  const base = await ensureBaseCatalogues(db)
  await db.insert(states).values([{ id: 1, nombre: 'Aguascalientes' }, { id: 31, nombre: 'Yucatán' }]).onConflictDoNothing()
  const muns = await db
    .insert(municipalities)
    .values([
      { stateId: 31, code: 50, nombre: 'Mérida' },
      { stateId: 31, code: 2, nombre: 'Abalá' },
    ])
    .onConflictDoUpdate({ target: [municipalities.stateId, municipalities.code], set: { stateId: 31 } })
    .returning()
  const merida = muns.find((m) => m.nombre === 'Mérida')!
  const abala = muns.find((m) => m.nombre === 'Abalá')!
  const cols = await db
    .insert(neighbourhoods)
    .values([
      { municipalityId: merida.id, nombre: 'Centro', codigoPostal: '97000' },
      { municipalityId: merida.id, nombre: 'Álamos', codigoPostal: '97133' },
      { municipalityId: merida.id, nombre: 'Zona Industrial', codigoPostal: '97288' },
    ])
    .onConflictDoUpdate({
      target: [neighbourhoods.municipalityId, neighbourhoods.nombre, neighbourhoods.codigoPostal],
      set: { municipalityId: merida.id },
    })
    .returning()
  const [nonMedicalService] = await db.insert(services).values({ nombre: 'Ambulancia', tipo: 0 }).returning()
  return {
    ...base,
    yucatan: 31,
    merida: merida.id,
    abala: abala.id,
    centroMerida: cols.find((c) => c.nombre === 'Centro')!.id,
    medicalServiceId: base.serviceId,
    nonMedicalServiceId: nonMedicalService!.id,
  }
}

/** A valid signup-executive body; the email is unique per call. */
export function executiveSignupBody(overrides: Record<string, unknown> = {}) {
  const n = next()
  return {
    ubicacion: 'Call Center Revolución',
    phone: '5512345678',
    activo: 0,
    nombre: `Ejecutiva ${n}`,
    email: `ejecutiva${n}@coppel.com`,
    password: TEST_PASSWORD,
    ...overrides,
  }
}

/** A valid signup-provider body (medical unless `tipo: 0` is given) located in the base catalogue. */
export function providerSignupBody(
  base: { stateId: number; municipalityId: number; neighbourhoodId: number; serviceId: number },
  overrides: Record<string, unknown> = {},
) {
  const n = next()
  return {
    tipo: 1,
    nombreProveedor: `Clínica ${n}`,
    nivel: 'Segundo nivel',
    servicio: base.serviceId,
    tipoEspecialidad: 'Médica',
    especialidad: 'Cardiología',
    contrato: null,
    estudio: 'Electrocardiograma',
    email: `clinica${n}@correo.com`,
    costoNormal: 850.5,
    horarios: 'L-V 9:00-18:00',
    telefono1: '6677654321',
    telefono2: '',
    codigoPostal: 80000,
    estado: base.stateId,
    municipio: base.municipalityId,
    colonia: base.neighbourhoodId,
    calle: 'Av. Obregón',
    numeroExterior: 120,
    numeroInterior: '',
    observaciones: 'Culiacán',
    puntosImportantes: '',
    activo: 0,
    contratoYear: null,
    contratoEstatus: null,
    password: TEST_PASSWORD,
    ...overrides,
  }
}
