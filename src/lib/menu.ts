/**
 * The side menu's entries per profile (spec 2.2) and which one the current path highlights. Apart from
 * src/lib/profile.ts, whose path and role rules the sign-in and the guard use: the menu downloads with the signed-in
 * shell, not with the sign-in page (issue 24).
 */
import { isUnder, partnerDashboardPath, type ProfileKind } from './profile'

export interface MenuEntry {
  label: string
  to: string
  /** Other path prefixes that belong to this entry (a claim detail page highlights 'Mis trámites'). */
  alsoActiveUnder?: string[]
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
