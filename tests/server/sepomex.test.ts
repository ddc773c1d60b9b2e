/**
 * SEPOMEX importer on tests/fixtures/sepomex-sample.txt: the official text format (notice line, header, pipe-separated
 * rows, latin1 with CRLF). Importing twice changes nothing; the demo seed's locations are reused, not duplicated.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import { municipalities, neighbourhoods, states } from '../../server/db/schema'
import { insertLocations } from '../../server/seed'
import { SEED_MUNICIPALITIES, STATE_MAIN_MUNICIPALITIES } from '../../server/seed/locations'
import { decodeSepomex, importSepomex, neighbourhoodsByPostalCode, parseSepomex } from '../../server/db/sepomex'
import { openTestDb } from './helpers/testApp'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/sepomex-sample.txt')
const latin1 = new Uint8Array(readFileSync(FIXTURE))
const text = decodeSepomex(latin1)
const utf8 = new TextEncoder().encode(text)

async function tableCounts(db: Db) {
  return {
    states: (await db.select({ n: count() }).from(states))[0]!.n,
    municipalities: (await db.select({ n: count() }).from(municipalities))[0]!.n,
    neighbourhoods: (await db.select({ n: count() }).from(neighbourhoods))[0]!.n,
  }
}

async function duplicateKeys(db: Db) {
  const rows = await db
    .select({ n: count() })
    .from(neighbourhoods)
    .groupBy(neighbourhoods.municipalityId, neighbourhoods.nombre, neighbourhoods.codigoPostal)
    .having(sql`count(*) > 1`)
  return rows.length
}

describe('parsing the SEPOMEX text format', () => {
  it('reads the latin1 file: skips the notice, maps the columns and keeps accents', () => {
    expect(latin1.includes(0xe1)).toBe(true) // 'á' as one latin1 byte: the fixture is really latin1
    const { rows, skipped } = parseSepomex(text)
    expect(skipped).toBe(0)
    expect(rows).toHaveLength(30)
    expect(rows[0]).toEqual({ codigoPostal: '80000', asentamiento: 'Centro', municipio: 'Culiacán', estado: 'Sinaloa', stateId: 25, municipioCode: 6 })
    expect(rows.find((r) => r.codigoPostal === '01000')).toMatchObject({ asentamiento: 'San Ángel', municipio: 'Álvaro Obregón', stateId: 9, municipioCode: 10 })
    expect(rows.find((r) => r.codigoPostal === '72000')).toMatchObject({ municipio: 'Puebla', stateId: 21, municipioCode: 114 })
  })

  it('reads a UTF-8 copy (with or without a byte-order mark) the same way', () => {
    expect(decodeSepomex(utf8)).toBe(text)
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])
    expect(parseSepomex(decodeSepomex(withBom)).rows).toEqual(parseSepomex(text).rows)
  })

  it('skips malformed rows and refuses a file without the header', () => {
    const extra = [
      '8000|Corto|Colonia|Culiacán|Sinaloa|Culiacán Rosales|80001|25|80001||09|006|0001|Urbano|02', // 4-digit postal code
      '80000|Sin estado|Colonia|Culiacán|Sinaloa|Culiacán Rosales|80001|99|80001||09|006|0001|Urbano|02', // c_estado 99
      '80000|Incompleta|Colonia',
      '',
    ]
    const { rows, skipped } = parseSepomex(text + extra.join('\n'))
    expect(rows).toHaveLength(30)
    expect(skipped).toBe(3)
    expect(() => parseSepomex('80000|Centro|Colonia|Culiacán\n')).toThrow(/encabezado/)
  })
})

describe('importing the catalogue', () => {
  // one fresh database; each case starts from empty location tables
  let db: Db
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await openTestDb()
    db = opened.handle.db
    drop = opened.drop
  }, 60_000)
  afterAll(async () => drop?.())
  beforeEach(async () => {
    await db.delete(neighbourhoods)
    await db.delete(municipalities)
    await db.delete(states)
  })

  it('loads states, municipalities and neighbourhoods once: a second import, latin1 or UTF-8, changes nothing', async () => {
    const first = await importSepomex(db, latin1)
    expect(first).toMatchObject({ rows: 30, skipped: 0, statesInserted: 4, municipalities: 6, municipalitiesInserted: 6, neighbourhoods: 30, neighbourhoodsInserted: 30 })
    const after = await tableCounts(db)
    expect(after).toEqual({ states: 4, municipalities: 6, neighbourhoods: 30 })

    const again = await importSepomex(db, latin1)
    expect(again).toMatchObject({ statesInserted: 0, municipalitiesInserted: 0, municipalitiesRenamed: 0, neighbourhoodsInserted: 0 })
    expect(await importSepomex(db, utf8)).toMatchObject({ statesInserted: 0, municipalitiesInserted: 0, neighbourhoodsInserted: 0 })
    expect(await tableCounts(db)).toEqual(after)
    expect(await duplicateKeys(db)).toBe(0)

    const colonias = await neighbourhoodsByPostalCode(db, '80020')
    expect(colonias.map((c) => c.nombre)).toEqual(['Humaya', 'INFONAVIT Humaya', 'Tres Ríos'])
    expect(colonias.every((c) => c.municipio === 'Culiacán' && c.stateId === 25)).toBe(true)
  })

  it("reuses the demo seed's locations (same keys) and adds only what is new", async () => {
    await insertLocations(db)
    const before = await tableCounts(db)
    const [culiacanBefore] = await db.select().from(municipalities).where(eq(municipalities.nombre, 'Culiacán'))

    const rows = parseSepomex(text).rows
    const seeded = (r: (typeof rows)[number]) =>
      SEED_MUNICIPALITIES.find((m) => m.stateId === r.stateId && m.code === r.municipioCode)
    const inCatalogue = (r: (typeof rows)[number]) =>
      seeded(r) ?? STATE_MAIN_MUNICIPALITIES.find((m) => m.stateId === r.stateId && m.code === r.municipioCode)
    const newMunicipalities = new Set(rows.filter((r) => !inCatalogue(r)).map((r) => `${r.stateId}:${r.municipioCode}`)).size
    const alreadyThere = rows.filter((r) => seeded(r)?.colonias.some(([n, cp]) => n === r.asentamiento && cp === r.codigoPostal)).length
    expect(alreadyThere).toBeGreaterThan(0)

    const summary = await importSepomex(db, latin1)
    expect(summary).toMatchObject({ statesInserted: 0, municipalitiesInserted: newMunicipalities, municipalitiesRenamed: 0, neighbourhoodsInserted: 30 - alreadyThere })
    expect(await tableCounts(db)).toEqual({
      states: before.states,
      municipalities: before.municipalities + newMunicipalities,
      neighbourhoods: before.neighbourhoods + 30 - alreadyThere,
    })
    expect(await duplicateKeys(db)).toBe(0)
    const culiacan = await db.select().from(municipalities).where(eq(municipalities.nombre, 'Culiacán'))
    expect(culiacan).toEqual([culiacanBefore])
  })

  it('takes the official name of a municipality when it changed', async () => {
    await importSepomex(db, latin1)
    const renamed = new TextEncoder().encode(text.replaceAll('|Hermosillo|Sonora|', '|Heroica Hermosillo|Sonora|'))
    const summary = await importSepomex(db, renamed)
    expect(summary).toMatchObject({ municipalitiesInserted: 0, municipalitiesRenamed: 1, neighbourhoodsInserted: 0 })
    const [sonora] = await db.select().from(municipalities).where(eq(municipalities.stateId, 26))
    expect(sonora).toMatchObject({ code: 30, nombre: 'Heroica Hermosillo' })
  })
})
