/**
 * /api/event answers: procedure search, fund summary, claim detail, status history, letter data and update,
 * provider by claim and assignment, invoices, and the claim lists with pagination and search.
 */
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import {
  attachDictamination,
  attachInvoice,
  authHeaders,
  createClaim,
  createCollaboratorWithCoverage,
  createProvider,
  createUser,
  sessionOf,
} from './helpers/fixtures'
import { claimLetters, claims, coverages, providers, statusHistory } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

async function call(session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/event${url}`, headers: await authHeaders(t.app, session), payload: payload as never })
  return { status: res.statusCode, body: res.json() as { success: boolean; response: any; reason: string }, headers: res.headers }
}

async function historyOf(idEvento: number) {
  return t.db
    .select({ statusId: statusHistory.statusId, actor: statusHistory.actor })
    .from(statusHistory)
    .where(eq(statusHistory.idEvento, idEvento))
    .orderBy(statusHistory.id)
}

async function stageOf(idEvento: number) {
  const [row] = await t.db.select({ statusId: claims.statusId }).from(claims).where(eq(claims.idEvento, idEvento))
  return row!.statusId
}

/** A second claim on an existing coverage, at a stage, straight into the database. */
async function addClaimOn(base: Awaited<ReturnType<typeof createClaim>>, idEjecutivo: number, statusId: number, montoAutorizado: number) {
  const [row] = await t.db
    .insert(claims)
    .values({ ...base.claim, idEvento: undefined, idEjecutivo, statusId, montoAutorizado })
    .returning()
  await t.db.insert(statusHistory).values({ idEvento: row!.idEvento, statusId, actor: `user:${idEjecutivo}` })
  return row!
}

describe('procedure search and fund summary', () => {
  it('answers one row per coverage and claim, a null-idEvento row for a coverage without claims, and the stage names', async () => {
    const exec = await createUser(t.db, 0)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 8, montoAutorizado: 12_000, monto: 50_000 })
    const rejected = await addClaimOn(base, exec.idUser, 10, 30_000)
    const [empty] = await t.db
      .insert(coverages)
      .values({ idColaborador: base.idColaborador, descripcion: 'Óptica', monto: 3_000, showCtaBtn: 0 })
      .returning()

    const { status, body } = await call(sessionOf(exec), 'GET', `/get-procedures?idColaborador=${base.idColaborador}`)
    expect(status).toBe(200)
    const rows = body.response as any[]
    expect(rows).toHaveLength(3)
    const withClaims = rows.filter((r) => r.idCobertura === base.coverage.idCobertura)
    expect(withClaims.map((r) => [r.idEvento, r.statusId, r.value, r.montoAutorizado])).toEqual([
      [base.claim.idEvento, 8, 'Trámite concluido', 12_000],
      [rejected.idEvento, 10, 'Trámite rechazado', 30_000],
    ])
    // The rejected claim's amount is not used.
    expect(withClaims[0]).toMatchObject({ monto: 50_000, montoUtilizado: 12_000, montoDisponible: 38_000, showCtaBtn: 1 })
    expect(withClaims[0]).toMatchObject({ nombre: 'María', nombre2: 'Elena', apePat: 'López', apeMAt: 'García' })
    const none = rows.find((r) => r.idCobertura === empty!.idCobertura)
    expect(none).toMatchObject({ idEvento: null, statusId: null, value: null, montoAutorizado: null, showCtaBtn: 0, monto: 3000 })
    // Each claim says who created it, so the app offers 'Abrir el trámite' only where the viewer may open it.
    expect(withClaims.map((r) => r.idEjecutivo)).toEqual([base.claim.idEjecutivo, exec.idUser])
    expect(none.idEjecutivo).toBeNull()
  })

  it('answers one row with idColaborador null for an unknown collaborator', async () => {
    const exec = await createUser(t.db, 0)
    const { status, body } = await call(sessionOf(exec), 'GET', '/get-procedures?idColaborador=123456789')
    expect(status).toBe(200)
    expect(body.response).toHaveLength(1)
    expect(body.response[0].idColaborador).toBeNull()
  })

  it('searches by collaborator name, and refuses a search with neither or both parameters', async () => {
    const exec = await createUser(t.db, 0)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser })
    const byName = await call(sessionOf(exec), 'GET', `/get-procedures?nombreColaborador=${encodeURIComponent('maría elena')}`)
    expect(byName.status).toBe(200)
    expect((byName.body.response as any[]).map((r) => r.idColaborador)).toContain(base.idColaborador)
    const nobody = await call(sessionOf(exec), 'GET', '/get-procedures?nombreColaborador=Zzyzx')
    expect(nobody.body.response[0].idColaborador).toBeNull()
    const neither = await call(sessionOf(exec), 'GET', '/get-procedures')
    expect(neither.status).toBe(400)
    expect(neither.body.reason).toMatch(/Campo requerido/)
    const both = await call(sessionOf(exec), 'GET', `/get-procedures?idColaborador=1&nombreColaborador=ana`)
    expect(both.status).toBe(400)
  })

  it('answers the fund summary of a coverage, excluding rejected claims, and 404 for another collaborator', async () => {
    const exec = await createUser(t.db, 0)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 8, montoAutorizado: 7_500.5, monto: 20_000 })
    await addClaimOn(base, exec.idUser, 10, 5_000)
    const { status, body } = await call(sessionOf(exec), 'GET', `/${base.idColaborador}/${base.coverage.idCobertura}`)
    expect(status).toBe(200)
    expect(body.response[0]).toMatchObject({ monto: 20_000, montoUtilizado: 7_500.5, montoDisponible: 12_499.5 })
    const other = await createCollaboratorWithCoverage(t.db)
    expect((await call(sessionOf(exec), 'GET', `/${other.idColaborador}/${base.coverage.idCobertura}`)).status).toBe(404)
    expect((await call(sessionOf(exec), 'GET', `/abc/${base.coverage.idCobertura}`)).status).toBe(400)
  })
})

describe('one claim', () => {
  it('answers the claim record with stage name, coverage figures, provider and service, without caching', async () => {
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 6, idProveedor: provider.idProveedor, montoAutorizado: 4_000, monto: 10_000 })
    await t.db.update(claims).set({ servicioId: provider.servicioId }).where(eq(claims.idEvento, base.claim.idEvento))
    const res = await call(sessionOf(exec), 'GET', `/by-id/${base.claim.idEvento}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body.response).toMatchObject({
      idEvento: base.claim.idEvento,
      idColaborador: base.idColaborador,
      idCobertura: base.coverage.idCobertura,
      idEjecutivo: exec.idUser,
      statusId: 6,
      value: 'Carta autorización',
      descripcion: 'Gastos médicos mayores',
      monto: 10_000,
      montoAutorizado: 4_000,
      usedAmount: 4_000,
      montoUtilizado: 4_000,
      montoDisponible: 6_000,
      servicio: 'Consulta médica',
      nombreProveedor: provider.nombreProveedor,
      idProveedor: provider.idProveedor,
      nombreColaborador: 'María Elena López García',
      tipo: 'Digital',
    })
    expect(res.body.response.fechaIngreso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect((await call(sessionOf(exec), 'GET', '/by-id/999999')).status).toBe(404)
  })

  it('answers the status history oldest first with stage names', async () => {
    const exec = await createUser(t.db, 0)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 1 })
    await t.db.insert(statusHistory).values([
      { idEvento: base.claim.idEvento, statusId: 2, actor: 'colaborador:1', fecha: sql`now() + interval '1 minute'` as never },
      { idEvento: base.claim.idEvento, statusId: 3, actor: 'colaborador:1', fecha: sql`now() + interval '2 minutes'` as never },
    ])
    const { status, body } = await call(sessionOf(exec), 'GET', `/get-status/${base.claim.idEvento}`)
    expect(status).toBe(200)
    expect(body.response.map((h: any) => [h.status, h.value])).toEqual([
      [1, 'Trámite iniciado'],
      [2, 'Carga de documentos'],
      [3, 'Validación de documentos'],
    ])
    expect(new Date(body.response[0].fecha).getTime()).toBeLessThan(new Date(body.response[2].fecha).getTime())
  })

  it('says who moved each stage: names for the office, roles only for the collaborator', async () => {
    const exec = await createUser(t.db, 0, { nombre: 'Ana', apePat: 'Soto', apeMat: 'Ruiz' })
    const admin = await createUser(t.db, 1, { nombre: 'Mariana', apePat: 'López' })
    const { provider } = await createProvider(t.db, { nombreProveedor: 'Hospital San Rafael' })
    const partner = await createUser(t.db, 4)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 1, idProveedor: provider.idProveedor })
    const later = (minutes: number) => sql`now() + make_interval(mins => ${minutes})` as never
    await t.db.insert(statusHistory).values([
      { idEvento: base.claim.idEvento, statusId: 2, actor: `colaborador:${base.idColaborador}`, fecha: later(1) },
      { idEvento: base.claim.idEvento, statusId: 6, actor: `user:${admin.idUser}`, fecha: later(2) },
      { idEvento: base.claim.idEvento, statusId: 9, actor: `user:${provider.userId}`, fecha: later(3) },
      { idEvento: base.claim.idEvento, statusId: 8, actor: 'sistema', fecha: later(4) },
    ])
    const actors = async (session: Session) => {
      const { status, body } = await call(session, 'GET', `/get-status/${base.claim.idEvento}`)
      expect(status).toBe(200)
      return body.response.map((h: any) => h.actor)
    }
    const staffView = ['Ejecutivo: Ana Soto Ruiz', 'Colaborador', 'Administrador: Mariana López', 'Proveedor: Hospital San Rafael', null]
    expect(await actors(sessionOf(exec))).toEqual(staffView)
    expect(await actors(sessionOf(partner))).toEqual(staffView)
    const collaborator: Session = { kind: 'collaborator', idColaborador: base.idColaborador, idEvento: base.claim.idEvento, rol: 2 }
    expect(await actors(collaborator)).toEqual(['Ejecutivo', 'Colaborador', 'Administrador', 'Proveedor', null])
  })
})

describe('authorization letter', () => {
  const letter = {
    fechaIngreso: '2026-01-15',
    nombreMedico: 'Dr. Juan Pérez',
    tipoServicio: 1,
    tipoAtencion: 3,
    tipoAtencion2: 4,
    tipoPadecimiento: 6,
    diagnostico: 'Hipertensión arterial',
    observaciones: null,
    deducibleHospital: 1500,
    coaseguroHospital: 10,
    medicoEsp: 'Cardiología',
    medicoProcedimiento: 'Consulta y electrocardiograma',
    medicoMonto: 2_300.75,
    medicoHonorariosAsegurado: 800,
    vigenciaDesde: '2026-01-15',
    vigenciaHasta: '2026-06-30',
    limiteFacturacion: '2026-07-31',
  }

  it('saves the letter in Carta autorización without a stage change, and answers it in fullData with provider, place and dictamen', async () => {
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 6, idProveedor: provider.idProveedor })
    await t.db.update(claims).set({ servicioId: provider.servicioId }).where(eq(claims.idEvento, base.claim.idEvento))
    await attachDictamination(t.db, t.app.fileStore, base.claim.idEvento, exec.idUser, 1)

    const saved = await call(sessionOf(exec), 'PUT', '/update', { idEvento: base.claim.idEvento, ...letter })
    expect(saved.status).toBe(200)
    expect(saved.body.response).toEqual({ idEvento: base.claim.idEvento, statusId: 6 })
    expect(await historyOf(base.claim.idEvento)).toHaveLength(1)

    const { body } = await call(sessionOf(exec), 'GET', `/fullData/${base.claim.idEvento}`)
    expect(body.response).toMatchObject({
      ...letter,
      proveedorNombre: provider.nombreProveedor,
      proveedorServicio: 'Consulta médica',
      colaboradorNombre: 'María Elena López García',
      colaboradorId: base.idColaborador,
      edad: 34,
      genero: 2,
      estado: 'Sinaloa',
      ciudad: 'Culiacán',
      dictaminacion: 1,
      montoAutorizado: 10_000,
    })

    // A partial save keeps the other fields.
    const partial = await call(sessionOf(exec), 'PUT', '/update', { idEvento: base.claim.idEvento, diagnostico: 'Arritmia' })
    expect(partial.status).toBe(200)
    const again = await call(sessionOf(exec), 'GET', `/fullData/${base.claim.idEvento}`)
    expect(again.body.response).toMatchObject({ diagnostico: 'Arritmia', nombreMedico: 'Dr. Juan Pérez' })
  })

  it('refuses a letter outside Carta autorización / Facturación with 409 and writes nothing', async () => {
    const exec = await createUser(t.db, 0)
    for (const statusId of [3, 5, 9, 8]) {
      const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId })
      const res = await call(sessionOf(exec), 'PUT', '/update', { idEvento: base.claim.idEvento, ...letter })
      expect(res.status, String(statusId)).toBe(409)
      expect(res.body.reason).toMatch(new RegExp(`^El trámite C${base.claim.idEvento} está en «.+» y no admite esta acción$`))
      expect(await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, base.claim.idEvento))).toEqual([])
    }
  })

  it('refuses out-of-range, unknown, empty and inverted-validity letters with a Spanish 400', async () => {
    const exec = await createUser(t.db, 0)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 7 })
    const id = base.claim.idEvento
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ tipoServicio: 3 }, /^Tipo de servicio: El valor introducido no es válido$/],
      [{ tipoPadecimiento: 0 }, /Tipo de padecimiento/],
      [{ medicoMonto: -1 }, /^Monto: El valor ingresado es menor al permitido\(min\)$/],
      [{ vigenciaDesde: '2026-02-30' }, /^Vigencia desde: Fecha inválida/],
      [{ diagnostico: 'x'.repeat(1001) }, /^Diagnóstico: El texto excede 1000 caracteres$/],
      [{ medicoMonto: 10.005 }, /^Monto: el monto admite como máximo dos decimales$/],
      [{ statusId: 8 }, /^Campo no permitido: statusId$/],
      [{}, /No se recibió ningún dato/],
      [{ vigenciaDesde: '2026-05-01', vigenciaHasta: '2026-04-01' }, /^Vigencia: la fecha inicial/],
    ]
    for (const [fields, reason] of cases) {
      const res = await call(sessionOf(exec), 'PUT', '/update', { idEvento: id, ...fields })
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect(res.body.reason).toMatch(reason)
    }
    expect(await t.db.select().from(claimLetters).where(eq(claimLetters.idEvento, id))).toEqual([])
  })
})

describe('provider assignment', () => {
  it('assigns in Asignación de proveedor → Carta autorización, sets the service, and writes one history row', async () => {
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 5 })
    const id = base.claim.idEvento
    const res = await call(sessionOf(exec), 'PUT', '/assign-provider', { idEvento: id, idProveedor: provider.idProveedor, idEjecutivo: exec.idUser })
    expect(res.status).toBe(200)
    expect(res.body.response).toEqual({ idEvento: id, idProveedor: provider.idProveedor, servicio: provider.servicioId, statusId: 6 })
    expect(await historyOf(id)).toEqual([
      { statusId: 5, actor: `user:${exec.idUser}` },
      { statusId: 6, actor: `user:${exec.idUser}` },
    ])
    const byEvent = await call(sessionOf(exec), 'GET', `/get-provider-by-event/${id}`)
    expect(byEvent.body.response).toEqual({
      servicio: provider.servicioId,
      idProveedor: provider.idProveedor,
      nombreServicio: 'Consulta médica',
      nombreProveedor: provider.nombreProveedor,
    })

    // Reassigning in Carta autorización keeps the stage and writes no history row.
    const { provider: second } = await createProvider(t.db)
    const again = await call(sessionOf(exec), 'PUT', '/assign-provider', { idEvento: id, idProveedor: second.idProveedor })
    expect(again.status).toBe(200)
    expect(again.body.response.statusId).toBe(6)
    expect(await historyOf(id)).toHaveLength(2)
    const [row] = await t.db.select({ idProveedor: claims.idProveedor }).from(claims).where(eq(claims.idEvento, id))
    expect(row!.idProveedor).toBe(second.idProveedor)
  })

  it('refuses an illegal stage (409), an unknown (404), inactive or serviceless provider (409), and a spoofed executive (403), writing nothing', async () => {
    const exec = await createUser(t.db, 0)
    const other = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const { provider: inactive } = await createProvider(t.db, { activo: 1 })
    const { provider: serviceless } = await createProvider(t.db, { servicioId: null })
    const early = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 3 })
    const ready = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 5 })
    const cases: [number, Record<string, unknown>, number, RegExp][] = [
      [early.claim.idEvento, { idProveedor: provider.idProveedor }, 409, /está en «Validación de documentos»/],
      [ready.claim.idEvento, { idProveedor: 999_999 }, 404, /No se encontró el proveedor/],
      [ready.claim.idEvento, { idProveedor: inactive.idProveedor }, 409, /inactivo/],
      [ready.claim.idEvento, { idProveedor: serviceless.idProveedor }, 409, /ningún servicio/],
      [ready.claim.idEvento, { idProveedor: provider.idProveedor, idEjecutivo: other.idUser }, 403, /otro ejecutivo/],
      [ready.claim.idEvento, { idProveedor: provider.idProveedor, servicio: 1 }, 400, /Campo no permitido: servicio/],
    ]
    for (const [idEvento, body, status, reason] of cases) {
      const res = await call(sessionOf(exec), 'PUT', '/assign-provider', { idEvento, ...body })
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.body.reason).toMatch(reason)
    }
    for (const c of [early, ready]) {
      const [row] = await t.db.select().from(claims).where(eq(claims.idEvento, c.claim.idEvento))
      expect(row).toMatchObject({ statusId: c.claim.statusId, idProveedor: null, servicioId: null })
      expect(await historyOf(c.claim.idEvento)).toHaveLength(1)
    }
  })
})

describe('invoices', () => {
  it('lists every invoice card for the administrator and the invoices of one claim with download urls', async () => {
    const admin = await createUser(t.db, 1)
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const base = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 9, idProveedor: provider.idProveedor, montoAutorizado: 2_000, monto: 9_000 })
    const invoice = await attachInvoice(t.db, t.app.fileStore, base.claim.idEvento, provider.idProveedor)

    const all = await call(sessionOf(admin), 'GET', `/invoices/all?q=C${base.claim.idEvento}`)
    expect(all.status).toBe(200)
    const card = (all.body.response.items as any[]).find((i) => i.idFactura === invoice.idFactura)
    expect(card).toMatchObject({
      idEvento: base.claim.idEvento,
      title: `Trámite: C${base.claim.idEvento}`,
      idColaborador: base.idColaborador,
      descripcion: 'Gastos médicos mayores',
      monto: 9_000,
      montoAutorizado: 2_000,
      montoUtilizado: 2_000,
      montoDisponible: 7_000,
      status: 0,
      value: 'Factura en revisión',
      url: `/api/file/download/invoice/${invoice.idFactura}`,
    })

    const one = await call(sessionOf(exec), 'GET', `/invoices/${base.claim.idEvento}`)
    expect(one.status).toBe(200)
    expect(one.body.response).toEqual([
      expect.objectContaining({ idFactura: invoice.idFactura, url: `/api/file/download/invoice/${invoice.idFactura}`, nombre: invoice.nombre, status: 0 }),
    ])
    const download = await t.app.inject({ url: one.body.response[0].url, headers: await authHeaders(t.app, sessionOf(exec)) })
    expect(download.statusCode).toBe(200)
    expect(download.body.startsWith('%PDF-')).toBe(true)
  })
})

describe('claim lists', () => {
  it("lists only the executive's own claims, newest first, paginated, searchable by claim number with a leading C", async () => {
    const exec = await createUser(t.db, 0)
    const other = await createUser(t.db, 0)
    const mine = []
    for (let i = 0; i < 12; i++) mine.push((await createClaim(t.db, { idEjecutivo: exec.idUser })).claim.idEvento)
    const theirs = (await createClaim(t.db, { idEjecutivo: other.idUser })).claim.idEvento

    const first = await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}`)
    expect(first.status).toBe(200)
    expect(first.body.response).toMatchObject({ total: 12, page: 1, pageSize: 10 })
    expect(first.body.response.items.map((c: any) => c.idEvento)).toEqual([...mine].reverse().slice(0, 10))
    const second = await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?page=2&pageSize=10`)
    expect(second.body.response.items.map((c: any) => c.idEvento)).toEqual([...mine].reverse().slice(10))

    const target = mine[4]!
    for (const q of [`C${target}`, `c${target}`, String(target)]) {
      const found = await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?q=${q}`)
      expect(found.body.response.items.map((c: any) => c.idEvento), q).toEqual([target])
    }
    const notMine = await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?q=C${theirs}`)
    expect(notMine.body.response.items.map((c: any) => c.idEvento)).not.toContain(theirs)

    expect((await call(sessionOf(exec), 'GET', `/executive/${other.idUser}`)).status).toBe(403)
    // Paging limits (domain/paging.ts), written out: pages of up to 100 rows, only within the first 10 000 rows
    // (docs/decisions/paged-lists.md: page 1 000 of 10, page 10 000 of 1), search text up to 100 characters.
    const paged = async (query: string) => (await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?${query}`)).status
    expect(await paged('pageSize=100')).toBe(200)
    expect(await paged('pageSize=101')).toBe(400)
    expect(await paged('page=1000')).toBe(200)
    expect(await paged('page=1001')).toBe(400)
    expect(await paged('page=10000&pageSize=1')).toBe(200)
    expect(await paged('page=10001&pageSize=1')).toBe(400)
    expect(await paged(`q=${'1'.repeat(100)}`)).toBe(200)
    expect(await paged(`q=${'1'.repeat(101)}`)).toBe(400)
    expect((await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?page=0`)).status).toBe(400)
    expect((await call(sessionOf(exec), 'GET', `/executive/${exec.idUser}?sort=x`)).status).toBe(400)
  })

  it('lists all claims for the administrator and a provider its assigned ones (by its user id)', async () => {
    const admin = await createUser(t.db, 1)
    const exec = await createUser(t.db, 0)
    const { user, provider } = await createProvider(t.db)
    const assigned = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 7, idProveedor: provider.idProveedor })
    const notAssigned = await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 7 })

    const all = await call(sessionOf(admin), 'GET', '/all?pageSize=100')
    const [count] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(claims)
    expect(all.body.response.total).toBe(count!.n)

    const mine = await call(sessionOf(user), 'GET', `/provider/${user.idUser}`)
    expect(mine.status).toBe(200)
    expect(mine.body.response.items.map((c: any) => c.idEvento)).toEqual([assigned.claim.idEvento])
    expect(mine.body.response.items.map((c: any) => c.idEvento)).not.toContain(notAssigned.claim.idEvento)
    const asAdmin = await call(sessionOf(admin), 'GET', `/provider/${user.idUser}`)
    expect(asAdmin.body.response.total).toBe(1)
    expect((await call(sessionOf(admin), 'GET', `/provider/${exec.idUser}`)).status).toBe(404)
    const [p] = await t.db.select().from(providers).where(eq(providers.idProveedor, provider.idProveedor))
    expect(p!.userId).toBe(user.idUser)
  })
})
