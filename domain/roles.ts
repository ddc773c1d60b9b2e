/**
 * Role codes of spec section 6 and the user types the session carries. The retail partner is "any other role"
 * in the spec; we give it 4 (README, design notes).
 */
export const ROLE = { executive: 0, admin: 1, collaborator: 2, provider: 3, partner: 4 } as const
export type RoleCode = (typeof ROLE)[keyof typeof ROLE]
export type RoleName = keyof typeof ROLE
/** Roles that sign in with email and password (the collaborator signs in with numbers). */
export type StaffRoleCode = Exclude<RoleCode, typeof ROLE.collaborator>

export const roleNameOf = (rol: RoleCode): RoleName =>
  (Object.keys(ROLE) as RoleName[]).find((name) => ROLE[name] === rol) ?? 'partner'

/** `userType` of the stored session user, one per role code. */
export const USER_TYPE_BY_ROLE = {
  [ROLE.executive]: 'Ejecutivo',
  [ROLE.admin]: 'Administrador',
  [ROLE.collaborator]: 'Colaborador',
  [ROLE.provider]: 'Proveedor',
  [ROLE.partner]: 'Socio',
} as const satisfies Record<RoleCode, string>

export const USER_TYPES = ['Ejecutivo', 'Administrador', 'Colaborador', 'Proveedor', 'Socio'] as const

/** Roles that create and own claims: an executive's list may belong to an executive or an administrator. */
export const CLAIM_OWNER_ROLES: readonly RoleCode[] = [ROLE.executive, ROLE.admin]

/**
 * Whether a staff user may open a claim created by `idEjecutivo`: an executive only their own claims, everyone else
 * (administrator, partner) any. The server enforces the same rule (server/auth/claimAccess.ts); the executive's
 * collaborator search uses it to offer 'Abrir el trámite' only where it can work.
 */
export function mayOpenClaim(viewer: { rol: RoleCode; idUser: number }, idEjecutivo: number | null): boolean {
  return viewer.rol !== ROLE.executive || idEjecutivo === viewer.idUser
}
