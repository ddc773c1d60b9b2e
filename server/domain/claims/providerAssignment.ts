/**
 * Provider of a claim: which one is assigned (GET get-provider-by-event) and assigning one (PUT assign-provider).
 * The claim's service is the provider's service: the app picks a service, then a provider of that service, and
 * sends only the provider.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { claims, providers, services, users } from '../../db/schema'
import type { Session } from '../../auth/roles'
import { loadClaimFor } from '../../auth/claimAccess'
import { conflict, forbidden, notFound } from '../../lib/errors'
import { actorOf } from '../../auth/actor'
import { applyClaimEvent } from '../claimLifecycle'
import type { DbOrTx } from './claimRecord'

const ASSIGN_REASONS = {
  providerNotFound: 'No se encontró el proveedor',
  providerInactive: 'El proveedor está inactivo',
  providerWithoutService: 'El proveedor no ofrece ningún servicio',
  otherExecutive: 'No puede actuar a nombre de otro ejecutivo',
} as const

/** servicio is the service id (what the assign page preselects); nombreServicio / nombreProveedor are for display. */
export async function providerOfClaim(db: DbOrTx, idEvento: number) {
  const [row] = await db
    .select({
      servicio: claims.servicioId,
      idProveedor: claims.idProveedor,
      nombreServicio: services.nombre,
      nombreProveedor: providers.nombreProveedor,
    })
    .from(claims)
    .leftJoin(providers, eq(providers.idProveedor, claims.idProveedor))
    .leftJoin(services, eq(services.id, claims.servicioId))
    .where(eq(claims.idEvento, idEvento))
  return row ?? null
}

export async function assignProvider(
  db: Db,
  session: Session,
  input: { idEvento: number; idProveedor: number; idEjecutivo?: number },
): Promise<{ statusId: number; servicio: number; idProveedor: number }> {
  return db.transaction(async (tx) => {
    const claim = await loadClaimFor(tx, session, input.idEvento, 'write')
    // The app sends the acting executive; it may name the caller or the claim's owner, never someone else.
    if (
      input.idEjecutivo !== undefined &&
      (session.kind !== 'user' || (input.idEjecutivo !== session.idUser && input.idEjecutivo !== claim.idEjecutivo))
    )
      throw forbidden(ASSIGN_REASONS.otherExecutive)

    const [provider] = await tx
      .select({ activo: providers.activo, userActivo: users.activo, servicioId: providers.servicioId })
      .from(providers)
      .innerJoin(users, eq(users.idUser, providers.userId))
      .where(eq(providers.idProveedor, input.idProveedor))
    if (!provider) throw notFound(ASSIGN_REASONS.providerNotFound)
    if (provider.activo !== 0 || provider.userActivo !== 0) throw conflict(ASSIGN_REASONS.providerInactive)
    if (provider.servicioId === null) throw conflict(ASSIGN_REASONS.providerWithoutService)

    // Written before the lifecycle call: the provider's notification reads the claim's provider (an illegal stage
    // still rolls this back with the whole transaction).
    await tx
      .update(claims)
      .set({ idProveedor: input.idProveedor, servicioId: provider.servicioId })
      .where(eq(claims.idEvento, input.idEvento))
    const stage = await applyClaimEvent(tx, {
      idEvento: input.idEvento,
      event: { type: 'provider.assign' },
      actor: actorOf(session),
    })
    return { statusId: stage.statusId, servicio: provider.servicioId, idProveedor: input.idProveedor }
  })
}
