/**
 * The user record the app stores after sign-in (spec section 3, "Stored session"). Login answers it, and any route
 * that changes what it shows (e.g. the profile photo) answers a fresh one built here, so the shape lives in one place.
 *
 * Collaborators have no users row: their record has idUser 0 (never a real serial id), rol '2', userType
 * 'Colaborador', their idColaborador and the claim they signed in with as idEvento.
 */
import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { collaborators, providers, users } from '../db/schema'
import { ROLE, USER_TYPE_BY_ROLE, type StaffRoleCode } from '../../domain/roles'
import type { SessionUser } from '../../domain/contract/auth'

export type { SessionUser }

/** idUser of every collaborator session record. */
const COLLABORATOR_ID_USER = 0

/** A users row holds a staff role; any other code reads as the retail partner's ("any other role", spec 6). */
export const staffRoleOf = (rol: number): StaffRoleCode =>
  rol === ROLE.executive || rol === ROLE.admin || rol === ROLE.provider ? rol : ROLE.partner

/** Public URL of a stored profile photo (served by the files routes), or null for the default image. */
export const photoUrl = (fotoKey: string | null | undefined): string | null => (fotoKey ? `/api/file/photo/${fotoKey}` : null)

type UserRow = typeof users.$inferSelect

export async function sessionUserForUser(db: Db | Tx, user: UserRow): Promise<SessionUser> {
  const rol = staffRoleOf(user.rol)
  let idProveedor: number | null = null
  if (rol === ROLE.provider) {
    const [provider] = await db.select({ id: providers.idProveedor }).from(providers).where(eq(providers.userId, user.idUser))
    idProveedor = provider?.id ?? null
  }
  return {
    idUser: user.idUser,
    nombre: user.nombre,
    nombre2: user.nombre2,
    apePat: user.apePat,
    apeMAt: user.apeMat,
    email: user.email,
    foto: photoUrl(user.fotoKey),
    userType: USER_TYPE_BY_ROLE[rol],
    rol: `${rol}`,
    idColaborador: null,
    idEvento: null,
    idProveedor,
  }
}

/** The record of a signed-in user, or null when the row is gone. */
export async function loadSessionUser(db: Db | Tx, idUser: number): Promise<SessionUser | null> {
  const [user] = await db.select().from(users).where(eq(users.idUser, idUser))
  return user ? sessionUserForUser(db, user) : null
}

export async function sessionUserForCollaborator(db: Db | Tx, idColaborador: number, idEvento: number): Promise<SessionUser | null> {
  const [c] = await db.select().from(collaborators).where(eq(collaborators.idColaborador, idColaborador))
  if (!c) return null
  return {
    idUser: COLLABORATOR_ID_USER,
    nombre: c.nombre,
    nombre2: c.nombre2,
    apePat: c.apePat,
    apeMAt: c.apeMat,
    email: c.email,
    foto: null,
    userType: USER_TYPE_BY_ROLE[ROLE.collaborator],
    rol: `${ROLE.collaborator}`,
    idColaborador,
    idEvento,
    idProveedor: null,
  }
}
