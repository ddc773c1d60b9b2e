/** Role codes of spec section 6. The retail partner is "any other role"; we give it 4. */
export const ROLE = { executive: 0, admin: 1, collaborator: 2, provider: 3, partner: 4 } as const
export type RoleCode = (typeof ROLE)[keyof typeof ROLE]
export type RoleName = keyof typeof ROLE

/** Who is calling, as proven by the access token. */
export type Session =
  | { kind: 'user'; idUser: number; rol: 0 | 1 | 3 | 4; tokenVersion: number }
  | { kind: 'collaborator'; idColaborador: number; idEvento: number; rol: 2 }

export const roleNameOf = (rol: RoleCode): RoleName =>
  (Object.keys(ROLE) as RoleName[]).find((name) => ROLE[name] === rol) ?? 'partner'
