/**
 * The signed-in user (spec section 3 'Stored session'): what a sign-in answers (./auth.ts), what GET /api/user/me
 * answers, and what the browser keeps under the `user` key. A module of its own so the sign-in page, which checks
 * the stored user at start, does not carry the sign-in calls' schemas (issue 24).
 */
import { ROLE, USER_TYPES, type RoleCode } from '../roles'
import { NullableInt, NullableText, Text, TextEnum, Type, type Static } from './schema'

/** The role code as the session carries it: text, '0' to '4' (spec section 3). */
const ROLE_TEXTS = Object.values(ROLE).map((code): `${RoleCode}` => `${code}`)

/**
 * The signed-in user (spec section 3 'Stored session'). Collaborators have no users row: their record has idUser 0,
 * rol '2', userType 'Colaborador', their idColaborador and the claim they signed in with as idEvento.
 */
export const SessionUser = Type.Object({
  idUser: Type.Integer(),
  nombre: Text,
  nombre2: Text,
  apePat: Text,
  /** Spelled as the app reads it (spec section 3). */
  apeMAt: Text,
  email: Text,
  /** The photo's address, or null for the default image. */
  foto: NullableText,
  userType: TextEnum(USER_TYPES),
  rol: TextEnum(ROLE_TEXTS),
  idColaborador: NullableInt,
  idEvento: NullableInt,
  idProveedor: NullableInt,
})
export type SessionUser = Static<typeof SessionUser>
