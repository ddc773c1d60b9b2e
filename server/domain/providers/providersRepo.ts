/**
 * Provider rows: the record the provider form shows (spec section 3, with ids for the selects and names for the
 * read-only view), the administrators' list, and the mapping from an API body to columns.
 */
import { asc, eq, like, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { municipalities, neighbourhoods, providers, services, states } from '../../db/schema'
import { likeContains } from '../../lib/likeContains'
import { countUpTo } from '../../lib/pageTotal'
import type { ProviderFields } from '../../../domain/contract/accounts'
import type { Page } from '../../../domain/contract/schema'
import type { ProviderListItem } from '../../../domain/contract/users'
import type { PageRequest } from '../../../domain/paging'
import { normalizeEmail } from '../users/usersRepo'

const textOrNull = (value: string | null | undefined): string | null => (value == null || value.trim() === '' ? null : value.trim())

/**
 * Columns for a provider. Fields of the other variant are stored as null (a provider that turns from medical to
 * non-medical loses its medical data), and contract year/status only exist with a contract.
 */
export function providerColumns(input: ProviderFields) {
  const medical = input.tipo === 1
  const withContract = !medical && input.contrato === 1
  return {
    tipo: input.tipo,
    nombreProveedor: input.nombreProveedor.trim(),
    activo: input.activo,
    nivel: medical ? textOrNull(input.nivel) : null,
    tipoEspecialidad: medical ? textOrNull(input.tipoEspecialidad) : null,
    especialidad: medical ? textOrNull(input.especialidad) : null,
    costoNormal: medical ? (input.costoNormal ?? null) : null,
    estudio: medical ? textOrNull(input.estudio) : null,
    servicioId: input.servicio ? input.servicio : null,
    contrato: medical ? null : (input.contrato ?? null),
    contratoYear: withContract ? (input.contratoYear ?? null) : null,
    contratoEstatus: withContract ? (input.contratoEstatus ?? null) : null,
    estadoId: input.estado,
    municipioId: input.municipio,
    coloniaId: input.colonia,
    calle: input.calle.trim(),
    numeroExterior: input.numeroExterior,
    numeroInterior: textOrNull(input.numeroInterior),
    codigoPostal: input.codigoPostal,
    telefono1: input.telefono1,
    telefono2: textOrNull(input.telefono2),
    horarios: input.horarios.trim(),
    email: normalizeEmail(input.email),
    observaciones: input.observaciones.trim(),
    puntosImportantes: textOrNull(input.puntosImportantes),
  }
}

const recordColumns = {
  idProveedor: providers.idProveedor,
  idUsuario: providers.userId,
  tipo: providers.tipo,
  nombreProveedor: providers.nombreProveedor,
  activo: providers.activo,
  nivel: providers.nivel,
  tipoEspecialidad: providers.tipoEspecialidad,
  especialidad: providers.especialidad,
  costoNormal: providers.costoNormal,
  estudio: providers.estudio,
  servicio: providers.servicioId,
  servicioNombre: services.nombre,
  contrato: providers.contrato,
  contratoYear: providers.contratoYear,
  contratoEstatus: providers.contratoEstatus,
  estado: providers.estadoId,
  estadoNombre: states.nombre,
  municipio: providers.municipioId,
  municipioNombre: municipalities.nombre,
  colonia: providers.coloniaId,
  coloniaNombre: neighbourhoods.nombre,
  calle: providers.calle,
  numeroExterior: providers.numeroExterior,
  numeroInterior: providers.numeroInterior,
  codigoPostal: providers.codigoPostal,
  telefono1: providers.telefono1,
  telefono2: providers.telefono2,
  horarios: providers.horarios,
  email: providers.email,
  observaciones: providers.observaciones,
  puntosImportantes: providers.puntosImportantes,
}

function recordQuery(db: Db | Tx) {
  return db
    .select(recordColumns)
    .from(providers)
    .leftJoin(services, eq(services.id, providers.servicioId))
    .leftJoin(states, eq(states.id, providers.estadoId))
    .leftJoin(municipalities, eq(municipalities.id, providers.municipioId))
    .leftJoin(neighbourhoods, eq(neighbourhoods.id, providers.coloniaId))
}

export type ProviderRecord = Awaited<ReturnType<typeof recordQuery>>[number]

async function providerRecordWhere(db: Db | Tx, where: SQL): Promise<ProviderRecord | null> {
  const [row] = await recordQuery(db).where(where)
  return row ?? null
}

export const providerRecordByUser = (db: Db | Tx, idUsuario: number) => providerRecordWhere(db, eq(providers.userId, idUsuario))
export const providerRecordById = (db: Db | Tx, idProveedor: number) => providerRecordWhere(db, eq(providers.idProveedor, idProveedor))

/**
 * Providers whose name contains `q`, by name. Case-sensitive, as spec section 5 ("Provider search") describes
 * the search of the original list.
 */
export async function listProviders(db: Db, { q, page, pageSize, countLimit }: PageRequest): Promise<Page<ProviderListItem>> {
  const text = q?.trim()
  const where = text ? like(providers.nombreProveedor, likeContains(text)) : undefined
  const [items, counted] = await Promise.all([
    db
      .select({
        idProveedor: providers.idProveedor,
        idUsuario: providers.userId,
        nombreProveedor: providers.nombreProveedor,
        activo: providers.activo,
        tipo: providers.tipo,
        email: providers.email,
      })
      .from(providers)
      .where(where)
      .orderBy(asc(providers.nombreProveedor), asc(providers.idProveedor))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countUpTo(db, db.select({ idProveedor: providers.idProveedor }).from(providers).where(where).$dynamic(), countLimit),
  ])
  return { items, ...counted, page, pageSize }
}

/** The provider record of the provider account `idUser`, if it has one. */
export async function providerIdOfUser(db: Db, idUser: number): Promise<number | undefined> {
  const [provider] = await db
    .select({ idProveedor: providers.idProveedor })
    .from(providers)
    .where(eq(providers.userId, idUser))
  return provider?.idProveedor
}
