/**
 * Bulk approval of invoices (issue 23): each claim goes through the same path as one approval — the administrator's
 * access to the claim, then `approveInvoice` in its own transaction (the invoice exists and waits, the three
 * documents are there, the lifecycle admits 'invoice.approve') — so nothing is approved that one approval would
 * refuse, and one refusal leaves the others approved. A refusal's reason is the one the single approval gives.
 */
import type { Db } from '../../db/client'
import type { Session } from '../../auth/roles'
import { loadClaimFor } from '../../auth/claimAccess'
import { AppError } from '../../lib/errors'
import { approveInvoice } from '../claims/invoices'
import type { BulkApprovalResult } from '../../../domain/contract/serviceLevels'

export async function approveInvoices(db: Db, session: Session, idEventos: readonly number[]): Promise<BulkApprovalResult> {
  const result: BulkApprovalResult = { aprobados: [], rechazados: [] }
  // One after another: each claim is locked and changed in its own transaction, like a single approval.
  for (const idEvento of idEventos) {
    try {
      await loadClaimFor(db, session, idEvento, 'write')
      const { statusId } = await approveInvoice(db, session, idEvento)
      result.aprobados.push({ idEvento, statusId })
    } catch (error) {
      // A refusal (4xx) names why; anything else is the server's fault and fails the request like any other.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error
      result.rechazados.push({ idEvento, motivo: error.reason })
    }
  }
  return result
}
