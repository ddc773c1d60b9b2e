/**
 * Claim and invoice lists: totals and pages for every kind of search (none, claim number, name), including pages
 * deep in the list, and that each listed record equals the claim's by-id record (used and available amounts too).
 * Guards the narrow count and the deferred join of listClaimRecords / listInvoiceCards.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { useTestApp } from './helpers/testApp'
import { attachInvoice, authHeaders, createClaim, createProvider, createUser, sessionOf } from './helpers/fixtures'
import { claims, collaborators, coverages } from '../../server/db/schema'
import type { Session } from '../../server/auth/roles'

const t = useTestApp()

async function call(session: Session, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/event${url}`, headers: await authHeaders(t.app, session) })
  expect(res.statusCode, url).toBe(200)
  return (res.json() as { response: any }).response
}

/** Every page of a list, walked with `pageSize`, and the total each page reported. */
async function walk(session: Session, url: string, pageSize: number) {
  const ids: number[] = []
  const totals = new Set<number>()
  const sep = url.includes('?') ? '&' : '?'
  for (let page = 1; ; page++) {
    const answer = await call(session, `${url}${sep}page=${page}&pageSize=${pageSize}`)
    totals.add(answer.total)
    if (answer.items.length === 0) break
    ids.push(...answer.items.map((i: any) => i.idEvento))
  }
  return { ids, totals: [...totals] }
}

describe('claim and invoice lists', () => {
  it('count, page and order the same for no search, a claim number and a name found in each joined table', async () => {
    const admin = await createUser(t.db, 1)
    const exec = await createUser(t.db, 0)
    const { provider } = await createProvider(t.db)
    const mine: Awaited<ReturnType<typeof createClaim>>[] = []
    for (let i = 0; i < 23; i++) {
      mine.push(await createClaim(t.db, { idEjecutivo: exec.idUser, statusId: 9, idProveedor: provider.idProveedor, montoAutorizado: 1_000 + i }))
    }
    // a second live claim on one coverage, so its used amount sums two claims
    await t.db.insert(claims).values({ ...mine[3]!.claim, idEvento: undefined, montoAutorizado: 500 })
    const newestFirst = (await t.db.select({ id: claims.idEvento }).from(claims).where(eq(claims.idEjecutivo, exec.idUser)))
      .map((r) => r.id)
      .sort((a, b) => b - a)

    // 'Zafir' in a coverage description, a collaborator's name and a beneficiary
    const byCoverage = [2, 5, 13, 20].map((i) => mine[i]!)
    for (const c of byCoverage) await t.db.update(coverages).set({ descripcion: 'Óptica Zafiro' }).where(eq(coverages.idCobertura, c.claim.idCobertura))
    await t.db.update(collaborators).set({ nombre2: 'Zafirina' }).where(eq(collaborators.idColaborador, mine[7]!.claim.idColaborador))
    await t.db.update(claims).set({ beneficiary: 'Zafiro Pérez' }).where(eq(claims.idEvento, mine[9]!.claim.idEvento))
    const zafir = [...byCoverage, mine[7]!, mine[9]!].map((c) => c.claim.idEvento).sort((a, b) => b - a)

    const all = await walk(sessionOf(exec), `/executive/${exec.idUser}`, 4)
    expect(all).toEqual({ ids: newestFirst, totals: [newestFirst.length] })
    const byName = await walk(sessionOf(exec), `/executive/${exec.idUser}?q=zafir`, 4)
    expect(byName).toEqual({ ids: zafir, totals: [zafir.length] })
    const target = mine[11]!.claim.idEvento
    expect(await walk(sessionOf(exec), `/executive/${exec.idUser}?q=C${target}`, 4)).toEqual({ ids: [target], totals: [1] })
    expect(await walk(sessionOf(exec), `/executive/${exec.idUser}?q=nadie-se-llama-asi`, 4)).toEqual({ ids: [], totals: [0] })

    // a deep page carries the same records as the by-id answer, amounts included
    const last = await call(sessionOf(exec), `/executive/${exec.idUser}?page=6&pageSize=4`)
    expect(last.items.map((i: any) => i.idEvento)).toEqual(newestFirst.slice(20, 24))
    for (const item of last.items) expect(await call(sessionOf(admin), `/by-id/${item.idEvento}`)).toMatchObject(item)
    const shared = (last.items as any[]).find((i) => i.idEvento === mine[3]!.claim.idEvento)
    expect(shared.montoUtilizado).toBe(1_003 + 500)

    // invoices: the same for the invoice list, ordered by invoice, newest first
    const invoiced = [1, 2, 7, 9, 15].map((i) => mine[i]!.claim.idEvento)
    const invoiceOf = new Map<number, number>()
    for (const id of invoiced) invoiceOf.set((await attachInvoice(t.db, t.app.fileStore, id, provider.idProveedor)).idFactura, id)
    const byInvoice = [...invoiceOf.keys()].sort((a, b) => b - a).map((f) => invoiceOf.get(f)!)
    const invoicesByName = await walk(sessionOf(admin), '/invoices/all?q=zafir', 2)
    expect(invoicesByName).toEqual({ ids: byInvoice.filter((id) => zafir.includes(id)), totals: [3] })
    expect(await walk(sessionOf(admin), `/invoices/all?q=${invoiced[3]}`, 2)).toEqual({ ids: [invoiced[3]], totals: [1] })
    const allInvoices = await walk(sessionOf(admin), '/invoices/all', 2)
    expect(allInvoices.ids.filter((id) => invoiced.includes(id))).toEqual(byInvoice)
    expect(allInvoices.totals).toEqual([allInvoices.ids.length])
    const deep = await call(sessionOf(admin), `/invoices/all?page=${Math.ceil(allInvoices.ids.length / 2)}&pageSize=2`)
    for (const card of deep.items as any[]) {
      const record = await call(sessionOf(admin), `/by-id/${card.idEvento}`)
      expect(card).toMatchObject({ montoUtilizado: record.montoUtilizado, montoDisponible: record.montoDisponible, descripcion: record.descripcion })
    }
  })
})
