/**
 * Who the screen is for, read from the URL path (spec section 1), and the home route per role code (2.3, 6). Pure
 * functions: the shell, the guards and the login share them. The side menu's entries (2.2) are in src/lib/menu.ts.
 */

import { ROLE } from '../../domain/roles'

export type ProfileKind = 'executive' | 'admin' | 'collaborator' | 'provider' | 'partner'

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

export function partnerDashboardPath(partnerPrefix: string): string {
  return `/${partnerPrefix}/dashboard`
}

/** The path is the prefix or below it (a trailing slash ignored). */
export function isUnder(pathname: string, prefix: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return path === prefix || path.startsWith(`${prefix}/`)
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
