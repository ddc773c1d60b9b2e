/**
 * The location and service catalogues that the provider form, the new-claim form and provider assignment read.
 * Sorted with a Spanish collator in JS rather than ORDER BY, because PGlite and PostgreSQL may differ in collation
 * (accented names like 'Ñuu Savi' or 'Álamos' must sort the same on both); a catalogue list is small.
 */
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { municipalities, neighbourhoods, providers, services, states } from '../../db/schema'
import type { CatalogItem, Neighbourhood, ProviderOption, Service } from '../../../domain/contract/catalog'

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true })
const byNombre = <T extends { nombre: string }>(rows: T[]): T[] => rows.sort((a, b) => collator.compare(a.nombre, b.nombre))

export async function listStates(db: Db): Promise<CatalogItem[]> {
  return byNombre(await db.select({ id: states.id, nombre: states.nombre }).from(states))
}

export async function listMunicipalities(db: Db, stateId: number): Promise<CatalogItem[]> {
  return byNombre(
    await db.select({ id: municipalities.id, nombre: municipalities.nombre }).from(municipalities).where(eq(municipalities.stateId, stateId)),
  )
}

export async function listNeighbourhoods(db: Db, municipalityId: number): Promise<Neighbourhood[]> {
  return byNombre(
    await db
      .select({ id: neighbourhoods.id, nombre: neighbourhoods.nombre, codigoPostal: neighbourhoods.codigoPostal })
      .from(neighbourhoods)
      .where(eq(neighbourhoods.municipalityId, municipalityId)),
  )
}

export async function listServices(db: Db): Promise<Service[]> {
  return byNombre(await db.select({ id: services.id, nombre: services.nombre, tipo: services.tipo }).from(services))
}

/** Active providers (activo 0) that offer the service, by name. */
export async function activeProvidersOfService(db: Db, servicioId: number): Promise<ProviderOption[]> {
  const rows = await db
    .select({ idProveedor: providers.idProveedor, nombreProveedor: providers.nombreProveedor })
    .from(providers)
    .where(and(eq(providers.servicioId, servicioId), eq(providers.activo, 0)))
  return rows.sort((a, b) => collator.compare(a.nombreProveedor, b.nombreProveedor))
}

/** True when the neighbourhood is in the municipality and the municipality in the state. */
export async function locationIsConsistent(db: Db | Tx, estado: number, municipio: number, colonia: number): Promise<boolean> {
  const [row] = await db
    .select({ id: neighbourhoods.id })
    .from(neighbourhoods)
    .innerJoin(municipalities, eq(municipalities.id, neighbourhoods.municipalityId))
    .where(and(eq(neighbourhoods.id, colonia), eq(municipalities.id, municipio), eq(municipalities.stateId, estado)))
  return Boolean(row)
}

export async function serviceExists(db: Db | Tx, servicioId: number): Promise<boolean> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, servicioId))
  return Boolean(row)
}
