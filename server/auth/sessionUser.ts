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

export type UserType = 'Ejecutivo' | 'Administrador' | 'Colaborador' | 'Proveedor' | 'Socio'

export interface SessionUser {
  idUser: number
  nombre: string
  nombre2: string
  apePat: string
  /** Spelled as the app reads it (spec section 3). */
  apeMAt: string
  email: string
  foto: string | null
  userType: UserType
  rol: '0' | '1' | '2' | '3' | '4'
  idColaborador: number | null
  idEvento: number | null
  idProveedor: number | null
}

/** idUser of every collaborator session record. */
export const COLLABORATOR_ID_USER = 0

export const USER_TYPE_BY_ROL: Record<0 | 1 | 2 | 3 | 4, UserType> = {
  0: 'Ejecutivo',
  1: 'Administrador',
  2: 'Colaborador',
  3: 'Proveedor',
  4: 'Socio',
}

/** Public URL of a stored profile photo (served by the files routes), or null for the default image. */
export const photoUrl = (fotoKey: string | null | undefined): string | null => (fotoKey ? `/api/file/photo/${fotoKey}` : null)

type UserRow = typeof users.$inferSelect

export async function sessionUserForUser(db: Db | Tx, user: UserRow): Promise<SessionUser> {
  const rol = user.rol as 0 | 1 | 3 | 4
  let idProveedor: number | null = null
  if (rol === 3) {
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
    userType: USER_TYPE_BY_ROL[rol] ?? 'Socio',
    rol: String(rol) as SessionUser['rol'],
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
    userType: 'Colaborador',
    rol: '2',
    idColaborador,
    idEvento,
    idProveedor: null,
  }
}

const nullableInteger = { type: ['integer', 'null'] } as const

/** JSON schema of SessionUser, for route response schemas. */
export const sessionUserSchema = {
  type: 'object',
  properties: {
    idUser: { type: 'integer' },
    nombre: { type: 'string' },
    nombre2: { type: 'string' },
    apePat: { type: 'string' },
    apeMAt: { type: 'string' },
    email: { type: 'string' },
    foto: { type: ['string', 'null'] },
    userType: { type: 'string', enum: Object.values(USER_TYPE_BY_ROL) },
    rol: { type: 'string', enum: ['0', '1', '2', '3', '4'] },
    idColaborador: nullableInteger,
    idEvento: nullableInteger,
    idProveedor: nullableInteger,
  },
  required: ['idUser', 'nombre', 'nombre2', 'apePat', 'apeMAt', 'email', 'foto', 'userType', 'rol', 'idColaborador', 'idEvento', 'idProveedor'],
} as const
