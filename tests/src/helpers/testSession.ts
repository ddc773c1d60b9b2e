/**
 * The runtime configuration and the signed-in users of the view tests. Plain data with no import of the app, so
 * the helpers that render a few screens (renderScreen, renderClaimPage) share it with renderPortal without pulling
 * in the whole route table.
 */
import type { SessionUser } from '../../../domain/contract/auth'

export const TEST_CONFIG = {
  apiBase: 'http://api.test',
  clientToken: 'token-de-cliente',
  partnerPrefix: 'coppel',
  partnerName: 'Coppel',
}

export function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    idUser: 2,
    nombre: 'Laura',
    nombre2: '',
    apePat: 'Hernández',
    apeMAt: 'Félix',
    email: 'ejecutivo@coppel.com',
    foto: null,
    userType: 'Ejecutivo',
    rol: '0',
    idColaborador: null,
    idEvento: null,
    idProveedor: null,
    ...overrides,
  }
}

export const USERS = {
  executive: user(),
  admin: user({ idUser: 1, nombre: 'Mariana', apePat: 'López', userType: 'Administrador', rol: '1' }),
  collaborator: user({ idUser: 0, nombre: 'Ana', apePat: 'Valenzuela', email: '', userType: 'Colaborador', rol: '2', idColaborador: 90251437, idEvento: 500 }),
  provider: user({ idUser: 8, nombre: 'Hospital San Rafael', apePat: '', apeMAt: '', userType: 'Proveedor', rol: '3', idProveedor: 1 }),
  partner: user({ idUser: 7, nombre: 'Jorge', apePat: 'Salazar', userType: 'Socio', rol: '4' }),
} as const
