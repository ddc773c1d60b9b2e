/**
 * The whole data model of spec section 3. Column names follow the spec's field names where one exists so that
 * route answers map 1:1; amounts are numeric(12,2) read as JS numbers.
 */
import {
  pgTable,
  serial,
  integer,
  smallint,
  doublePrecision,
  text,
  varchar,
  numeric,
  timestamp,
  date,
  boolean,
  index,
  uniqueIndex,
  primaryKey,
  jsonb,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type { NotificationDetails } from '../../domain/notifications'

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow()

/** Signed-in accounts: executives (rol 0), administrators (1), providers (3), the retail partner (4). */
export const users = pgTable(
  'users',
  {
    idUser: serial('id_user').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    rol: smallint('rol').notNull(),
    nombre: varchar('nombre', { length: 120 }).notNull(),
    nombre2: varchar('nombre2', { length: 120 }).notNull().default(''),
    apePat: varchar('ape_pat', { length: 120 }).notNull().default(''),
    apeMat: varchar('ape_mat', { length: 120 }).notNull().default(''),
    telefono: varchar('telefono', { length: 10 }).notNull().default(''),
    /** 0 = Activo, 1 = Inactivo (spec section 3). */
    activo: smallint('activo').notNull().default(0),
    ubicacionLaboral: varchar('ubicacion_laboral', { length: 120 }).notNull().default(''),
    /** Storage key of the profile photo, null for the default image. */
    fotoKey: text('foto_key'),
    /** Bumped on password change or deactivation: tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_rol_idx').on(t.rol),
    index('users_nombre_idx').on(t.nombre),
    index('users_foto_key_idx').on(t.fotoKey),
  ],
)

/** Failed sign-in attempts, kept for the 5-in-15-minutes throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt)],
)

/**
 * Request counters of the rate limits, shared by every instance on one PostgreSQL server (server/lib/rateLimit.ts):
 * one row per route and key (token subject or client IP), counting the requests of the current window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 400 }).notNull(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key] }), index('rate_limits_reset_idx').on(t.resetAt)],
)

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  nombre: varchar('nombre', { length: 120 }).notNull(),
})

export const municipalities = pgTable(
  'municipalities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    /** c_mnpio of SEPOMEX, unique within a state; used to make imports idempotent. */
    code: integer('code').notNull(),
    nombre: varchar('nombre', { length: 160 }).notNull(),
  },
  (t) => [uniqueIndex('municipalities_state_code_uq').on(t.stateId, t.code)],
)

export const neighbourhoods = pgTable(
  'neighbourhoods',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    codigoPostal: varchar('codigo_postal', { length: 5 }).notNull(),
  },
  (t) => [uniqueIndex('neighbourhoods_mun_name_cp_uq').on(t.municipalityId, t.nombre, t.codigoPostal)],
)

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 160 }).notNull(),
  /** 1 medical, 0 non-medical (matches provider tipo). */
  tipo: smallint('tipo').notNull(),
})

export const providers = pgTable(
  'providers',
  {
    idProveedor: serial('id_proveedor').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.idUser),
    /** 1 medical, 0 non-medical. */
    tipo: smallint('tipo').notNull(),
    nombreProveedor: varchar('nombre_proveedor', { length: 200 }).notNull(),
    nivel: varchar('nivel', { length: 120 }),
    tipoEspecialidad: varchar('tipo_especialidad', { length: 120 }),
    especialidad: varchar('especialidad', { length: 120 }),
    estudio: varchar('estudio', { length: 200 }),
    costoNormal: money('costo_normal'),
    servicioId: integer('servicio_id').references(() => services.id),
    contrato: smallint('contrato'),
    contratoYear: integer('contrato_year'),
    contratoEstatus: smallint('contrato_estatus'),
    horarios: varchar('horarios', { length: 200 }).notNull(),
    telefono1: varchar('telefono1', { length: 10 }).notNull(),
    telefono2: varchar('telefono2', { length: 10 }),
    codigoPostal: integer('codigo_postal').notNull(),
    estadoId: integer('estado_id')
      .notNull()
      .references(() => states.id),
    municipioId: integer('municipio_id')
      .notNull()
      .references(() => municipalities.id),
    coloniaId: integer('colonia_id')
      .notNull()
      .references(() => neighbourhoods.id),
    calle: varchar('calle', { length: 200 }).notNull(),
    numeroExterior: integer('numero_exterior').notNull(),
    numeroInterior: varchar('numero_interior', { length: 20 }),
    email: varchar('email', { length: 254 }).notNull(),
    observaciones: varchar('observaciones', { length: 500 }).notNull(),
    puntosImportantes: varchar('puntos_importantes', { length: 500 }),
    /** 0 = Activo, 1 = Inactivo. */
    activo: smallint('activo').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('providers_user_uq').on(t.userId),
    index('providers_servicio_idx').on(t.servicioId),
    index('providers_nombre_idx').on(t.nombreProveedor),
  ],
)

/** Employees of the retail company; they sign in with their number and a claim number, not a password. */
export const collaborators = pgTable(
  'collaborators',
  {
    idColaborador: integer('id_colaborador').primaryKey(),
    nombre: varchar('nombre', { length: 120 }).notNull(),
    nombre2: varchar('nombre2', { length: 120 }).notNull().default(''),
    apePat: varchar('ape_pat', { length: 120 }).notNull().default(''),
    apeMat: varchar('ape_mat', { length: 120 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    telefono: varchar('telefono', { length: 10 }).notNull().default(''),
    edad: smallint('edad'),
    genero: smallint('genero'),
    estadoId: integer('estado_id').references(() => states.id),
    municipioId: integer('municipio_id').references(() => municipalities.id),
  },
  (t) => [
    index('collaborators_nombre_idx').on(t.nombre, t.apePat),
    // The name search of the claim lists (`ilike '%ana soto%'`) on the full name; collaborator_full_name is
    // concat_ws declared IMMUTABLE (migration 0006), which an index expression must be.
    index('collaborators_full_name_trgm_idx').using(
      'gin',
      sql`collaborator_full_name(${t.nombre}, ${t.nombre2}, ${t.apePat}, ${t.apeMat}) gin_trgm_ops`,
    ),
  ],
)

export const coverages = pgTable(
  'coverages',
  {
    idCobertura: serial('id_cobertura').primaryKey(),
    idColaborador: integer('id_colaborador')
      .notNull()
      .references(() => collaborators.idColaborador),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    /** Authorized sum of the coverage. */
    monto: money('monto').notNull(),
    /**
     * Sum of montoAutorizado of the coverage's claims that are not 'Trámite rechazado' (10): what the coverage has
     * used. Kept by triggers on claims in the writing transaction (migration 0015), so every reader sees it agree
     * with the claims of its snapshot; read with the coverage's row instead of summing its claims per record.
     */
    usedAmount: numeric('used_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    showCtaBtn: smallint('show_cta_btn').notNull().default(1),
  },
  (t) => [
    index('coverages_colaborador_idx').on(t.idColaborador),
    // The name search of the claim lists also matches the coverage's description.
    index('coverages_descripcion_trgm_idx').using('gin', sql`${t.descripcion} gin_trgm_ops`),
  ],
)

/** Stage catalogue (statusId → value); the lifecycle machine in machines/ decides the transitions. */
export const claimStatuses = pgTable('claim_statuses', {
  id: smallint('id').primaryKey(),
  value: varchar('value', { length: 80 }).notNull(),
  final: boolean('final').notNull().default(false),
})

/** A trámite, shown as C{idEvento}. */
export const claims = pgTable(
  'claims',
  {
    idEvento: serial('id_evento').primaryKey(),
    idColaborador: integer('id_colaborador')
      .notNull()
      .references(() => collaborators.idColaborador),
    idCobertura: integer('id_cobertura')
      .notNull()
      .references(() => coverages.idCobertura),
    /** The executive or administrator who created it; executives see only their own. */
    idEjecutivo: integer('id_ejecutivo')
      .notNull()
      .references(() => users.idUser),
    idProveedor: integer('id_proveedor').references(() => providers.idProveedor),
    servicioId: integer('servicio_id').references(() => services.id),
    statusId: smallint('status_id')
      .notNull()
      .references(() => claimStatuses.id),
    beneficiary: varchar('beneficiary', { length: 200 }).notNull(),
    /**
     * The collaborator's full name (SQL `collaborator_full_name`), kept by triggers (migration 0016): set when the claim
     * is written, rewritten if the collaborator's name changes. The claim record reads it instead of joining the
     * collaborators, a probe of a table as large as this one (issue 27).
     */
    collaboratorName: text('collaborator_name').notNull().default(''),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    age: smallint('age').notNull(),
    gender: smallint('gender').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => municipalities.id),
    montoAutorizado: money('monto_autorizado').notNull(),
    tipo: varchar('tipo', { length: 20 }).notNull().default('Digital'),
    fechaIngreso: timestamp('fecha_ingreso', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('claims_colaborador_idx').on(t.idColaborador),
    index('claims_cobertura_idx').on(t.idCobertura),
    // An executive's and a provider's claim lists, newest first: the claim number after the owner gives the list's
    // order from the index alone, so a page 1 000 deep and the capped count read 10 000 index entries, not the table
    // (docs/decisions/paged-lists.md).
    index('claims_ejecutivo_evento_idx').on(t.idEjecutivo, t.idEvento),
    index('claims_proveedor_evento_idx').on(t.idProveedor, t.idEvento),
    index('claims_status_idx').on(t.statusId),
    // The period of the report and of its statistics; the trailing columns let the statistics read claims from the
    // index alone (docs/decisions/report-statistics.md).
    index('claims_fecha_idx').on(t.fechaIngreso, t.idEvento, t.idEjecutivo, t.statusId),
    // Claim-number search matches numbers CONTAINING the digits typed (spec 2.7): a trigram index on the number as
    // text answers `like '%523456%'` without reading the table (pg_trgm, which PGlite ships too).
    index('claims_id_text_trgm_idx').using('gin', sql`(${t.idEvento}::text) gin_trgm_ops`),
    // A partial claim number of 4 digits or more: the numbers ending in those digits are one range here (their last
    // four digits), where the primary key holds them one per prefix, 100 probes among a million claims
    // (server/domain/claims/claimNumberContains.ts; issue 27). The claim number after it: read from the index alone.
    index('claims_number_tail_idx').on(sql`(${t.idEvento} % 10000)`, t.idEvento),
    // The name search of the claim lists matches the beneficiary (with the coverage and the collaborator).
    index('claims_beneficiary_trgm_idx').using('gin', sql`${t.beneficiary} gin_trgm_ops`),
  ],
)

/** The authorization letter (carta autorización) fields of a claim; one row per claim once edited. */
export const claimLetters = pgTable('claim_letters', {
  idEvento: integer('id_evento')
    .primaryKey()
    .references(() => claims.idEvento),
  fechaIngreso: date('fecha_ingreso', { mode: 'string' }),
  nombreMedico: varchar('nombre_medico', { length: 200 }),
  tipoServicio: smallint('tipo_servicio'),
  tipoAtencion: smallint('tipo_atencion'),
  tipoAtencion2: smallint('tipo_atencion2'),
  tipoPadecimiento: smallint('tipo_padecimiento'),
  diagnostico: varchar('diagnostico', { length: 1000 }),
  observaciones: varchar('observaciones', { length: 1000 }),
  deducibleHospital: money('deducible_hospital'),
  coaseguroHospital: money('coaseguro_hospital'),
  medicoEsp: varchar('medico_esp', { length: 200 }),
  medicoProcedimiento: varchar('medico_procedimiento', { length: 300 }),
  medicoMonto: money('medico_monto'),
  medicoHonorariosAsegurado: money('medico_honorarios_asegurado'),
  vigenciaDesde: date('vigencia_desde', { mode: 'string' }),
  vigenciaHasta: date('vigencia_hasta', { mode: 'string' }),
  limiteFacturacion: date('limite_facturacion', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
})

/** The three required documents: tipo 1 Formato de solicitud, 2 Resumen médico, 3 Identificación oficial. */
export const claimFiles = pgTable(
  'claim_files',
  {
    id: serial('id').primaryKey(),
    idEvento: integer('id_evento')
      .notNull()
      .references(() => claims.idEvento),
    tipo: smallint('tipo').notNull(),
    /** Document status 0–5 of spec section 4. */
    status: smallint('status').notNull().default(1),
    storageKey: text('storage_key').notNull(),
    nombre: varchar('nombre', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    comentario: varchar('comentario', { length: 1000 }),
    uploadedBy: varchar('uploaded_by', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  // storage_key: the orphan sweep asks whether a stored file still has its row (server/storage/orphans.ts).
  (t) => [uniqueIndex('claim_files_evento_tipo_uq').on(t.idEvento, t.tipo), index('claim_files_storage_key_idx').on(t.storageKey)],
)

export const dictaminations = pgTable(
  'dictaminations',
  {
    idEvento: integer('id_evento')
      .primaryKey()
      .references(() => claims.idEvento),
    storageKey: text('storage_key').notNull(),
    nombre: varchar('nombre', { length: 255 }).notNull(),
    /** 1 approved, 0 rejected. */
    dictaminacion: smallint('dictaminacion').notNull(),
    comentario: varchar('comentario', { length: 1000 }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.idUser),
    createdAt: createdAt(),
  },
  (t) => [index('dictaminations_storage_key_idx').on(t.storageKey)],
)

export const invoices = pgTable(
  'invoices',
  {
    idFactura: serial('id_factura').primaryKey(),
    idEvento: integer('id_evento')
      .notNull()
      .references(() => claims.idEvento),
    idProveedor: integer('id_proveedor')
      .notNull()
      .references(() => providers.idProveedor),
    storageKey: text('storage_key').notNull(),
    nombre: varchar('nombre', { length: 255 }).notNull(),
    /** 0 in review, 1 approved. */
    status: smallint('status').notNull().default(0),
    comentario: varchar('comentario', { length: 1000 }),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('invoices_evento_uq').on(t.idEvento),
    index('invoices_proveedor_idx').on(t.idProveedor),
    index('invoices_storage_key_idx').on(t.storageKey),
  ],
)

/** Every stage change, written in the same transaction as the change. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: serial('id').primaryKey(),
    idEvento: integer('id_evento')
      .notNull()
      .references(() => claims.idEvento),
    statusId: smallint('status_id')
      .notNull()
      .references(() => claimStatuses.id),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** 'user:{id}' or 'colaborador:{id}'. */
    actor: varchar('actor', { length: 40 }).notNull(),
  },
  // A claim's rows in order (fecha, then id for rows written in one transaction) with the stage, so the report
  // statistics compute each stay with lead() from the index alone.
  (t) => [index('status_history_evento_idx').on(t.idEvento, t.fecha, t.id, t.statusId)],
)

/**
 * Each ended stay of a claim in a stage, stored when the stage changes (the status_history row that ends it is written
 * in the same transaction: server/domain/stageStays.ts) so the report statistics read durations instead of deriving
 * them with lead() per claim (docs/decisions/report-statistics.md). A stay is a history row and lasts until the claim's
 * next row in (fecha, id) order; a claim's last row is still open and has no stay. The claim's fecha_ingreso and
 * id_ejecutivo (never changed after creation) are copied so that one index range answers a period without claims.
 */
export const stageStays = pgTable(
  'stage_stays',
  {
    /** The status_history row whose stay ended. */
    idHistory: integer('id_history')
      .primaryKey()
      .references(() => statusHistory.id),
    statusId: smallint('status_id')
      .notNull()
      .references(() => claimStatuses.id),
    /** Days from the row's fecha to the next row's, exactly as extract(epoch …) / 86400.0 gives them. */
    days: doublePrecision('days').notNull(),
    fechaIngreso: timestamp('fecha_ingreso', { withTimezone: true, mode: 'string' }).notNull(),
    idEjecutivo: integer('id_ejecutivo').notNull(),
  },
  // The period's stays per stage and duration from the index alone (an executive's filter reads the same range).
  (t) => [index('stage_stays_cohort_idx').on(t.fechaIngreso, t.statusId, t.days, t.idEjecutivo)],
)

/**
 * The report statistics pre-aggregated per UTC day of fecha_ingreso, current stage and executive (issue 27;
 * docs/decisions/report-statistics.md, "Aggregates per day"): how many claims created that day are in each stage now.
 * Kept by triggers on claims (migration 0011_stats_aggregate), in the transaction of every insert and of every update
 * that changes a claim's stage, fecha_ingreso or executive, so a period costs its days, not its claims.
 */
export const claimDayCounts = pgTable(
  'claim_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    statusId: smallint('status_id').notNull(),
    idEjecutivo: integer('id_ejecutivo').notNull(),
    /** May reach 0 when the day's claims have all left the stage; the reads skip those rows. */
    claims: integer('claims').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.statusId, t.idEjecutivo] })],
)

/**
 * The ended stays of stage_stays as a histogram per UTC day of their claim's fecha_ingreso, stage, executive and
 * duration bin (SQL function stay_bin, migration 0011_stats_aggregate: 0.05 day below 10 days, 0.5 % above), with the
 * stays' count and the sum of their days; kept by triggers on stage_stays in the same transaction. The median and
 * the 90th percentile are read from it (server/report/stayPercentiles.ts).
 */
export const stayDayBins = pgTable(
  'stay_day_bins',
  {
    day: date('day', { mode: 'string' }).notNull(),
    statusId: smallint('status_id').notNull(),
    idEjecutivo: integer('id_ejecutivo').notNull(),
    bin: smallint('bin').notNull(),
    stays: integer('stays').notNull(),
    /** The sum of the bin's stays' days: sum ÷ stays is the value a percentile in this bin reads. */
    days: doublePrecision('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.statusId, t.idEjecutivo, t.bin] })],
)

/**
 * How many claims of a list each block of 1,000 claim numbers holds (issue 27; docs/decisions/paged-lists.md, "A page
 * by number"): per scope (0 every claim, owner 0; 1 an executive's, owner id_ejecutivo; 2 a provider's, owner
 * id_proveedor) and block (id_evento / 1000). A page by number finds the block its first row falls in from a running
 * sum over these rows, then reads at most a block of the list's index, instead of every row before the page. Kept by
 * triggers on claims (migration 0011_stats_aggregate) in the writing transaction, so it agrees with the claims any
 * snapshot sees.
 */
export const claimNumberBlocks = pgTable(
  'claim_number_blocks',
  {
    scope: smallint('scope').notNull(),
    owner: integer('owner').notNull(),
    block: integer('block').notNull(),
    claims: integer('claims').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.owner, t.block] })],
)

/** Marks that the demo seed ran, so `npm start` seeds only on the first start. */
export const appMeta = pgTable(
  'app_meta',
  {
    key: varchar('key', { length: 80 }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
)

/**
 * The notification outbox (issue 14): one row per recipient of a stage change that hands the claim to someone,
 * written by applyClaimEvent in the same transaction as the change. The same row is the in-app notification
 * (recipient, read_at) and the mail the worker delivers (email, subject, details, delivery state); the mail's
 * bodies are rendered from the row when it is sent (server/notifications/messages.ts), with the configured links.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    idEvento: integer('id_evento')
      .notNull()
      .references(() => claims.idEvento),
    /** What happened: documentsRejected, documentsUploaded, invoiceUploaded, providerAssigned, claimConcluded, claimRejected, claimOverdue, claimEscalated (domain/notifications.ts). */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** Who sees it in the app, as status_history.actor: 'user:{id}' or 'colaborador:{id}'. */
    recipient: varchar('recipient', { length: 40 }).notNull(),
    /** The address the mail goes to, fixed when the notification is written. */
    email: varchar('email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    /** One line for the in-app list. */
    message: varchar('message', { length: 500 }).notNull(),
    /** Path inside the app the in-app notification opens. */
    link: varchar('link', { length: 200 }).notNull(),
    /** What the mail needs besides the claim number (audience, rejected documents with the reviewer's comments). */
    details: jsonb('details').$type<NotificationDetails>().notNull(),
    /** pending → sending → sent; failed (permanent); kept (no SMTP configured). */
    delivery: varchar('delivery', { length: 12 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** When a worker took the row for sending (a row stuck in 'sending' past its lease is recorded as failed). */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    lastError: varchar('last_error', { length: 500 }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
    /**
     * What makes a notification that a round of the server writes (not a stage change) one of a kind: 'overdue:…' of a
     * claim's stay and recipient (issue 23). Two instances writing the same one leave one row.
     */
    dedupeKey: varchar('dedupe_key', { length: 120 }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey).where(sql`dedupe_key is not null`),
    index('notifications_recipient_idx').on(t.recipient, t.id),
    index('notifications_delivery_idx').on(t.delivery, t.nextAttemptAt),
    index('notifications_evento_idx').on(t.idEvento),
    // The mails search (`ilike '%text%'` on the address or the subject, Notificaciones): several mails per claim, so
    // this table outgrows the claims, and a search must not read it whole (migration 0008).
    index('notifications_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('notifications_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
)

/**
 * Service-level targets the administrator changed (issue 23, 'Niveles de servicio'): business days per timed stage.
 * A stage without a row has the default of domain/serviceLevels.ts (DEFAULT_SERVICE_TARGETS), so the defaults live
 * in one place.
 */
export const serviceTargets = pgTable('service_targets', {
  statusId: smallint('status_id')
    .primaryKey()
    .references(() => claimStatuses.id),
  targetDays: smallint('target_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedBy: integer('updated_by')
    .notNull()
    .references(() => users.idUser),
})

/** Every change of a target, with who made it and when (issue 23). */
export const serviceTargetChanges = pgTable(
  'service_target_changes',
  {
    id: serial('id').primaryKey(),
    statusId: smallint('status_id')
      .notNull()
      .references(() => claimStatuses.id),
    previousDays: smallint('previous_days').notNull(),
    targetDays: smallint('target_days').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.idUser),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('service_target_changes_at_idx').on(t.changedAt, t.id)],
)

/**
 * The clock of each claim whose current stage waits on the office or the provider (issue 23): when it entered the
 * stage and the two instants its badge changes at ('Por vencer', 'Vencido'), computed with the business-day calendar
 * of domain/businessDays.ts when the stage is entered (server/domain/serviceLevels/clocks.ts) and again when its
 * target changes. A claim waiting on the collaborator, or final, has no row. The owner and the provider are copied so
 * each role's queue reads one index range in due order.
 */
export const claimClocks = pgTable(
  'claim_clocks',
  {
    idEvento: integer('id_evento')
      .primaryKey()
      .references(() => claims.idEvento),
    statusId: smallint('status_id')
      .notNull()
      .references(() => claimStatuses.id),
    /** executive, administrator or provider (domain/serviceLevels.ts STAGE_WAITS_ON). */
    waitsOn: varchar('waits_on', { length: 16 }).notNull(),
    idEjecutivo: integer('id_ejecutivo').notNull(),
    idProveedor: integer('id_proveedor'),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'string' }).notNull(),
    dueSoonAt: timestamp('due_soon_at', { withTimezone: true, mode: 'string' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Overdue by its target again (twice the target used): the administrators are told. */
    escalateAt: timestamp('escalate_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The party it waits on was told it is overdue (once per stay). */
    overdueNotified: boolean('overdue_notified').notNull().default(false),
    /** The administrators were told (once per stay). */
    escalated: boolean('escalated').notNull().default(false),
  },
  (t) => [
    // An executive's queue, a provider's queue and the office's queue, each in due order (then claim number). The
    // columns after the claim number never change that order (it is unique); they hold the rest of what a queue page
    // reads, so a page and its capped count are index-only scans and a badge ('Por vencer' compares due_soon_at) is
    // decided on the index entry: read from the table, 'A tiempo' at a million claims took 205 ms (migration 0013).
    index('claim_clocks_executive_due_idx')
      .on(t.idEjecutivo, t.dueAt, t.idEvento, t.dueSoonAt, t.statusId, t.enteredAt)
      .where(sql`waits_on = 'executive'`),
    index('claim_clocks_provider_due_idx')
      .on(t.idProveedor, t.dueAt, t.idEvento, t.dueSoonAt, t.statusId, t.enteredAt)
      .where(sql`waits_on = 'provider'`),
    index('claim_clocks_office_due_idx').on(t.dueAt, t.idEvento, t.dueSoonAt, t.statusId, t.enteredAt).where(sql`waits_on <> 'provider'`),
    // A target change recomputes the clocks of its stage.
    index('claim_clocks_status_idx').on(t.statusId),
    // The escalation round reads only the clocks it has not announced yet.
    index('claim_clocks_overdue_pending_idx').on(t.dueAt).where(sql`not overdue_notified`),
    index('claim_clocks_escalation_pending_idx').on(t.escalateAt).where(sql`not escalated`),
  ],
)

/**
 * Resumable (tus) uploads not finished yet (issue 22): whose each is (HEAD, PATCH and DELETE by anyone else are
 * answered 404), which call it completes, and when it expires. The bytes live in the shared file store
 * (`files/.tus`); this row is what every instance agrees on: the owner's limit of unfinished uploads is counted here,
 * and the orphan sweep removes the bytes of the rows past `expires_at`. The row goes when the upload completes, is
 * refused, cancelled or swept.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** 'u:{idUser}' or 'c:{idColaborador}:{idEvento}', the session that created it. */
    owner: varchar('owner', { length: 64 }).notNull(),
    call: varchar('call', { length: 32 }).notNull(),
    idEvento: integer('id_evento'),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('resumable_uploads_owner_idx').on(t.owner, t.expiresAt), index('resumable_uploads_expires_idx').on(t.expiresAt)],
)
