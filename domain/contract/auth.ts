/**
 * /api/auth (spec section 7): the role sign-in, the collaborator sign-in, the token refresh, and the administrator's
 * sign-up of executive and provider accounts. The stored session user (spec section 3 'Stored session'), which a
 * sign-in answers, is in ./session.ts and re-exported here.
 */
import { ROLE } from '../roles'
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../rules'
import { SignupExecutive, SignupProvider } from './accounts'
import { defineCall } from './call'
import { SessionUser } from './session'
import { MAX_INT4, Strict, Text, Type, type Static } from './schema'

// The stored session user has a module of its own (the sign-in page checks the stored one before any API call).
export { SessionUser } from './session'

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
