/**
 * Fixtures that several machines' samples share: signed-in users, picked files, a claim's three documents, an
 * invoice and a network failure. Plain data, so the paths tool, the model tests and the view tests can all read it.
 */
import type { SessionUser } from '../../../domain/contract/auth'

export const executiveUser: SessionUser = {
  idUser: 7,
  nombre: 'Ana',
  nombre2: '',
  apePat: 'López',
  apeMAt: 'Pérez',
  email: 'ana@coppel.com',
  foto: null,
  userType: 'Ejecutivo',
  rol: '0',
  idColaborador: null,
  idEvento: null,
  idProveedor: null,
}

export const collaboratorUser: SessionUser = {
  ...executiveUser,
  // Collaborators have no users row: their record has idUser 0 (server/auth/sessionUser.ts).
  idUser: 0,
  nombre: 'Luis',
  email: '',
  userType: 'Colaborador',
  rol: '2',
  idColaborador: 70123,
  idEvento: 55,
}

/** The answer of a successful sign-in. */
export const signedIn = { user: executiveUser, accessToken: 'token' }

// A picked file as the machines read it (name, type, size); a browser File has the same fields.
export const pdf = { name: 'resumen.pdf', type: 'application/pdf', size: 1024 }
export const png = { name: 'foto.png', type: 'image/png', size: 1024 }

export const claimFile = (tipo: string, status: number) => ({
  url: `/api/file/claim/${tipo}`,
  status,
  tipo,
  nombre: `documento${tipo}.pdf`,
  comentario: null,
})
export const noDocuments = { files: [], numSended: 0 }
export const uploadedDocuments = { files: [claimFile('1', 1), claimFile('2', 1), claimFile('3', 1)], numSended: 3 }
export const reviewedDocuments = { files: [claimFile('1', 2), claimFile('2', 3), claimFile('3', 4)], numSended: 3 }
export const verifiedDocuments = { files: [claimFile('1', 2), claimFile('2', 4), claimFile('3', 2)], numSended: 3 }

export const invoice = { nombre: 'factura.pdf', url: '/api/file/invoice/12', comentario: 'Falta el RFC del paciente' }

export const serverError = new Error('Failed to fetch')
