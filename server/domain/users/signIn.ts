/** The rows a sign-in reads and the one it may write (a password hash upgraded after a good sign-in). */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { claims, users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect

/** The account whose email, lower-cased, is `emailKey` (the throttle's key for it). */
export async function userByEmailKey(db: Db, emailKey: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${emailKey}`).limit(1)
  return row
}

/** Stores a rehashed password, only if nobody changed the password since `user` was read. */
export async function upgradePasswordHash(db: Db, user: UserRow, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.idUser, user.idUser), eq(users.passwordHash, user.passwordHash)))
}

/** Whether claim `idEvento` is the collaborator's (the collaborator's sign-in). */
export async function isCollaboratorClaim(db: Db, idColaborador: number, idEvento: number): Promise<boolean> {
  const [claim] = await db
    .select({ idEvento: claims.idEvento })
    .from(claims)
    .where(and(eq(claims.idEvento, idEvento), eq(claims.idColaborador, idColaborador)))
  return claim !== undefined
}
