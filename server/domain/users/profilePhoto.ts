/**
 * A user's profile photo: users.foto_key is switched in one transaction (the old photo is removed by the caller
 * only after it commits), and a key is served only while some user has it as foto_key.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { notFound } from '../../lib/errors'

export async function setProfilePhoto(db: Db, idUser: number, key: string): Promise<{ replacedKeys: string[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ fotoKey: users.fotoKey }).from(users).where(eq(users.idUser, idUser)).for('update')
    if (!current) throw notFound('No se encontró el usuario')
    await tx.update(users).set({ fotoKey: key }).where(eq(users.idUser, idUser))
    return { replacedKeys: current.fotoKey ? [current.fotoKey] : [] }
  })
}

/** Whether some user has this key as their photo (a claim PDF's key, even if guessed, is not one). */
export async function isProfilePhoto(db: Db, key: string): Promise<boolean> {
  const [owner] = await db.select({ idUser: users.idUser }).from(users).where(eq(users.fotoKey, key)).limit(1)
  return owner !== undefined
}
