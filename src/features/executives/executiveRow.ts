/**
 * One row of the executives list (GET /api/user/executives) and its rules (spec 4 'Executive and provider activo',
 * 2.11 'Executives list'): the full name, the inactive flag, and the deactivation, which deletes nothing — it edits
 * the row as it is with active = 1, so the person can no longer sign in.
 */
import { ACTIVO } from '../../../domain/rules'
import { EXECUTIVE_TEXTS } from './messages'
import type { UpdateExecutivePayload } from '../../../machines/executiveForm.machine'

export interface ExecutiveListItem {
  idUser: number
  nombre: string | null
  nombre2: string | null
  apePat: string | null
  apeMAt: string | null
  email: string | null
  telefono: string | null
  activo: number | null
  ubicacionLaboral: string | null
}

export const executiveFullName = (item: Pick<ExecutiveListItem, 'nombre' | 'nombre2' | 'apePat' | 'apeMAt'>): string =>
  [item.nombre, item.nombre2, item.apePat, item.apeMAt]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')

export const isInactive = (item: Pick<ExecutiveListItem, 'activo'>): boolean => Number(item.activo) === ACTIVO.inactive

/** Only an active executive listed on the page can be deactivated (again, nothing else is offered). */
export const canDeactivate = (item: ExecutiveListItem | undefined): boolean => item !== undefined && !isInactive(item)

/** Why 'Desactivar ejecutivo' is disabled on a row, from the same rule as `canDeactivate`; null when it is not. */
export const deactivateReason = (item: ExecutiveListItem | undefined): string | null =>
  item !== undefined && isInactive(item) ? EXECUTIVE_TEXTS.alreadyInactive : null

/** The edit that deactivates: the row as it is, with active = 1. */
export const deactivationPayload = (item: ExecutiveListItem): UpdateExecutivePayload => ({
  ubicacion: item.ubicacionLaboral ?? '',
  phone: item.telefono ?? '',
  active: ACTIVO.inactive,
  idUsuario: item.idUser,
  nombre: (item.nombre ?? '').trim(),
  email: (item.email ?? '').trim(),
})
