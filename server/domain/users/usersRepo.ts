/**
 * Reads and writes of users rows for the administration routes: the executives list, email uniqueness and the
 * single-user record. Emails are stored in lower case and compared without case, like the sign-in does.
 */
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { collaborators, users } from '../../db/schema'
import { CLAIM_OWNER_ROLES, ROLE } from '../../../domain/roles'
import { photoUrl } from '../../auth/sessionUser'
import { likeContains } from '../../lib/likeContains'
import { countUpTo } from '../../lib/pageTotal'
import type { Page } from '../../../domain/contract/schema'
import type { CollaboratorPrefill, ExecutiveListItem, UserRecord } from '../../../domain/contract/users'
import type { PageRequest } from '../../../domain/paging'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export async function emailTaken(db: Db | Tx, email: string, exceptUserId?: number): Promise<boolean> {
  const sameEmail = sql`lower(${users.email}) = ${normalizeEmail(email)}`
  const where = exceptUserId === undefined ? sameEmail : and(sameEmail, ne(users.idUser, exceptUserId))
  const [row] = await db.select({ id: users.idUser }).from(users).where(where).limit(1)
  return Boolean(row)
}

const executiveColumns = {
  idUser: users.idUser,
  nombre: users.nombre,
  nombre2: users.nombre2,
  apePat: users.apePat,
  apeMAt: users.apeMat,
  email: users.email,
  telefono: users.telefono,
  activo: users.activo,
  ubicacionLaboral: users.ubicacionLaboral,
}

/** Executives (rol 0) whose full name or email contains `q` (without case), by name. */
export async function listExecutives(db: Db, { q, page, pageSize, countLimit }: PageRequest): Promise<Page<ExecutiveListItem>> {
  const text = q?.trim()
  const fullName = sql`concat_ws(' ', ${users.nombre}, ${users.nombre2}, ${users.apePat}, ${users.apeMat})`
  const where = and(
    eq(users.rol, ROLE.executive),
    text ? or(ilike(fullName, likeContains(text)), ilike(users.email, likeContains(text))) : undefined,
  )
  const [items, counted] = await Promise.all([
    db
      .select(executiveColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.nombre), asc(users.idUser))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countUpTo(db, db.select({ idUser: users.idUser }).from(users).where(where).$dynamic(), countLimit),
  ])
  return { items, ...counted, page, pageSize }
}

export type UserRow = typeof users.$inferSelect

export async function findUser(db: Db | Tx, idUser: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.idUser, idUser))
  return row ?? null
}

/** The record of GET /api/user/:id, never with the password hash. */
export function userRecordOf(row: UserRow): UserRecord {
  return {
    idUser: row.idUser,
    nombre: row.nombre,
    nombre2: row.nombre2,
    apePat: row.apePat,
    apeMAt: row.apeMat,
    email: row.email,
    telefono: row.telefono,
    activo: row.activo,
    ubicacionLaboral: row.ubicacionLaboral,
    rol: String(row.rol),
    foto: photoUrl(row.fotoKey),
  }
}

export async function collaboratorPrefill(db: Db, idColaborador: number): Promise<CollaboratorPrefill | null> {
  const [row] = await db
    .select({
      idColaborador: collaborators.idColaborador,
      nombre: collaborators.nombre,
      nombre2: collaborators.nombre2,
      apePat: collaborators.apePat,
      apeMat: collaborators.apeMat,
      email: collaborators.email,
      telefono: collaborators.telefono,
      edad: collaborators.edad,
      genero: collaborators.genero,
      estado: collaborators.estadoId,
      ciudad: collaborators.municipioId,
    })
    .from(collaborators)
    .where(eq(collaborators.idColaborador, idColaborador))
  return row ?? null
}

/** Whether `idUser` is an account that owns claims (an executive or an administrator). */
export async function isClaimOwner(db: Db, idUser: number): Promise<boolean> {
  const [owner] = await db
    .select({ idUser: users.idUser })
    .from(users)
    .where(and(eq(users.idUser, idUser), inArray(users.rol, [...CLAIM_OWNER_ROLES])))
  return owner !== undefined
}
