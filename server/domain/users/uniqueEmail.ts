/**
 * One account per email, for every account kind (executives, providers): a taken email is refused before the
 * insert or update, and a concurrent write of the same email, which loses at the unique index, is answered the same.
 */
import type { Db, Tx } from '../../db/client'
import { MESSAGES } from '../../../domain/rules'
import { conflict } from '../../lib/errors'
import { isUniqueViolation } from './dbErrors'
import { emailTaken } from './usersRepo'

/** 409 'duplicateEmail' when another account (not `exceptUserId`) has this email. */
export async function refuseTakenEmail(db: Db | Tx, email: string, exceptUserId?: number): Promise<void> {
  if (await emailTaken(db, email, exceptUserId)) throw conflict(MESSAGES.duplicateEmail)
}

/** Runs `work`, answering a unique-index violation (a concurrent insert of the same email) like the check would. */
export async function refusingDuplicateEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.duplicateEmail)
    throw err
  }
}
