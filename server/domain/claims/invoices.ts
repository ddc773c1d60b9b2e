/**
 * The provider's invoice of a claim (one per claim, replaceable while in review) and its approval by an
 * administrator. Upload → Factura en revisión, approval → Trámite concluido, both through the lifecycle, whose
 * `invoice.approve` guard (the three documents) is asked first so the refusal keeps its own reason.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { invoices } from '../../db/schema'
import type { Session } from '../../auth/roles'
import { actorOf } from '../../auth/actor'
import { applyClaimEvent, loadDocumentStatuses } from '../claimLifecycle'
import { hasAllThreeDocuments } from '../../../machines/claimLifecycle.machine'
import { conflict, notFound } from '../../lib/errors'
import { findInvoiceByClaim, lockClaim } from './claimFiles'

export const INVOICE_NOT_FOUND = 'No se encontró la factura del trámite'
const INVOICE_ALREADY_APPROVED = 'La factura de este trámite ya fue aprobada'
const INVOICE_MISSING_DOCUMENTS = 'No se puede aprobar la factura: faltan documentos del trámite'

export async function approveInvoice(db: Db, session: Session, idEvento: number): Promise<{ statusId: number }> {
  return db.transaction(async (tx) => {
    await lockClaim(tx, idEvento)
    const invoice = await findInvoiceByClaim(tx, idEvento)
    if (!invoice) throw notFound(INVOICE_NOT_FOUND)
    if (invoice.status === 1) throw conflict(INVOICE_ALREADY_APPROVED)
    if (!hasAllThreeDocuments(await loadDocumentStatuses(tx, idEvento))) throw conflict(INVOICE_MISSING_DOCUMENTS)
    await tx
      .update(invoices)
      .set({ status: 1, approvedAt: sql`now()` })
      .where(eq(invoices.idFactura, invoice.idFactura))
    const stage = await applyClaimEvent(tx, { idEvento, event: { type: 'invoice.approve' }, actor: actorOf(session) })
    return { statusId: stage.statusId }
  })
}

export interface StoredInvoice {
  idEvento: number
  idProveedor: number
  storageKey: string
  nombre: string
}

/** Writes (or replaces, while not approved) the claim's invoice; the replaced file's key is for the caller to remove. */
export async function saveInvoice(db: Db, session: Session, invoice: StoredInvoice): Promise<{ replacedKeys: string[] }> {
  const { idEvento, idProveedor, storageKey, nombre } = invoice
  return db.transaction(async (tx) => {
    await lockClaim(tx, idEvento)
    const previous = await findInvoiceByClaim(tx, idEvento)
    if (previous?.status === 1) throw conflict(INVOICE_ALREADY_APPROVED)
    if (previous) {
      await tx
        .update(invoices)
        .set({ storageKey, nombre, idProveedor, status: 0, createdAt: sql`now()` })
        .where(eq(invoices.idFactura, previous.idFactura))
    } else {
      await tx.insert(invoices).values({ idEvento, idProveedor, storageKey, nombre, status: 0 })
    }
    await applyClaimEvent(tx, { idEvento, event: { type: 'invoice.upload' }, actor: actorOf(session) })
    return { replacedKeys: previous ? [previous.storageKey] : [] }
  })
}
