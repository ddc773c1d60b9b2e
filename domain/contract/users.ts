/**
 * /api/user (spec section 7): the administrators' executive and provider lists, one user's or provider's record,
 * the edits of both (nothing is deleted: deactivating is an edit), the collaborator prefill of a new claim, and the
 * session's own record. Shapes follow spec section 3 'Executive/user' and 'Provider'.
 */
import { SessionUser } from './auth'
import { UpdatedAccount, UpdateExecutive, UpdateProvider } from './accounts'
import { defineCall } from './call'
import { Id, Int, NullableInt, NullableNumber, NullableText, PageOf, PageQuery, Strict, Text, Type, type Static } from './schema'

/** A users row as the administration reads it (never its password hash). */
const accountFields = {
  idUser: Int,
  nombre: Text,
  nombre2: Text,
  apePat: Text,
  /** Spelled as the app reads it (spec section 3). */
  apeMAt: Text,
  email: Text,
  telefono: Text,
  /** 0 Activo, 1 Inactivo. */
  activo: Int,
  ubicacionLaboral: Text,
}

/** One row of the executives list. */
export const ExecutiveListItem = Type.Object(accountFields)
export type ExecutiveListItem = Static<typeof ExecutiveListItem>
export const ExecutivePage = PageOf(ExecutiveListItem)
export type ExecutivePage = Static<typeof ExecutivePage>

/** One row of the providers list. */
export const ProviderListItem = Type.Object({ idProveedor: Int, idUsuario: Int, nombreProveedor: Text, activo: Int, tipo: Int, email: Text })
export type ProviderListItem = Static<typeof ProviderListItem>
export const ProviderPage = PageOf(ProviderListItem)
export type ProviderPage = Static<typeof ProviderPage>

/** A user's record: the account, its role code as text and its photo's address. */
const Account = Type.Object({ ...accountFields, rol: Text, foto: NullableText })

/**
 * A provider's record, with ids for the form's selects and names for the read-only view. Fields of the variant that
 * does not apply (medical or non-medical) are null.
 */
const ProviderRecord = Type.Object({
  idProveedor: Int,
  idUsuario: Int,
  tipo: Int,
  nombreProveedor: Text,
  activo: Int,
  nivel: NullableText,
  tipoEspecialidad: NullableText,
  especialidad: NullableText,
  costoNormal: NullableNumber,
  estudio: NullableText,
  servicio: NullableInt,
  servicioNombre: NullableText,
  contrato: NullableInt,
  contratoYear: NullableInt,
  contratoEstatus: NullableInt,
  estado: Int,
  estadoNombre: NullableText,
  municipio: Int,
  municipioNombre: NullableText,
  colonia: Int,
  coloniaNombre: NullableText,
  calle: Text,
  numeroExterior: Int,
  numeroInterior: NullableText,
  codigoPostal: Int,
  telefono1: Text,
  telefono2: NullableText,
  horarios: Text,
  email: Text,
  observaciones: Text,
  puntosImportantes: NullableText,
})
type ProviderRecord = Static<typeof ProviderRecord>

/** GET /api/user/{id}: the account, plus the provider's fields when it is a provider's (its activo and email agree). */
export const UserRecord = Type.Object({
  ...Account.properties,
  ...Type.Partial(Type.Omit(ProviderRecord, ['activo', 'email'])).properties,
})
export type UserRecord = Static<typeof UserRecord>

/** GET /api/user/provider/{idProveedor}: the provider's record, plus its account's fields. */
export const ProviderWithAccount = Type.Object({
  ...Type.Partial(Type.Omit(Account, ['activo', 'email'])).properties,
  ...ProviderRecord.properties,
})
export type ProviderWithAccount = Static<typeof ProviderWithAccount>

/** The new-claim prefill (spec section 3 'Collaborator'); estado and ciudad are the ids of its location selects. */
export const CollaboratorPrefill = Type.Object({
  idColaborador: Int,
  nombre: Text,
  nombre2: Text,
  apePat: Text,
  apeMat: Text,
  email: Text,
  telefono: Text,
  edad: NullableInt,
  genero: NullableInt,
  estado: NullableInt,
  ciudad: NullableInt,
})
export type CollaboratorPrefill = Static<typeof CollaboratorPrefill>

export const userCalls = {
  executives: defineCall({
    method: 'GET',
    path: '/api/user/executives',
    summary: 'Ejecutivos cuyo nombre completo o correo contiene q (sin distinguir mayúsculas)',
    querystring: PageQuery,
    response: ExecutivePage,
  }),
  providers: defineCall({
    method: 'GET',
    path: '/api/user/providers',
    summary: 'Proveedores cuyo nombre contiene q (distingue mayúsculas)',
    querystring: PageQuery,
    response: ProviderPage,
  }),
  me: defineCall({
    method: 'GET',
    path: '/api/user/me',
    summary: 'Datos de la sesión actual',
    response: SessionUser,
  }),
  collaborator: defineCall({
    method: 'GET',
    path: '/api/user/collaborator/:idColaborador',
    summary: 'Datos de un colaborador para el nuevo trámite',
    params: Strict({ idColaborador: Id }),
    response: CollaboratorPrefill,
  }),
  provider: defineCall({
    method: 'GET',
    path: '/api/user/provider/:idProveedor',
    summary: 'Un proveedor con los datos de su cuenta (el primer elemento)',
    params: Strict({ idProveedor: Id }),
    response: Type.Array(ProviderWithAccount),
  }),
  user: defineCall({
    method: 'GET',
    path: '/api/user/:id',
    summary: 'Un usuario (el primer elemento); quien no es administrador solo el suyo',
    params: Strict({ id: Id }),
    response: Type.Array(UserRecord),
  }),
  updateExecutive: defineCall({
    method: 'PUT',
    path: '/api/user/executive',
    summary: 'Edita o desactiva un ejecutivo (administrador)',
    body: UpdateExecutive,
    response: UpdatedAccount,
  }),
  updateProvider: defineCall({
    method: 'PUT',
    path: '/api/user/provider',
    summary: 'Edita o desactiva un proveedor (administrador)',
    body: UpdateProvider,
    response: UpdatedAccount,
  }),
} as const
