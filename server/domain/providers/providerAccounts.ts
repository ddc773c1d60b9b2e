/**
 * Creating and editing providers. A provider is two rows, its sign-in account (users, rol 3) and its provider
 * record; both are written in one transaction, so a refused or failed request leaves neither behind. The account
 * mirrors the record's email, name, phone and activo, so deactivating a provider also ends its sign-in.
 */
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { providers, users } from '../../db/schema'
import { ROLE } from '../../../domain/roles'
import { endExistingSessions } from '../../auth/passwords'
import { TEXT_MAX } from '../../../domain/rules'
import { badRequest, notFound } from '../../lib/errors'
import { refuseTakenEmail, refusingDuplicateEmail } from '../users/uniqueEmail'
import { locationIsConsistent, serviceExists } from './catalogs'
import type { ProviderFields } from '../../../domain/contract/accounts'
import { providerColumns } from './providersRepo'

export const PROVIDER_NOT_FOUND = 'No se encontró el proveedor'
const UNKNOWN_SERVICE = 'Servicio: El servicio seleccionado no existe'
const INCONSISTENT_LOCATION = 'La colonia, el municipio y el estado seleccionados no corresponden entre sí'

function accountColumns(columns: ReturnType<typeof providerColumns>) {
  return {
    email: columns.email,
    nombre: columns.nombreProveedor.slice(0, TEXT_MAX.personName),
    telefono: columns.telefono1,
    activo: columns.activo,
  }
}

async function checkReferences(tx: Tx, columns: ReturnType<typeof providerColumns>) {
  if (columns.servicioId !== null && !(await serviceExists(tx, columns.servicioId))) throw badRequest(UNKNOWN_SERVICE)
  if (!(await locationIsConsistent(tx, columns.estadoId, columns.municipioId, columns.coloniaId))) throw badRequest(INCONSISTENT_LOCATION)
}

/** Creates the account and the provider record; answers the new idProveedor. */
export async function createProviderAccount(db: Db, input: ProviderFields, passwordHash: string): Promise<number> {
  const columns = providerColumns(input)
  return refusingDuplicateEmail(() =>
    db.transaction(async (tx) => {
      await refuseTakenEmail(tx, columns.email)
      await checkReferences(tx, columns)
      const [account] = await tx
        .insert(users)
        .values({ ...accountColumns(columns), rol: ROLE.provider, passwordHash })
        .returning({ idUser: users.idUser })
      const [provider] = await tx
        .insert(providers)
        .values({ ...columns, userId: account!.idUser })
        .returning({ idProveedor: providers.idProveedor })
      return provider!.idProveedor
    }),
  )
}

/** Updates the provider whose account is `idUsuario`; `passwordHash` null keeps the current password. */
export async function updateProviderAccount(db: Db, idUsuario: number, input: ProviderFields, passwordHash: string | null): Promise<void> {
  const columns = providerColumns(input)
  await refusingDuplicateEmail(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ idProveedor: providers.idProveedor })
        .from(providers)
        .innerJoin(users, eq(users.idUser, providers.userId))
        .where(and(eq(providers.userId, idUsuario), eq(users.rol, ROLE.provider)))
        .for('update')
      if (!current) throw notFound(PROVIDER_NOT_FOUND)
      await refuseTakenEmail(tx, columns.email, idUsuario)
      await checkReferences(tx, columns)
      await tx.update(providers).set(columns).where(eq(providers.idProveedor, current.idProveedor))
      const endsSessions = passwordHash !== null || columns.activo === 1
      await tx
        .update(users)
        .set({
          ...accountColumns(columns),
          ...(passwordHash !== null ? { passwordHash } : {}),
          ...(endsSessions ? endExistingSessions() : {}),
        })
        .where(eq(users.idUser, idUsuario))
    }),
  )
}
