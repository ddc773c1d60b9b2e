/** The demo executive's record as GET /api/user/2 answers it, for the profile view tests. */
import type { UserRecord } from '../../../../domain/contract/users'

export const EXECUTIVE_RECORD: UserRecord = {
  idUser: 2,
  nombre: 'Laura',
  nombre2: '',
  apePat: 'Hernández',
  apeMAt: 'Félix',
  email: 'ejecutivo@coppel.com',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Call Center Revolución',
  rol: '0',
  foto: null,
}
