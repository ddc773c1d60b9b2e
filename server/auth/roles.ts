import { ROLE, type StaffRoleCode } from '../../domain/roles'

export { ROLE, roleNameOf,  type RoleName } from '../../domain/roles'

/** Who is calling, as proven by the access token. */
export type Session =
  | { kind: 'user'; idUser: number; rol: StaffRoleCode; tokenVersion: number }
  | { kind: 'collaborator'; idColaborador: number; idEvento: number; rol: typeof ROLE.collaborator }
