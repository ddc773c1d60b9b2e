/**
 * Creating and editing executives (users with rol 0). Executives are never deleted: deactivation (activo = 1) is
 * the delete of the app, and it, like a password change, bumps the token version so every open session ends.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { ROLE } from '../../../domain/roles'
import { endExistingSessions } from '../../auth/passwords'
import { notFound } from '../../lib/errors'
import { normalizeEmail } from './usersRepo'
import { refuseTakenEmail, refusingDuplicateEmail } from './uniqueEmail'

const EXECUTIVE_NOT_FOUND = 'No se encontró el ejecutivo'

export interface ExecutiveData {
  nombre: string
  telefono: string
  email: string
  activo: 0 | 1
  ubicacionLaboral: string
}

function columns(data: ExecutiveData) {
  return {
    nombre: data.nombre.trim(),
    telefono: data.telefono,
    email: normalizeEmail(data.email),
    activo: data.activo,
    ubicacionLaboral: data.ubicacionLaboral,
  }
}

export async function createExecutive(db: Db, data: ExecutiveData, passwordHash: string): Promise<number> {
  return refusingDuplicateEmail(() =>
    db.transaction(async (tx) => {
      await refuseTakenEmail(tx, data.email)
      const [row] = await tx
        .insert(users)
        .values({ ...columns(data), rol: ROLE.executive, passwordHash })
        .returning({ idUser: users.idUser })
      return row!.idUser
    }),
  )
}

/** Updates an executive; `passwordHash` null keeps the current password. */
export async function updateExecutive(db: Db, idUser: number, data: ExecutiveData, passwordHash: string | null): Promise<void> {
  await refusingDuplicateEmail(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ idUser: users.idUser })
        .from(users)
        .where(and(eq(users.idUser, idUser), eq(users.rol, ROLE.executive)))
        .for('update')
      if (!current) throw notFound(EXECUTIVE_NOT_FOUND)
      await refuseTakenEmail(tx, data.email, idUser)
      const endsSessions = passwordHash !== null || data.activo === 1
      await tx
        .update(users)
        .set({
          ...columns(data),
          ...(passwordHash !== null ? { passwordHash } : {}),
          ...(endsSessions ? endExistingSessions() : {}),
        })
        .where(eq(users.idUser, idUser))
    }),
  )
}
