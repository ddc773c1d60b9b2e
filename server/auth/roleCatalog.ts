/**
 * The role choices of the sign-in screen, display name → role code (spec section 6). Written once, sent twice: by
 * GET /api/catalog/userRoles (any client) and inside /app-config.js (server/webApp.ts), so the sign-in has them
 * with the page instead of asking after its JavaScript ran. The retail partner's name is configuration.
 */
import type { RoleCatalog } from '../../domain/contract/catalog'
import { ROLE } from './roles'

export function userRolesCatalog(partnerName: string): RoleCatalog {
  return { Ejecutivo: ROLE.executive, Administrativo: ROLE.admin, Proveedores: ROLE.provider, [partnerName]: ROLE.partner }
}
