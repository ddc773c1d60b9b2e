/**
 * /api/auth (spec section 7): the role sign-in, the collaborator sign-in, the token refresh, and the administrator's
 * sign-up of executive and provider accounts. Also the stored session user (spec section 3 'Stored session'): what
 * a sign-in answers, what GET /api/user/me answers, and what the browser keeps under the `user` key.
 */
import { ROLE, USER_TYPES, type RoleCode } from '../roles'
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../rules'
import { SignupExecutive, SignupProvider } from './accounts'
import { defineCall } from './call'
import { MAX_INT4, NullableInt, NullableText, Strict, Text, TextEnum, Type, type Static } from './schema'

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

export const LoginResponse = Type.Object({ user: SessionUser, accessToken: Text })
export type LoginResponse = Static<typeof LoginResponse>

/** The role sign-in: `role` is the code the role catalogue gave for the chosen name. */
export const LoginBody = Strict({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  role: Type.Integer({ minimum: ROLE.executive, maximum: ROLE.partner }),
})
export type LoginBody = Static<typeof LoginBody>

export const CollaboratorLoginBody = Strict({
  idColaborador: Type.Integer({ minimum: 0, maximum: MAX_INT4 }),
  numProcedure: Type.Integer({ minimum: 0, maximum: MAX_INT4 }),
})
export type CollaboratorLoginBody = Static<typeof CollaboratorLoginBody>

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Inicia sesión con correo, contraseña y rol',
    body: LoginBody,
    response: LoginResponse,
  }),
  collaboratorLogin: defineCall({
    method: 'POST',
    path: '/api/auth/login-colaborator',
    summary: 'Inicia sesión de un colaborador con su número y el de su trámite',
    body: CollaboratorLoginBody,
    response: LoginResponse,
  }),
  refreshToken: defineCall({
    method: 'POST',
    path: '/api/auth/refresh-token',
    summary: 'Renueva el token de la sesión (también en el encabezado x-new-access-token)',
    response: Type.Object({ accessToken: Text }),
  }),
  signupExecutive: defineCall({
    method: 'POST',
    path: '/api/auth/signup-executive',
    summary: 'Crea un ejecutivo (administrador)',
    body: SignupExecutive,
    response: Type.Object({ idUser: Type.Integer() }),
  }),
  signupProvider: defineCall({
    method: 'POST',
    path: '/api/auth/signup-provider',
    summary: 'Crea un proveedor con su cuenta (administrador)',
    body: SignupProvider,
    response: Type.Object({ insertId: Type.Integer() }),
  }),
} as const
