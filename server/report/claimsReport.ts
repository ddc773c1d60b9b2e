/**
 * The claims report ('Reporte de tramites'): one CSV row per claim whose fechaIngreso falls in the date range (UTC
 * calendar days, both ends included), oldest first. Columns: FECHA (ISO date), claim, collaborator number and name,
 * coverage, authorized / used / available amounts, stage, executive and provider.
 *
 * The SELECT is plain SQL text because on PostgreSQL it runs inside `COPY (…) TO STDOUT`, which takes no bind
 * parameters. Every value put into it is validated first (ISO dates, integers, a timestamp read back from the
 * database), and `literal` still quotes it. Every cell is text and formula cells are defused in SQL (`defused`), so
 * COPY's output and the PGlite path's output are byte-for-byte the same.
 */

export const REPORT_COLUMNS = [
  'FECHA',
  'TRÁMITE',
  'NÚMERO DE COLABORADOR',
  'COLABORADOR',
  'COBERTURA',
  'SUMA AUTORIZADA',
  'SUMA UTILIZADA',
  'SUMA DISPONIBLE',
  'ETAPA',
  'EJECUTIVO',
  'PROVEEDOR',
] as const

export interface ReportFilter {
  initDate: string
  endDate: string
  /** Executives get only their own claims. */
  idEjecutivo?: number
}

export interface ReportKeyset {
  /** fechaIngreso (as the database printed it) and idEvento of the last row of the previous batch. */
  after: { fecha: string; idEvento: number } | null
  limit: number
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not). */
/** The years a report may ask for: PostgreSQL has no year 0, and nothing in the portal predates 1900. */
const REPORT_YEARS = { min: 1900, max: 2100 } as const

/** A real calendar date AAAA-MM-DD within REPORT_YEARS (checked before any byte of the report is sent). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const year = Number(value.slice(0, 4))
  if (year < REPORT_YEARS.min || year > REPORT_YEARS.max) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`

const int = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`)
  return String(value)
}

/** The expression as text, with a ' in front when a spreadsheet would read it as a formula. */
const defused = (expr: string) =>
  `(case when left(${expr}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${expr} else ${expr} end)`

const CELLS = [
  `to_char(c.fecha_ingreso at time zone 'UTC', 'YYYY-MM-DD')`,
  `'C' || c.id_evento::text`,
  `c.id_colaborador::text`,
  // The collaborator's full name as the claim keeps it (migration 0016): no collaborator row read per report row.
  defused('c.collaborator_name'),
  defused('cov.descripcion'),
  defused('round(c.monto_autorizado, 2)::text'),
  // The coverage's used amount as the claim records read it: kept by migration 0015's triggers.
  defused('round(cov.used_amount, 2)::text'),
  defused('round(cov.monto - cov.used_amount, 2)::text'),
  defused('st.value'),
  defused(`concat_ws(' ', nullif(e.nombre, ''), nullif(e.ape_pat, ''))`),
  defused('p.nombre_proveedor'),
]

/**
 * The report SELECT. With a keyset it also returns k_fecha / k_id and reads one batch after the given row. The
 * claims of the range (or of the batch) are picked first in a subquery, so the joins run only for the rows that are
 * written.
 */
export function reportSelectSql(filter: ReportFilter, keyset?: ReportKeyset): string {
  if (!isIsoDate(filter.initDate) || !isIsoDate(filter.endDate)) throw new Error('invalid report dates')
  const columns = CELLS.map((cell, i) => `${cell} as c${i}`)
  if (keyset) columns.push('c.fecha_ingreso::text as k_fecha', 'c.id_evento as k_id')
  const where = [
    `r.fecha_ingreso >= (date ${literal(filter.initDate)})::timestamp at time zone 'UTC'`,
    `r.fecha_ingreso < (date ${literal(filter.endDate)} + 1)::timestamp at time zone 'UTC'`,
  ]
  if (filter.idEjecutivo !== undefined) where.push(`r.id_ejecutivo = ${int(filter.idEjecutivo)}`)
  if (keyset?.after) {
    where.push(`(r.fecha_ingreso, r.id_evento) > (${literal(keyset.after.fecha)}::timestamptz, ${int(keyset.after.idEvento)})`)
  }
  const picked = [
    'select r.* from claims r',
    `where ${where.join(' and ')}`,
    'order by r.fecha_ingreso, r.id_evento',
    keyset ? `limit ${int(keyset.limit)}` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return [
    `select ${columns.join(', ')}`,
    `from (${picked}) c`,
    'join coverages cov on cov.id_cobertura = c.id_cobertura',
    'join claim_statuses st on st.id = c.status_id',
    'join users e on e.id_user = c.id_ejecutivo',
    'left join providers p on p.id_proveedor = c.id_proveedor',
    'order by c.fecha_ingreso, c.id_evento',
  ].join('\n')
}

export const REPORT_CELL_COUNT = CELLS.length
