/**
 * The demo data as plain rows, computed from a seeded PRNG and a reference time (pure: no database, no files).
 * Claims are generated per coverage as a timeline (earlier claims are final, at most one open claim and it is the
 * newest), each claim walking the stage path of its current stage with increasing dates, and with the documents,
 * letter, dictamination and invoice its stage implies. `seedDemoData` (./index.ts) writes the files and the rows.
 */
import { CLAIM_STAGES, isRejectedStage, type ClaimStageId } from '../../domain/claimStages'
import { ROLE } from '../auth/roles'
import type { StaffRoleCode } from '../../domain/roles'
import {
  COVERAGE_TYPES,
  DIAGNOSES,
  DICTAMEN_APPROVED_COMMENTS,
  DICTAMEN_REJECTED_COMMENTS,
  FEMALE_NAMES,
  MALE_NAMES,
  MEDICAL_SPECIALTIES,
  PROCEDURES,
  REJECTION_COMMENTS,
  SEED_PROVIDERS,
  SEED_SERVICES,
  SURNAMES,
  WORK_LOCATIONS,
} from './catalogue'
import { MEXICAN_STATES, SEED_MUNICIPALITIES, type SeedMunicipality } from './locations'
import { createRandom, type Random } from './random'
import { spreadServiceBadges } from './serviceLevelDemo'

export const DEMO_PASSWORD = 'Demo#2026'
const DEMO_SEED = 20_260_101
export const TOTAL_DEMO_CLAIMS = 300
const DEMO_COLLABORATOR_COUNT = 200

/**
 * The collaborator of /login-colaborador and their newest claim, at 'Trámite iniciado' with no documents yet (the
 * first upload moves it to 'Carga de documentos', as machines/claimLifecycle.machine.ts says).
 */
export const DEMO_COLLABORATOR = { idColaborador: 90_251_437, idEvento: TOTAL_DEMO_CLAIMS, statusId: 1 } as const

export const DEMO_USER_IDS = { admin: 1, executive: 2, partner: 7, provider: 8 } as const
export const DEMO_PROVIDER_ID = 1
const EXECUTIVE_IDS = [2, 3, 4, 5, 6] as const

export interface DemoAccount {
  /** Display name of the role on the sign-in screen (the role catalogue). */
  role: string
  rol: StaffRoleCode
  email: string
  password: string
  nombre: string
}

/** One account per role; the partner's role label is configuration (config.partnerName). */
export function demoAccounts(emailDomain = 'coppel.com', partnerName = 'Coppel'): DemoAccount[] {
  return [
    { role: 'Ejecutivo', rol: ROLE.executive, email: `ejecutivo@${emailDomain}`, password: DEMO_PASSWORD, nombre: 'Laura Hernández Félix' },
    { role: 'Administrativo', rol: ROLE.admin, email: `administrador@${emailDomain}`, password: DEMO_PASSWORD, nombre: 'Mariana López Inzunza' },
    { role: 'Proveedores', rol: ROLE.provider, email: `proveedor@${emailDomain}`, password: DEMO_PASSWORD, nombre: 'Hospital San Rafael Culiacán' },
    { role: partnerName, rol: ROLE.partner, email: `revisor@${emailDomain}`, password: DEMO_PASSWORD, nombre: 'Jorge Salazar Medina' },
  ]
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = demoAccounts()

/** How many claims sit at each stage (plus the demo collaborator's claim at stage 1). */
const STAGE_COUNTS: Record<ClaimStageId, number> = { 1: 20, 2: 29, 3: 35, 4: 20, 5: 25, 6: 25, 7: 30, 9: 25, 8: 60, 10: 30 }

/**
 * The shortest walk of the lifecycle to each stage. Some claims also went once through 'Documentos rechazados' and
 * back to 'Validación de documentos' (see `walkTo`).
 */
export const STAGE_PATHS: Record<ClaimStageId, readonly ClaimStageId[]> = {
  1: [1],
  2: [1, 2],
  3: [1, 2, 3],
  4: [1, 2, 3, 4],
  5: [1, 2, 3, 5],
  6: [1, 2, 3, 5, 6],
  7: [1, 2, 3, 5, 6, 7],
  9: [1, 2, 3, 5, 6, 7, 9],
  8: [1, 2, 3, 5, 6, 7, 9, 8],
  10: [1, 2, 3, 5, 6, 10],
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Time spent before entering a stage, [min, max] in ms. */
const STEP_DURATION: Record<ClaimStageId, readonly [number, number]> = {
  1: [0, 0],
  2: [1 * HOUR, 3 * DAY],
  3: [1 * HOUR, 6 * DAY],
  4: [4 * HOUR, 4 * DAY],
  5: [4 * HOUR, 4 * DAY],
  6: [1 * DAY, 5 * DAY],
  7: [1 * DAY, 7 * DAY],
  10: [1 * DAY, 7 * DAY],
  9: [3 * DAY, 20 * DAY],
  8: [1 * DAY, 7 * DAY],
}

const DOCUMENT_FILE_NAMES: Record<1 | 2 | 3, readonly string[]> = {
  1: ['formato_solicitud.pdf', 'Formato de solicitud firmado.pdf', 'solicitud.pdf'],
  2: ['resumen_medico.pdf', 'Resumen médico.pdf', 'resumen medico hospital.pdf'],
  3: ['INE.pdf', 'identificacion_oficial.pdf', 'INE ambos lados.pdf'],
}

interface PlanUser {
  idUser: number
  email: string
  rol: StaffRoleCode
  nombre: string
  nombre2: string
  apePat: string
  apeMat: string
  telefono: string
  ubicacionLaboral: string
}

export interface MunicipalityKey {
  stateId: number
  code: number
}

interface PlanProvider {
  idProveedor: number
  userId: number
  tipo: 0 | 1
  nombreProveedor: string
  nivel: string | null
  tipoEspecialidad: string | null
  especialidad: string | null
  estudio: string | null
  costoNormal: number | null
  servicio: string
  contrato: number | null
  contratoYear: number | null
  contratoEstatus: number | null
  horarios: string
  telefono1: string
  telefono2: string | null
  municipality: MunicipalityKey
  colonia: { nombre: string; codigoPostal: string }
  calle: string
  numeroExterior: number
  numeroInterior: string | null
  email: string
  observaciones: string
  puntosImportantes: string | null
}

interface PlanCollaborator {
  idColaborador: number
  nombre: string
  nombre2: string
  apePat: string
  apeMat: string
  email: string
  telefono: string
  edad: number
  genero: 1 | 2
  municipality: MunicipalityKey
}

interface PlanCoverage {
  idCobertura: number
  idColaborador: number
  descripcion: string
  monto: number
  showCtaBtn: 0 | 1
}

interface PlanFile {
  tipo: 1 | 2 | 3
  status: number
  nombre: string
  comentario: string | null
  createdAt: Date
  uploadedBy: string
}

interface PlanLetter {
  fechaIngreso: string | null
  nombreMedico: string | null
  tipoServicio: number | null
  tipoAtencion: number | null
  tipoAtencion2: number | null
  tipoPadecimiento: number | null
  diagnostico: string | null
  observaciones: string | null
  deducibleHospital: number | null
  coaseguroHospital: number | null
  medicoEsp: string | null
  medicoProcedimiento: string | null
  medicoMonto: number | null
  medicoHonorariosAsegurado: number | null
  vigenciaDesde: string | null
  vigenciaHasta: string | null
  limiteFacturacion: string | null
  updatedAt: Date
}

export interface PlanClaim {
  idEvento: number
  idColaborador: number
  idCobertura: number
  idEjecutivo: number
  idProveedor: number | null
  servicio: string | null
  statusId: ClaimStageId
  beneficiary: string
  email: string
  phone: string
  age: number
  gender: 1 | 2
  municipality: MunicipalityKey
  montoAutorizado: number
  fechaIngreso: Date
  updatedAt: Date
  history: { statusId: ClaimStageId; fecha: Date; actor: string }[]
  files: PlanFile[]
  letter: PlanLetter | null
  dictamen: { dictaminacion: 0 | 1; comentario: string; createdBy: number; createdAt: Date } | null
  invoice: { status: 0 | 1; nombre: string; createdAt: Date; approvedAt: Date | null } | null
}

export interface DemoPlan {
  users: PlanUser[]
  providers: PlanProvider[]
  collaborators: PlanCollaborator[]
  coverages: PlanCoverage[]
  claims: PlanClaim[]
}

export interface DemoPlanOptions {
  now?: Date
  emailDomain?: string
}

/** Lowercase ASCII for email local parts: 'José Núñez' → 'jose.nunez'. */
function emailSlug(...parts: string[]): string {
  return parts
    .map((p) =>
      p
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ''),
    )
    .filter(Boolean)
    .join('.')
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)
const roundTo = (value: number, step: number) => Math.round(value / step) * step
const floorTo = (value: number, step: number) => Math.floor(value / step) * step

function phone(random: Random, lada: string): string {
  let digits = lada
  while (digits.length < 10) digits += String(random.int(lada.length === digits.length ? 2 : 0, 9))
  return digits
}

function municipalityOf(key: MunicipalityKey): SeedMunicipality {
  const found = SEED_MUNICIPALITIES.find((m) => m.stateId === key.stateId && m.code === key.code)
  if (!found) throw new Error(`municipality ${key.stateId}:${key.code} is not in the seed catalogue`)
  return found
}

const stateName = (id: number) => MEXICAN_STATES.find((s) => s.id === id)!.nombre

/** Which provider services fit a coverage. */
function servicesForCoverage(descripcion: string): string[] {
  switch (descripcion) {
    case 'Apoyo para lentes':
      return ['Óptica']
    case 'Apoyo para medicamentos':
      return ['Farmacia']
    case 'Rehabilitación física':
      return ['Rehabilitación', 'Aparatos ortopédicos']
    case 'Apoyo dental':
      return ['Atención dental']
    case 'Apoyo funerario':
      return ['Servicios funerarios']
    case 'Fondo de ayuda por maternidad':
      return ['Hospitalización', 'Consulta médica', 'Estudios de laboratorio', 'Estudios de imagen']
    default:
      return ['Hospitalización', 'Consulta médica', 'Estudios de laboratorio', 'Estudios de imagen', 'Cirugía ambulatoria', 'Ambulancia']
  }
}

function buildUsers(random: Random, domain: string): PlanUser[] {
  const [exec, admin, , partner] = demoAccounts(domain)
  const users: PlanUser[] = [
    { idUser: 1, email: admin!.email, rol: ROLE.admin, nombre: 'Mariana', nombre2: '', apePat: 'López', apeMat: 'Inzunza', telefono: '6677591200', ubicacionLaboral: 'Coorporativo Reforma' },
    { idUser: 2, email: exec!.email, rol: ROLE.executive, nombre: 'Laura', nombre2: '', apePat: 'Hernández', apeMat: 'Félix', telefono: '6677591234', ubicacionLaboral: 'Call Center Miguel Ocarranza' },
  ]
  const taken = new Set(users.map((u) => u.email))
  for (const idUser of EXECUTIVE_IDS.slice(1)) {
    const female = random.chance(0.5)
    const nombre = random.pick(female ? FEMALE_NAMES : MALE_NAMES)
    const apePat = random.pick(SURNAMES)
    const apeMat = random.pick(SURNAMES)
    let email = `${emailSlug(nombre, apePat)}@${domain}`
    if (taken.has(email)) email = `${emailSlug(nombre, apePat, apeMat)}@${domain}`
    taken.add(email)
    users.push({
      idUser,
      email,
      rol: ROLE.executive,
      nombre,
      nombre2: '',
      apePat,
      apeMat,
      telefono: phone(random, '667'),
      ubicacionLaboral: WORK_LOCATIONS[idUser % WORK_LOCATIONS.length]!,
    })
  }
  users.push({ idUser: 7, email: partner!.email, rol: ROLE.partner, nombre: 'Jorge', nombre2: '', apePat: 'Salazar', apeMat: 'Medina', telefono: '6677591288', ubicacionLaboral: 'Coorporativo Reforma' })
  SEED_PROVIDERS.forEach((p, i) => {
    users.push({
      idUser: DEMO_USER_IDS.provider + i,
      email: `${p.login}@${domain}`,
      rol: ROLE.provider,
      nombre: p.contact.nombre,
      nombre2: '',
      apePat: p.contact.apePat,
      apeMat: p.contact.apeMat,
      telefono: phone(random, municipalityOf({ stateId: p.stateId, code: p.munCode }).lada),
      ubicacionLaboral: '',
    })
  })
  return users
}

function buildProviders(random: Random, users: PlanUser[]): PlanProvider[] {
  return SEED_PROVIDERS.map((p, i) => {
    const user = users.find((u) => u.idUser === DEMO_USER_IDS.provider + i)!
    const service = SEED_SERVICES.find((s) => s.nombre === p.servicio)!
    const municipality = municipalityOf({ stateId: p.stateId, code: p.munCode })
    const [coloniaNombre, cp] = random.pick(municipality.colonias)
    const medical = service.tipo === 1
    return {
      idProveedor: i + 1,
      userId: user.idUser,
      tipo: service.tipo,
      nombreProveedor: p.nombreProveedor,
      nivel: p.nivel ?? null,
      tipoEspecialidad: p.tipoEspecialidad ?? null,
      especialidad: p.especialidad ?? null,
      estudio: p.estudio ?? null,
      costoNormal: p.costoNormal ?? null,
      servicio: p.servicio,
      contrato: medical ? null : 1,
      contratoYear: medical ? null : random.pick([2025, 2026]),
      contratoEstatus: medical ? null : 1,
      horarios:
        p.servicio === 'Hospitalización' || p.servicio === 'Ambulancia'
          ? 'Las 24 horas, los 365 días'
          : 'Lunes a viernes de 8:00 a 20:00, sábados de 8:00 a 14:00',
      telefono1: phone(random, municipality.lada),
      telefono2: random.chance(0.5) ? phone(random, municipality.lada) : null,
      municipality: { stateId: p.stateId, code: p.munCode },
      colonia: { nombre: coloniaNombre, codigoPostal: cp },
      calle: p.calle,
      numeroExterior: random.int(10, 3999),
      numeroInterior: random.chance(0.3) ? `Local ${random.int(1, 20)}` : null,
      email: user.email,
      observaciones: `Atención a colaboradores en ${municipality.nombre}, ${stateName(p.stateId)}`,
      puntosImportantes: p.puntosImportantes ?? (random.chance(0.4) ? 'Presentar identificación oficial y carta de autorización.' : null),
    }
  })
}

/** Where collaborators live: mostly Sinaloa, where the company is based, and the big cities of the other three. */
function pickMunicipality(random: Random): MunicipalityKey {
  const stateId = random.weighted([[25, 45], [9, 20], [14, 18], [19, 17]] as const)
  const inState = SEED_MUNICIPALITIES.filter((m) => m.stateId === stateId)
  // the first municipalities listed are the big cities: weigh them up
  const m = random.weighted(inState.map((mun, i) => [mun, i < 3 ? 6 : 1] as const))
  return { stateId: m.stateId, code: m.code }
}

function buildCollaborators(random: Random): { collaborators: PlanCollaborator[]; coverages: PlanCoverage[] } {
  const collaborators: PlanCollaborator[] = [
    {
      idColaborador: DEMO_COLLABORATOR.idColaborador,
      nombre: 'Ana',
      nombre2: 'Sofía',
      apePat: 'Valenzuela',
      apeMat: 'Osuna',
      email: 'ana.valenzuela@example.com',
      telefono: '6671234598',
      edad: 34,
      genero: 2,
      municipality: { stateId: 25, code: 6 },
    },
  ]
  const coverages: PlanCoverage[] = [
    { idCobertura: 1, idColaborador: DEMO_COLLABORATOR.idColaborador, descripcion: 'Gastos médicos mayores', monto: 150_000, showCtaBtn: 1 },
    { idCobertura: 2, idColaborador: DEMO_COLLABORATOR.idColaborador, descripcion: 'Apoyo para lentes', monto: 5_000, showCtaBtn: 1 },
  ]
  const ids = new Set<number>([DEMO_COLLABORATOR.idColaborador])
  while (collaborators.length < DEMO_COLLABORATOR_COUNT) {
    let idColaborador = random.int(90_000_000, 94_999_999)
    while (ids.has(idColaborador)) idColaborador = random.int(90_000_000, 94_999_999)
    ids.add(idColaborador)
    const genero: 1 | 2 = random.chance(0.5) ? 1 : 2
    const names = genero === 2 ? FEMALE_NAMES : MALE_NAMES
    const nombre = random.pick(names)
    const nombre2 = random.chance(0.4) ? random.pick(names.filter((n) => n !== nombre)) : ''
    const apePat = random.pick(SURNAMES)
    const apeMat = random.pick(SURNAMES)
    const municipality = pickMunicipality(random)
    collaborators.push({
      idColaborador,
      nombre,
      nombre2,
      apePat,
      apeMat,
      email: `${emailSlug(nombre, apePat)}${String(idColaborador).slice(-3)}@example.com`,
      telefono: phone(random, municipalityOf(municipality).lada),
      edad: random.int(19, 64),
      genero,
      municipality,
    })
    const count = random.weighted([[1, 45], [2, 35], [3, 20]] as const)
    const types = random.shuffle(COVERAGE_TYPES).slice(0, count)
    for (const type of types) {
      coverages.push({
        idCobertura: coverages.length + 1,
        idColaborador,
        descripcion: type.descripcion,
        monto: roundTo(random.float(type.min, type.max), 500),
        showCtaBtn: 1,
      })
    }
  }
  return { collaborators, coverages }
}

interface DraftClaim {
  statusId: ClaimStageId
  coverage: PlanCoverage
  /** The stages it went through, ending with statusId. */
  path: ClaimStageId[]
  /** Offsets from the claim's start, per stage of its path. */
  steps: number[]
  start: number
  idEjecutivo: number
  idProveedor: number | null
  servicio: string | null
  montoAutorizado: number
}

/** The path to a stage; 15 % of the claims past validation had a document rejected once on the way. */
function walkTo(random: Random, statusId: ClaimStageId): ClaimStageId[] {
  const path = [...STAGE_PATHS[statusId]]
  const pastValidation = path.indexOf(3) >= 0 && path[path.length - 1] !== 4
  if (pastValidation && random.chance(0.15)) path.splice(path.indexOf(3) + 1, 0, 4, 3)
  return path
}

function stepOffsets(random: Random, path: readonly ClaimStageId[]): number[] {
  let t = 0
  return path.map((stage) => {
    const [min, max] = STEP_DURATION[stage]
    t += random.float(min, max)
    return t
  })
}

export function buildDemoPlan(opts: DemoPlanOptions = {}): DemoPlan {
  const now = (opts.now ?? new Date()).getTime()
  const domain = opts.emailDomain ?? 'coppel.com'
  const random = createRandom(DEMO_SEED)
  const users = buildUsers(random, domain)
  const providers = buildProviders(random, users)
  const { collaborators, coverages } = buildCollaborators(random)
  const collaboratorById = new Map(collaborators.map((c) => [c.idColaborador, c]))

  // 1. Stages to place, and which coverage each claim goes to.
  const stages: ClaimStageId[] = random.shuffle(
    (Object.entries(STAGE_COUNTS) as [string, number][]).flatMap(([id, n]) => Array<ClaimStageId>(n).fill(Number(id) as ClaimStageId)),
  )
  const demoCoverage = coverages[0]!
  const otherCoverages = coverages.filter((c) => c.idColaborador !== DEMO_COLLABORATOR.idColaborador)
  const freeForOpen = random.shuffle(otherCoverages)
  const perCoverage = new Map<number, { finals: ClaimStageId[]; open: ClaimStageId | null }>()
  const slot = (c: PlanCoverage) => {
    let s = perCoverage.get(c.idCobertura)
    if (!s) perCoverage.set(c.idCobertura, (s = { finals: [], open: null }))
    return s
  }
  // the demo collaborator: one concluded claim before the open one at 'Trámite iniciado'
  slot(demoCoverage).finals.push(8)
  slot(demoCoverage).open = 1
  let demoFinalTaken = false
  for (const statusId of stages) {
    if (statusId === 8 && !demoFinalTaken) {
      demoFinalTaken = true
      continue
    }
    if (statusId === 8 || isRejectedStage(statusId)) {
      let target = random.pick(otherCoverages)
      while (slot(target).finals.length >= 2) target = random.pick(otherCoverages)
      slot(target).finals.push(statusId)
    } else {
      const target = freeForOpen.pop()
      if (!target) throw new Error('not enough coverages for the open demo claims')
      slot(target).open = statusId
    }
  }

  // 2. Timelines per coverage, amounts within the coverage.
  const drafts: (DraftClaim & { demo: boolean })[] = []
  for (const coverage of coverages) {
    const s = perCoverage.get(coverage.idCobertura)
    if (!s) continue
    const sequence = [...s.finals, ...(s.open ? [s.open] : [])]
    const isDemo = coverage === demoCoverage
    const paths = sequence.map((statusId) => walkTo(random, statusId))
    const claimSteps = paths.map((path) => stepOffsets(random, path))
    const starts: number[] = []
    let t = 0
    claimSteps.forEach((steps, i) => {
      if (i > 0) t += random.float(5 * DAY, 30 * DAY)
      starts.push(t)
      t += steps[steps.length - 1]!
    })
    let total = t
    const scale = total > 170 * DAY ? (170 * DAY) / total : 1
    total *= scale
    let origin: number
    if (isDemo) {
      // the open demo claim started yesterday; the concluded one ended at least six days before
      const openStart = now - 1 * DAY
      origin = openStart - starts[starts.length - 1]! * scale
    } else {
      const lastDuration = claimSteps[claimSteps.length - 1]!.at(-1)! * scale
      const minAgo = Math.max(total + 12 * HOUR, total - lastDuration + 3 * DAY)
      const ago = minAgo + random.next() * Math.max(0, 180 * DAY - minAgo)
      origin = now - ago
    }
    const budget = coverage.monto * 0.85
    sequence.forEach((statusId, i) => {
      const steps = claimSteps[i]!.map((x) => x * scale)
      drafts.push({
        statusId,
        coverage,
        path: paths[i]!,
        steps,
        start: origin + starts[i]! * scale,
        idEjecutivo: random.pick(EXECUTIVE_IDS),
        idProveedor: null,
        servicio: null,
        montoAutorizado: 0,
        demo: isDemo && i === sequence.length - 1,
      })
    })
    // amounts: each claim a share of 85 % of the coverage, so the sum never exceeds it and some stays available
    const shares = sequence.map(() => random.float(0.3, 1))
    const shareTotal = shares.reduce((a, b) => a + b, 0)
    const used = random.float(0.25, 1)
    const mine = drafts.slice(drafts.length - sequence.length)
    mine.forEach((d, i) => {
      d.montoAutorizado = Math.max(10, floorTo((budget * used * shares[i]!) / shareTotal, 10))
    })
  }

  // 3. Ids in creation order (the demo claim is the newest); owners and providers.
  const demoDraft = drafts.find((d) => d.demo)!
  const ordered = drafts.filter((d) => !d.demo).sort((a, b) => a.start - b.start)
  ordered.push(demoDraft)
  demoDraft.idEjecutivo = DEMO_USER_IDS.executive

  // the demo executive owns at least one claim at every stage
  for (const stage of Object.keys(CLAIM_STAGES).map(Number) as ClaimStageId[]) {
    const owned = ordered.some((d) => d.statusId === stage && d.idEjecutivo === DEMO_USER_IDS.executive)
    if (!owned) ordered.find((d) => d.statusId === stage)!.idEjecutivo = DEMO_USER_IDS.executive
  }
  const providerStages = new Set<ClaimStageId>([6, 7, 9, 8, 10])
  const demoProvider = providers[DEMO_PROVIDER_ID - 1]!
  const forcedForDemoProvider = new Set<DraftClaim>()
  for (const stage of [6, 7, 9, 8] as const) {
    const candidates = ordered.filter(
      (d) => d.statusId === stage && !d.demo && servicesForCoverage(d.coverage.descripcion).includes(demoProvider.servicio),
    )
    // two per stage, so the provider's list has some content at each step
    for (const d of candidates.slice(0, 2)) forcedForDemoProvider.add(d)
  }
  for (const d of ordered) {
    if (!providerStages.has(d.statusId)) continue
    const provider = forcedForDemoProvider.has(d)
      ? demoProvider
      : random.pick(providers.filter((p) => servicesForCoverage(d.coverage.descripcion).includes(p.servicio)))
    d.idProveedor = provider.idProveedor
    d.servicio = provider.servicio
  }

  const userById = new Map(users.map((u) => [u.idUser, u]))
  const providerUserId = (idProveedor: number) => providers[idProveedor - 1]!.userId

  // 4. Rows of each claim.
  const claims: PlanClaim[] = ordered.map((d, index) => {
    const idEvento = index + 1
    const collaborator = collaboratorById.get(d.coverage.idColaborador)!
    const path = d.path
    /** When the claim last entered a stage (null if never). */
    const at = (stage: ClaimStageId) => {
      const i = path.lastIndexOf(stage)
      return i < 0 ? null : new Date(d.start + d.steps[i]!)
    }
    const actorFor = (stage: ClaimStageId) => {
      switch (stage) {
        // uploads move 1 → 2 (the first document), 2 → 3 (the third) and 4 → 3 (the corrected one)
        case 2:
        case 3:
          return `colaborador:${collaborator.idColaborador}`
        case 6:
        case 8:
          return `user:${DEMO_USER_IDS.admin}`
        case 9:
          return `user:${providerUserId(d.idProveedor!)}`
        default:
          return `user:${d.idEjecutivo}`
      }
    }
    const history = path.map((stage, i) => ({ statusId: stage, fecha: new Date(d.start + d.steps[i]!), actor: actorFor(stage) }))
    const firstAt = (stage: ClaimStageId) => history.find((h) => h.statusId === stage)?.fecha ?? null

    // beneficiary: usually the collaborator, sometimes a family member
    let beneficiary = [collaborator.nombre, collaborator.nombre2, collaborator.apePat, collaborator.apeMat].filter(Boolean).join(' ')
    let age = collaborator.edad
    let gender = collaborator.genero
    if (random.chance(0.2)) {
      gender = random.chance(0.5) ? 1 : 2
      const first = random.pick(gender === 2 ? FEMALE_NAMES : MALE_NAMES)
      const child = collaborator.edad > 30 && random.chance(0.6)
      age = child ? random.int(1, Math.min(25, collaborator.edad - 18)) : random.int(Math.max(18, collaborator.edad - 8), collaborator.edad + 8)
      beneficiary = child ? `${first} ${collaborator.apePat} ${random.pick(SURNAMES)}` : `${first} ${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`
    }

    // documents: the first upload moved the claim to stage 2, the third to stage 3
    const files: PlanFile[] = []
    const t2 = firstAt(2)
    const t3 = firstAt(3)
    const uploadedBy = `colaborador:${collaborator.idColaborador}`
    const fileName = (tipo: 1 | 2 | 3) => random.pick(DOCUMENT_FILE_NAMES[tipo])
    const uploadOrder = random.shuffle([1, 2, 3] as const)
    if (d.statusId === 2) {
      const count = random.int(1, 2)
      const span = Math.min(now - t2!.getTime(), 5 * DAY)
      uploadOrder.slice(0, count).forEach((tipo, i) => {
        const createdAt = new Date(i === 0 ? t2!.getTime() : t2!.getTime() + random.next() * span)
        files.push({ tipo, status: 1, nombre: fileName(tipo), comentario: null, createdAt, uploadedBy })
      })
    } else if (t3) {
      const statuses = documentStatuses(random, d.statusId)
      // a claim that went 3 → 4 → 3: one document was rejected and uploaded again when it went back to 3
      const loopBack = path.indexOf(4) >= 0 && path.lastIndexOf(3) > path.indexOf(4) ? at(3) : null
      uploadOrder.forEach((tipo, i) => {
        const status = statuses[tipo - 1]!
        const createdAt =
          loopBack && i === 0
            ? loopBack
            : new Date(i === 0 ? t2!.getTime() : i === 2 ? t3.getTime() : t2!.getTime() + random.next() * (t3.getTime() - t2!.getTime()))
        files.push({
          tipo,
          status,
          nombre: fileName(tipo),
          comentario: status === 3 || status === 5 ? random.pick(REJECTION_COMMENTS) : null,
          createdAt,
          uploadedBy,
        })
      })
      files.sort((a, b) => a.tipo - b.tipo)
    }

    // authorization letter, dictamen, invoice
    const amount = d.montoAutorizado
    const t6 = at(6)
    const tDictamen = at(7) ?? at(10)
    let letter: PlanLetter | null = null
    if (tDictamen || (t6 && random.chance(0.5))) letter = buildLetter(random, amount, t6!, tDictamen, d.statusId, collaborator)
    const dictamen = tDictamen
      ? {
          dictaminacion: (isRejectedStage(d.statusId) ? 0 : 1) as 0 | 1,
          comentario: isRejectedStage(d.statusId) ? random.pick(DICTAMEN_REJECTED_COMMENTS) : random.pick(DICTAMEN_APPROVED_COMMENTS),
          createdBy: random.chance(0.8) ? d.idEjecutivo : DEMO_USER_IDS.admin,
          createdAt: tDictamen,
        }
      : null
    const t9 = at(9)
    const invoice = t9
      ? {
          status: (d.statusId === 8 ? 1 : 0) as 0 | 1,
          nombre: `Factura ${String.fromCharCode(65 + (d.idProveedor! % 26))}-${1000 + idEvento}.pdf`,
          createdAt: t9,
          approvedAt: at(8),
        }
      : null

    if (!userById.has(d.idEjecutivo)) throw new Error('unknown executive')
    return {
      idEvento,
      idColaborador: collaborator.idColaborador,
      idCobertura: d.coverage.idCobertura,
      idEjecutivo: d.idEjecutivo,
      idProveedor: d.idProveedor,
      servicio: d.servicio,
      statusId: d.statusId,
      beneficiary,
      email: collaborator.email,
      phone: collaborator.telefono,
      age,
      gender,
      municipality: collaborator.municipality,
      montoAutorizado: amount,
      fechaIngreso: history[0]!.fecha,
      updatedAt: history[history.length - 1]!.fecha,
      history,
      files,
      letter,
      dictamen,
      invoice,
    }
  })

  spreadServiceBadges(claims, new Date(now), { executive: DEMO_USER_IDS.executive, provider: DEMO_PROVIDER_ID })

  // a few coverages with neither claims nor an open button, as in real data
  for (const c of coverages) {
    if (!perCoverage.has(c.idCobertura) && c.idColaborador !== DEMO_COLLABORATOR.idColaborador && random.chance(0.08)) c.showCtaBtn = 0
  }
  return { users, providers, collaborators, coverages, claims }
}

/** Document statuses (tipo 1, 2, 3) consistent with the claim's stage (spec section 4). */
function documentStatuses(random: Random, statusId: ClaimStageId): number[] {
  const verified = (): number => (random.chance(0.7) ? 2 : 4)
  if (statusId === 3) {
    // validation under way: at least one still only uploaded
    const statuses = [1, 2, 3].map(() => (random.chance(0.4) ? verified() : 1))
    if (!statuses.includes(1)) statuses[random.int(0, 2)] = 1
    return statuses
  }
  if (statusId === 4) {
    const statuses = [1, 2, 3].map(() => verified())
    const rejected = random.shuffle([0, 1, 2]).slice(0, random.int(1, 2))
    for (const i of rejected) statuses[i] = random.chance(0.7) ? 3 : 5
    return statuses
  }
  return [1, 2, 3].map(() => verified())
}

function buildLetter(
  random: Random,
  amount: number,
  t6: Date,
  tDictamen: Date | null,
  statusId: ClaimStageId,
  collaborator: PlanCollaborator,
): PlanLetter {
  const doctor = `Dr. ${random.pick(MALE_NAMES)} ${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`
  const admission = new Date(t6.getTime() - random.int(1, 10) * DAY)
  const dx = random.int(0, DIAGNOSES.length - 1)
  if (!tDictamen) {
    // started by the executive, not finished yet
    return {
      fechaIngreso: isoDate(admission),
      nombreMedico: doctor,
      tipoServicio: random.int(1, 2),
      tipoAtencion: random.int(1, 3),
      tipoAtencion2: null,
      tipoPadecimiento: null,
      diagnostico: DIAGNOSES[dx]!,
      observaciones: null,
      deducibleHospital: null,
      coaseguroHospital: null,
      medicoEsp: null,
      medicoProcedimiento: null,
      medicoMonto: null,
      medicoHonorariosAsegurado: null,
      vigenciaDesde: null,
      vigenciaHasta: null,
      limiteFacturacion: null,
      updatedAt: new Date(t6.getTime() + random.float(1, 20) * HOUR),
    }
  }
  const validFrom = tDictamen
  const validTo = new Date(validFrom.getTime() + 60 * DAY)
  const medicoMonto = floorTo(amount * random.float(0.3, 0.6), 10)
  return {
    fechaIngreso: isoDate(admission),
    nombreMedico: doctor,
    tipoServicio: random.int(1, 2),
    tipoAtencion: random.int(1, 3),
    tipoAtencion2: random.int(1, 4),
    tipoPadecimiento: random.int(1, 6),
    diagnostico: DIAGNOSES[dx]!,
    observaciones: isRejectedStage(statusId) ? 'Se anexa resumen médico para revisión del dictaminador.' : random.chance(0.5) ? `Paciente de ${collaborator.edad} años, acude con resumen médico.` : null,
    deducibleHospital: floorTo(amount * 0.05, 10),
    coaseguroHospital: floorTo(amount * 0.1, 10),
    medicoEsp: random.pick(MEDICAL_SPECIALTIES),
    medicoProcedimiento: PROCEDURES[dx]!,
    medicoMonto,
    medicoHonorariosAsegurado: floorTo(medicoMonto * 0.2, 10),
    vigenciaDesde: isoDate(validFrom),
    vigenciaHasta: isoDate(validTo),
    limiteFacturacion: isoDate(new Date(validTo.getTime() + 15 * DAY)),
    updatedAt: new Date(tDictamen.getTime() - random.float(1, 12) * HOUR),
  }
}
