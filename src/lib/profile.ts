/**
 * Who the screen is for, read from the URL path (spec section 1), the side-menu entries per path prefix (2.2) and
 * the home route per role code (2.3, 6). Pure functions: the shell, the guards and the login share them.
 */

import { ROLE } from '../../domain/roles'

export type ProfileKind = 'executive' | 'admin' | 'collaborator' | 'provider' | 'partner'

export interface MenuEntry {
  label: string
  to: string
  /** Other path prefixes that belong to this entry (a claim detail page highlights 'Mis trámites'). */
  alsoActiveUnder?: string[]
}

function segments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean)
}

/**
 * Spec 1: a path containing /home-colaborador is Colaborador, /administrador Administrador, /proveedores
 * Proveedor, the partner prefix the partner, anything else Ejecutivo. Checked in that order and by whole path
 * segment, so /administrador/proveedores is an administrator page.
 */
export function profileKindFromPath(pathname: string, partnerPrefix: string): ProfileKind {
  const parts = segments(pathname.toLowerCase())
  if (parts.includes('home-colaborador')) return 'collaborator'
  if (parts.includes('administrador')) return 'admin'
  if (parts.includes('proveedores')) return 'provider'
  if (partnerPrefix && parts[0] === partnerPrefix.toLowerCase()) return 'partner'
  return 'executive'
}

/** The 'Tipo de perfil: {type}' label. The partner shows its configured name. */
export function profileLabel(kind: ProfileKind, partnerName: string): string {
  switch (kind) {
    case 'admin':
      return 'Administrador'
    case 'collaborator':
      return 'Colaborador'
    case 'provider':
      return 'Proveedor'
    case 'partner':
      return partnerName
    default:
      return 'Ejecutivo'
  }
}

export function partnerDashboardPath(partnerPrefix: string): string {
  return `/${partnerPrefix}/dashboard`
}

/**
 * Spec 2.2, with 'Pendientes' (issue 23) first for the office roles; the spec's entries keep their order after it
 * ('Niveles de servicio' before 'Flujos', the two additions of the administrator's menu at its end).
 */
export function menuEntriesFor(kind: ProfileKind, partnerPrefix: string): MenuEntry[] {
  switch (kind) {
    case 'collaborator':
      return [{ label: 'Mis trámites', to: '/home-colaborador' }]
    case 'admin':
      return [
        { label: 'Pendientes', to: '/administrador/pendientes' },
        { label: 'Inicio de cobertura', to: '/administrador/inicio-de-cobertura' },
        { label: 'Mis trámites', to: '/administrador/mis-tramites' },
        { label: 'Reportes', to: '/administrador/reportes' },
        { label: 'Ejecutivos', to: '/administrador/ejecutivos' },
        { label: 'Proveedores', to: '/administrador/proveedores' },
        { label: 'Facturas', to: '/administrador/facturas' },
        { label: 'Notificaciones', to: '/administrador/notificaciones' },
        { label: 'Niveles de servicio', to: '/administrador/niveles-de-servicio' },
        { label: 'Flujos', to: '/administrador/flujos' },
      ]
    case 'provider':
      return [
        { label: 'Pendientes', to: '/proveedores/pendientes' },
        { label: 'Mis trámites', to: '/proveedores/mis-tramites', alsoActiveUnder: ['/proveedores/cargar-factura'] },
      ]
    case 'partner':
      return [
        {
          label: 'Trámites',
          to: partnerDashboardPath(partnerPrefix),
          alsoActiveUnder: [`/${partnerPrefix}/mis-tramites`],
        },
      ]
    default:
      return [
        { label: 'Pendientes', to: '/pendientes' },
        { label: 'Inicio de cobertura', to: '/home', alsoActiveUnder: ['/nuevo-tramite'] },
        { label: 'Mis trámites', to: '/mis-tramites', alsoActiveUnder: ['/ejecutivo/mis-tramites'] },
        { label: 'Reportes', to: '/reportes' },
      ]
  }
}

function isUnder(pathname: string, prefix: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** The entry for the current path: the longest matching prefix wins, so only one entry is highlighted. */
export function activeMenuEntry(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  let best: { entry: MenuEntry; length: number } | undefined
  for (const entry of entries) {
    for (const prefix of [entry.to, ...(entry.alsoActiveUnder ?? [])]) {
      if (isUnder(pathname, prefix) && (!best || prefix.length > best.length)) best = { entry, length: prefix.length }
    }
  }
  return best?.entry
}

/** Role codes of spec section 6; the partner is "any other" code (the server uses 4). */
export function profileKindForRole(rol: string | number): ProfileKind {
  // Compared as text: the stored session carries the code as a string, and '' must not read as 0.
  switch (String(rol)) {
    case String(ROLE.executive):
      return 'executive'
    case String(ROLE.admin):
      return 'admin'
    case String(ROLE.collaborator):
      return 'collaborator'
    case String(ROLE.provider):
      return 'provider'
    default:
      return 'partner'
  }
}

/**
 * The start route by stored role code: spec 2.3's, except that executives, administrators and providers land on
 * 'Pendientes' (issue 23); the spec's landing pages stay one click away, first after it in the menu.
 */
export function homePathForRole(rol: string | number, partnerPrefix: string): string {
  switch (profileKindForRole(rol)) {
    case 'executive':
      return '/pendientes'
    case 'admin':
      return '/administrador/pendientes'
    case 'collaborator':
      return '/home-colaborador'
    case 'provider':
      return '/proveedores/pendientes'
    default:
      return partnerDashboardPath(partnerPrefix)
  }
}

/** Pages any signed-in user may open whatever the path says (the account menu's profile page). */
const SHARED_PATHS = ['/perfil/mi-perfil']

/** Route guard rule: each path area belongs to one role; a signed-in user elsewhere is sent to their own home. */
export function canOpenPath(pathname: string, rol: string | number, partnerPrefix: string): boolean {
  if (SHARED_PATHS.some((shared) => isUnder(pathname, shared))) return profileKindForRole(rol) !== 'collaborator'
  return profileKindFromPath(pathname, partnerPrefix) === profileKindForRole(rol)
}

/** Where a signed-out visitor of a protected path goes (spec 2.4: collaborators sign in at /login-colaborador). */
export function signInPathFor(pathname: string, partnerPrefix: string): string {
  return profileKindFromPath(pathname, partnerPrefix) === 'collaborator' ? '/login-colaborador' : '/'
}

/** Who a shared claim screen is rendered for (the same screen exists under several prefixes). */
export type ClaimArea = Extract<ProfileKind, 'executive' | 'admin' | 'partner'>
/** Who a shared coverage/reports/profile screen is rendered for. */
export type StaffArea = Extract<ProfileKind, 'executive' | 'admin'>
export type FormMode = 'create' | 'edit' | 'view'
