/**
 * The dictamen of a claim: one PDF plus approved (1) or rejected (0) and a comment. Saving it moves the claim on
 * (approved → Facturación, rejected → Trámite rechazado) through the lifecycle, in the same transaction.
 */
import type { Db } from '../../db/client'
import { dictaminations } from '../../db/schema'
import type { Session } from '../../auth/roles'
import { actorOf } from '../../auth/actor'
import { applyClaimEvent } from '../claimLifecycle'
import type { Dictamination } from '../../../domain/contract/files'
import { findDictamination, lockClaim, toDictaminationEntry, writtenRow } from './claimFiles'

export async function dictaminationOf(db: Db, idEvento: number): Promise<Dictamination | null> {
  const row = await findDictamination(db, idEvento)
  return row ? toDictaminationEntry(row) : null
}

export interface StoredDictamination {
  idEvento: number
  storageKey: string
  nombre: string
  dictaminacion: 0 | 1
  comentario: string | null
}

/** Writes (or replaces) the claim's dictamen; the replaced file's key is for the caller to remove. */
export async function saveDictamination(db: Db, session: Session & { kind: 'user' }, dictamen: StoredDictamination) {
  const { idEvento, storageKey, nombre, dictaminacion, comentario } = dictamen
  return db.transaction(async (tx) => {
    await lockClaim(tx, idEvento)
    const previous = await findDictamination(tx, idEvento)
    const values = { storageKey, nombre, dictaminacion, comentario, createdBy: session.idUser }
    const row = writtenRow(
      await tx
        .insert(dictaminations)
        .values({ idEvento, ...values })
        .onConflictDoUpdate({ target: dictaminations.idEvento, set: values })
        .returning(),
    )
    const stage = await applyClaimEvent(tx, {
      idEvento,
      event: { type: 'dictamen.save', approved: dictaminacion === 1 },
      actor: actorOf(session),
    })
    return { dictamination: toDictaminationEntry(row), statusId: stage.statusId, replacedKeys: previous ? [previous.storageKey] : [] }
  })
}
