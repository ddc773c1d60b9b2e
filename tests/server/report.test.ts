/**
 * GET /api/event/report: CSV with BOM and header, one row per claim in the date range (UTC days, both ends), the
 * executive's own claims only, formula cells defused, and the same bytes from COPY (PostgreSQL) and from keyset
 * batches (PGlite).
 */
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { usingPostgres, useTestApp } from './helpers/testApp'
import { authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { claims, collaborators, coverages } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'
import { REPORT_COLUMNS } from '../../server/report/claimsReport'
import { streamReport } from '../../server/report/reportStream'
import { csvCell } from '../../server/report/csv'

const t = useTestApp()

const BOM = '\uFEFF'
const HEADER = REPORT_COLUMNS.join(',')

async function report(session: Session | null, query: string) {
  const res = await t.app.inject({ url: `/api/event/report?${query}`, headers: await authHeaders(t.app, session) })
  return res
}

const rowsOf = (csv: string) => csv.replace(BOM, '').split('\n').filter(Boolean)

async function setFecha(idEvento: number, iso: string) {
  await t.db.update(claims).set({ fechaIngreso: iso }).where(eq(claims.idEvento, idEvento))
}

/** Parses one CSV line written by csvCell (quoted fields with doubled quotes). */
function parseLine(line: string): string[] {
  const out: string[] = []
  let i = 0
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = ''
      i++
      for (;;) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"'
          i += 2
        } else if (line[i] === '"') {
          i++
          break
        } else value += line[i++]
      }
      out.push(value)
      i++
    } else {
      const end = line.indexOf(',', i) === -1 ? line.length : line.indexOf(',', i)
      out.push(line.slice(i, end))
      i = end + 1
    }
  }
  return out
}

describe('claims report', () => {
  it('streams a BOM, the header and one row per claim of the range with ISO FECHA, amounts, stage, executive and provider', async () => {
    const exec = await createUser(t.db, 0, { nombre: 'Laura', apePat: 'Méndez' })
    const { provider } = await createProvider(t.db, { nombreProveedor: 'Clínica del Valle' })
    const a = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 6, idProveedor: provider.idProveedor, montoAutorizado: 1_234.5, monto: 10_000 })
    const b = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 2, montoAutorizado: 500 })
    const before = await createClaim(t.db, { idEjecutivo: exec.idUser })
    const after = await createClaim(t.db, { idEjecutivo: exec.idUser })
    await setFecha(a.claim.idEvento, '2031-03-01T00:00:00Z')
    await setFecha(b.claim.idEvento, '2031-03-31T23:59:59.999Z')
    await setFecha(before.claim.idEvento, '2031-02-28T23:59:59.999Z')
    await setFecha(after.claim.idEvento, '2031-04-01T00:00:00Z')

    const res = await report(sessionOf(exec), 'initDate=2031-03-01&endDate=2031-03-31')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="Reporte.csv"')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = rowsOf(res.body)
    expect(lines[0]).toBe(HEADER)
    expect(lines).toHaveLength(3)
    expect(parseLine(lines[1]!)).toEqual([
      '2031-03-01',
      `C${a.claim.idEvento}`,
      String(a.idColaborador),
      'María Elena López García',
      'Gastos médicos mayores',
      '1234.50',
      '1234.50',
      '8765.50',
      'Carta autorización',
      'Laura Méndez',
      'Clínica del Valle',
    ])
    expect(parseLine(lines[2]!)).toEqual([
      '2031-03-31',
      `C${b.claim.idEvento}`,
      String(b.idColaborador),
      'María Elena López García',
      'Gastos médicos mayores',
      '500.00',
      '500.00',
      '49500.00',
      'Carga de documentos',
      'Laura Méndez',
      '',
    ])
  })

  it('defuses formula cells and quotes commas and quotes', async () => {
    const exec = await createUser(t.db, 0, { nombre: '@Ejecutivo', apePat: 'Uno' })
    const { provider } = await createProvider(t.db, { nombreProveedor: '-Proveedor, "Norte"' })
    const c = await createClaim(t.db, { idEjecutivo: exec.idUser, idProveedor: provider.idProveedor })
    await t.db
      .update(collaborators)
      .set({ nombre: '=HYPERLINK("http://x")', nombre2: '', apePat: '', apeMat: '' })
      .where(eq(collaborators.idColaborador, c.idColaborador))
    await t.db.update(coverages).set({ descripcion: '+Cobertura\tA' }).where(eq(coverages.idCobertura, c.coverage.idCobertura))
    await setFecha(c.claim.idEvento, '2032-01-10T12:00:00Z')

    const res = await report(sessionOf(exec), 'initDate=2032-01-01&endDate=2032-01-31')
    const lines = rowsOf(res.body)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`)
    const cells = parseLine(lines[1]!)
    expect(cells[3]).toBe(`'=HYPERLINK("http://x")`)
    expect(cells[4]).toBe("'+Cobertura\tA")
    expect(cells[9]).toBe("'@Ejecutivo Uno")
    expect(cells[10]).toBe(`'-Proveedor, "Norte"`)
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
  })

  // CSV formula injection (OWASP's list: = + - @ TAB CR). Each character starts every free-text cell of one claim
  // (collaborator, coverage, executive, provider). With TEST_DATABASE_URL the route runs COPY on PostgreSQL, else the
  // keyset batches on PGlite; the batches are compared with the route on both.
  it.each([
    ['=', 'equals'],
    ['+', 'plus'],
    ['-', 'minus'],
    ['@', 'at'],
    ['\t', 'tab'],
    ['\r', 'carriage return'],
  ])('defuses a cell starting with %j (%s) in every free-text column', async (start) => {
    const exec = await createUser(t.db, 0, { nombre: `${start}Ejecutivo`, apePat: 'Uno' })
    const { provider } = await createProvider(t.db, { nombreProveedor: `${start}Proveedor` })
    const c = await createClaim(t.db, { idEjecutivo: exec.idUser, idProveedor: provider.idProveedor })
    await t.db
      .update(collaborators)
      .set({ nombre: `${start}Nombre`, nombre2: '', apePat: 'López', apeMat: '' })
      .where(eq(collaborators.idColaborador, c.idColaborador))
    await t.db.update(coverages).set({ descripcion: `${start}Cobertura` }).where(eq(coverages.idCobertura, c.coverage.idCobertura))
    await setFecha(c.claim.idEvento, '2035-02-10T12:00:00Z')

    const res = await report(sessionOf(exec), 'initDate=2035-02-01&endDate=2035-02-28')
    expect(res.statusCode).toBe(200)
    const lines = rowsOf(res.body)
    expect(lines).toHaveLength(2)
    const cells = parseLine(lines[1]!)
    expect(cells[1]).toBe(`C${c.claim.idEvento}`)
    expect([cells[3], cells[4], cells[9], cells[10]]).toEqual([
      `'${start}Nombre López`,
      `'${start}Cobertura`,
      `'${start}Ejecutivo Uno`,
      `'${start}Proveedor`,
    ])

    const batched = streamReport(t.db, 'pglite', { initDate: '2035-02-01', endDate: '2035-02-28', idEjecutivo: exec.idUser })
    const chunks: Buffer[] = []
    for await (const chunk of batched) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).toString('utf8')).toBe(res.body)
  })

  it("gives an executive only their own claims, and the administrator and the partner everyone's", async () => {
    const mine = await createUser(t.db, 0)
    const theirs = await createUser(t.db, 0)
    const admin = await createUser(t.db, 1)
    const partner = await createUser(t.db, 4)
    const a = await createClaim(t.db, { idEjecutivo: mine.idUser })
    const b = await createClaim(t.db, { idEjecutivo: theirs.idUser })
    await setFecha(a.claim.idEvento, '2033-05-05T10:00:00Z')
    await setFecha(b.claim.idEvento, '2033-05-06T10:00:00Z')
    const range = 'initDate=2033-05-01&endDate=2033-05-31'
    const claimIds = (csv: string) => rowsOf(csv).slice(1).map((l) => parseLine(l)[1])
    expect(claimIds((await report(sessionOf(mine), range)).body)).toEqual([`C${a.claim.idEvento}`])
    expect(claimIds((await report(sessionOf(admin), range)).body)).toEqual([`C${a.claim.idEvento}`, `C${b.claim.idEvento}`])
    expect(claimIds((await report(sessionOf(partner), range)).body)).toEqual([`C${a.claim.idEvento}`, `C${b.claim.idEvento}`])
    const provider = await createProvider(t.db)
    expect((await report(sessionOf(provider.user), range)).statusCode).toBe(403)
    expect((await report({ kind: 'collaborator', idColaborador: a.idColaborador, idEvento: a.claim.idEvento, rol: 2 }, range)).statusCode).toBe(403)
    expect((await report(null, range)).statusCode).toBe(401)
  })

  it('answers only the header for an empty range', async () => {
    const admin = await createUser(t.db, 1)
    const res = await report(sessionOf(admin), 'initDate=1999-01-01&endDate=1999-01-02')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(`${BOM}${HEADER}\n`)
  })

  it('refuses missing, malformed, impossible and inverted dates with a Spanish 400', async () => {
    const admin = await createUser(t.db, 1)
    const cases: [string, RegExp][] = [
      ['initDate=2031-01-01', /^Fecha de fin: Campo requerido$/],
      ['endDate=2031-01-01', /^Fecha de inicio: Campo requerido$/],
      ['initDate=01/01/2031&endDate=2031-01-31', /^Fecha inválida/],
      ['initDate=2031-02-30&endDate=2031-03-01', /^Fecha inválida/],
      ['initDate=2031-13-01&endDate=2031-12-01', /^Fecha inválida/],
      ['initDate=2031-03-02&endDate=2031-03-01', /^La fecha de inicio no puede ser posterior/],
      ["initDate=2031-01-01'--&endDate=2031-01-02", /^Fecha de inicio: El texto excede 10 caracteres$/],
      ['initDate=2031-01-01&endDate=2031-01-02&idEjecutivo=1', /^Campo no permitido: idEjecutivo$/],
    ]
    for (const [query, reason] of cases) {
      const res = await report(sessionOf(admin), query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().reason, query).toMatch(reason)
    }
  })

  it('streams a large range completely, and the keyset batches give the same bytes as the route', async () => {
    const admin = await createUser(t.db, 1)
    const base = await createClaim(t.db, { idEjecutivo: admin.idUser, montoAutorizado: 1 })
    await setFecha(base.claim.idEvento, '2034-06-01T00:00:00Z')
    // 1,499 more claims on the same coverage, several sharing the same instant (the keyset must not skip ties).
    await t.db.execute(sql`
      insert into claims (id_colaborador, id_cobertura, id_ejecutivo, status_id, beneficiary, email, phone, age, gender,
                          state_id, city_id, monto_autorizado, fecha_ingreso)
      select ${base.idColaborador}, ${base.coverage.idCobertura}, ${admin.idUser}, 1 + (g % 7), 'Beneficiario ' || g,
             'b@correo.com', '6671112233', 30, 1, ${base.stateId}, ${base.municipalityId}, 1,
             timestamptz '2034-06-01 00:00:00+00' + ((g / 3) || ' minutes')::interval
      from generate_series(1, 1499) as g`)
    const query = 'initDate=2034-06-01&endDate=2034-06-30'
    const res = await report(sessionOf(admin), query)
    expect(res.statusCode).toBe(200)
    const lines = rowsOf(res.body)
    expect(lines).toHaveLength(1 + 1500)
    const ids = lines.slice(1).map((l) => parseLine(l)[1])
    expect(new Set(ids).size).toBe(1500)
    // Used amount is the same on every row of the coverage: 1,500 claims of 1 MXN.
    expect(new Set(lines.slice(1).map((l) => parseLine(l)[6]))).toEqual(new Set(['1500.00']))

    const batched = streamReport(t.db, 'pglite', { initDate: '2034-06-01', endDate: '2034-06-30' }, 7)
    const chunks: Buffer[] = []
    for await (const chunk of batched) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).toString('utf8')).toBe(res.body)
    if (usingPostgres()) expect(t.app.dbKind).toBe('postgres')

    if (usingPostgres()) {
      // Aborted downloads give their connection back: 15 aborts on a pool of 10, then a query must still run.
      const pool = (t.db as unknown as { $client: { waitingCount: number; totalCount: number } }).$client
      for (let i = 0; i < 15; i++) {
        const stream = streamReport(t.db, 'postgres', { initDate: '2034-06-01', endDate: '2034-06-30' })
        let seen = 0
        for await (const chunk of stream) {
          seen += (chunk as Buffer).length
          if (seen > 200 || i % 2 === 0) break
        }
      }
      await t.db.execute(sql`select 1`)
      expect(pool.waitingCount).toBe(0)
      expect(pool.totalCount).toBeLessThanOrEqual(10)
    }
  })
})

describe('csv cells', () => {
  it('writes cells like COPY csv: null empty, empty quoted, specials quoted', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell('')).toBe('""')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('di "hola"')).toBe('"di ""hola"""')
    expect(csvCell('línea\nnueva')).toBe('"línea\nnueva"')
    expect(csvCell('simple')).toBe('simple')
  })
})
