/**
 * Importer of the official SEPOMEX postal catalogue ("CPdescarga.txt"): a notice line, then the header
 * `d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|…`,
 * then one pipe-separated row per settlement. The official download is latin1; UTF-8 copies work too.
 *
 * States are keyed by c_estado (the INEGI id), municipalities by (state, c_mnpio) and neighbourhoods by
 * (municipality, name, postal code), all with ON CONFLICT, so importing the same file twice changes nothing and the
 * demo seed's rows (same keys) are reused, not duplicated.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from './client'
import { municipalities, neighbourhoods, states } from './schema'

interface SepomexRow {
  codigoPostal: string
  asentamiento: string
  municipio: string
  estado: string
  stateId: number
  municipioCode: number
}

export interface SepomexParseResult {
  rows: SepomexRow[]
  /** Data lines that were malformed (wrong field count, bad postal code or ids). */
  skipped: number
}

export interface SepomexImportSummary {
  rows: number
  skipped: number
  statesInserted: number
  municipalities: number
  municipalitiesInserted: number
  municipalitiesRenamed: number
  neighbourhoods: number
  neighbourhoodsInserted: number
}

const REQUIRED = ['d_codigo', 'd_asenta', 'd_mnpio', 'd_estado', 'c_estado', 'c_mnpio'] as const

/** UTF-8 when the bytes are valid UTF-8, otherwise latin1 (the official download). */
export function decodeSepomex(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = new TextDecoder('latin1').decode(bytes)
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

export function parseSepomex(text: string): SepomexParseResult {
  const lines = text.split(/\r?\n/)
  const headerIndex = lines.slice(0, 5).findIndex((l) => l.trim().toLowerCase().startsWith('d_codigo|'))
  if (headerIndex < 0) throw new Error('El archivo no tiene el encabezado del catálogo de SEPOMEX (d_codigo|d_asenta|…)')
  const header = lines[headerIndex]!.trim().toLowerCase().split('|')
  const col = Object.fromEntries(REQUIRED.map((name) => [name, header.indexOf(name)])) as Record<(typeof REQUIRED)[number], number>
  const missing = REQUIRED.filter((name) => col[name] < 0)
  if (missing.length > 0) throw new Error(`Faltan columnas en el encabezado: ${missing.join(', ')}`)

  const rows: SepomexRow[] = []
  let skipped = 0
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.trim() === '') continue
    const fields = line.split('|').map((f) => f.trim())
    const get = (name: (typeof REQUIRED)[number]) => fields[col[name]] ?? ''
    const codigoPostal = get('d_codigo')
    const stateId = Number(get('c_estado'))
    const municipioCode = Number(get('c_mnpio'))
    const row = {
      codigoPostal,
      asentamiento: get('d_asenta').slice(0, 200),
      municipio: get('d_mnpio').slice(0, 160),
      estado: get('d_estado').slice(0, 120),
      stateId,
      municipioCode,
    }
    const valid =
      fields.length >= header.length - 1 &&
      /^\d{5}$/.test(codigoPostal) &&
      Number.isInteger(stateId) && stateId >= 1 && stateId <= 32 &&
      Number.isInteger(municipioCode) && municipioCode >= 1 && municipioCode <= 999 &&
      row.asentamiento !== '' && row.municipio !== '' && row.estado !== ''
    if (valid) rows.push(row)
    else skipped++
  }
  return { rows, skipped }
}

const CHUNK = 1000

/** Loads the catalogue in one transaction; see the file comment for the keys. */
export async function importSepomex(db: Db, bytes: Uint8Array): Promise<SepomexImportSummary> {
  const { rows, skipped } = parseSepomex(decodeSepomex(bytes))

  const stateRows = [...new Map(rows.map((r) => [r.stateId, { id: r.stateId, nombre: r.estado }])).values()]
  const munRows = [
    ...new Map(rows.map((r) => [`${r.stateId}:${r.municipioCode}`, { stateId: r.stateId, code: r.municipioCode, nombre: r.municipio }])).values(),
  ]

  return db.transaction(async (tx) => {
    let statesInserted = 0
    for (let i = 0; i < stateRows.length; i += CHUNK) {
      const inserted = await tx.insert(states).values(stateRows.slice(i, i + CHUNK)).onConflictDoNothing().returning({ id: states.id })
      statesInserted += inserted.length
    }

    let municipalitiesInserted = 0
    let municipalitiesRenamed = 0
    for (let i = 0; i < munRows.length; i += CHUNK) {
      const changed = await tx
        .insert(municipalities)
        .values(munRows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [municipalities.stateId, municipalities.code],
          set: { nombre: sql`excluded.nombre` },
          setWhere: sql`${municipalities.nombre} IS DISTINCT FROM excluded.nombre`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` })
      for (const r of changed) {
        if (r.inserted) municipalitiesInserted++
        else municipalitiesRenamed++
      }
    }

    // ids of every municipality the file names
    const munId = new Map<string, number>()
    const stateIds = stateRows.map((s) => s.id)
    if (stateIds.length > 0) {
      const existing = await tx
        .select({ id: municipalities.id, stateId: municipalities.stateId, code: municipalities.code })
        .from(municipalities)
        .where(inArray(municipalities.stateId, stateIds))
      for (const m of existing) munId.set(`${m.stateId}:${m.code}`, m.id)
    }

    const colRows = [
      ...new Map(
        rows.map((r) => {
          const municipalityId = munId.get(`${r.stateId}:${r.municipioCode}`)!
          return [`${municipalityId}|${r.asentamiento}|${r.codigoPostal}`, { municipalityId, nombre: r.asentamiento, codigoPostal: r.codigoPostal }]
        }),
      ).values(),
    ]
    let neighbourhoodsInserted = 0
    for (let i = 0; i < colRows.length; i += CHUNK) {
      const inserted = await tx
        .insert(neighbourhoods)
        .values(colRows.slice(i, i + CHUNK))
        .onConflictDoNothing({ target: [neighbourhoods.municipalityId, neighbourhoods.nombre, neighbourhoods.codigoPostal] })
        .returning({ id: neighbourhoods.id })
      neighbourhoodsInserted += inserted.length
    }

    return {
      rows: rows.length,
      skipped,
      statesInserted,
      municipalities: munRows.length,
      municipalitiesInserted,
      municipalitiesRenamed,
      neighbourhoods: colRows.length,
      neighbourhoodsInserted,
    }
  })
}

/** Neighbourhoods of one postal code (used by tests and handy for a quick check after an import). */
export async function neighbourhoodsByPostalCode(db: Db, codigoPostal: string) {
  return db
    .select({ nombre: neighbourhoods.nombre, municipio: municipalities.nombre, stateId: municipalities.stateId })
    .from(neighbourhoods)
    .innerJoin(municipalities, and(eq(municipalities.id, neighbourhoods.municipalityId)))
    .where(eq(neighbourhoods.codigoPostal, codigoPostal))
    .orderBy(neighbourhoods.nombre)
}
