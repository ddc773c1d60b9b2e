/**
 * superstruct schemas of the answers the app reads. `type()` (not `object()`) lets the server add fields without
 * breaking older clients; `coerce` normalises what the spec leaves loose (the role code may come as 0 or '0').
 */
import {
  any,
  boolean,
  coerce,
  enums,
  nullable,
  number,
  optional,
  record,
  string,
  type,
  type Infer,
} from 'superstruct'

export const EnvelopeStruct = type({
  success: boolean(),
  response: optional(any()),
  reason: optional(nullable(string())),
})

export const USER_TYPES = ['Ejecutivo', 'Administrador', 'Colaborador', 'Proveedor', 'Socio'] as const
export type UserType = (typeof USER_TYPES)[number]

const RoleCodeStruct = coerce(string(), number(), (value) => String(value))
const OptionalText = optional(nullable(string()))
const OptionalId = optional(nullable(number()))

/** The signed-in user as stored under the `user` key (spec section 3). */
export const SessionUserStruct = type({
  idUser: OptionalId,
  nombre: string(),
  nombre2: OptionalText,
  apePat: OptionalText,
  apeMAt: OptionalText,
  email: OptionalText,
  foto: OptionalText,
  userType: enums(USER_TYPES),
  rol: RoleCodeStruct,
  idColaborador: OptionalId,
  idEvento: OptionalId,
  idProveedor: OptionalId,
})
export type SessionUser = Infer<typeof SessionUserStruct>

export const LoginResponseStruct = type({
  user: SessionUserStruct,
  accessToken: string(),
})
export type LoginResponse = Infer<typeof LoginResponseStruct>

/** Role display name → role code (GET /api/catalog/userRoles). */
export const RoleCatalogStruct = record(string(), number())
export type RoleCatalog = Infer<typeof RoleCatalogStruct>
