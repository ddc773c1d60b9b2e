/**
 * Claim process view tests: a claim as the server answers it, its documents, letter and catalogues, a fake API
 * that serves them (and records what the pages send), and the routes of each area.
 */
import { installFakeApi, ok, type FakeApi, type Handler } from '../../helpers/fakeApi'
import type { SessionUser } from '../../../../domain/contract/auth'
import { renderClaimPage } from './renderClaimPage'
import { USERS as TEST_USERS } from '../../helpers/testSession'

export const ID = 238

export function claimRecord(overrides: Record<string, unknown> = {}) {
  return {
    idEvento: ID,
    idColaborador: 91731372,
    idCobertura: 3,
    idEjecutivo: 2,
    idProveedor: null,
    idServicio: null,
    statusId: 3,
    value: 'Validación de documentos',
    descripcion: 'Apoyo funerario',
    monto: 50500,
    montoAutorizado: 23350.5,
    usedAmount: 23350.5,
    montoUtilizado: 23350.5,
    montoDisponible: 27149.5,
    servicio: null,
    nombreProveedor: null,
    nombreEjecutivo: 'Laura Hernández',
    nombreColaborador: 'Arturo Sergio Ramírez Camacho',
    beneficiary: 'Arturo Sergio Ramírez Camacho',
    tipo: 'Digital',
    fechaIngreso: '2026-10-19T15:00:00.000Z',
    ...overrides,
  }
}

export const fileEntry = (tipo: 1 | 2 | 3, status: number, nombre = `documento_${tipo}_largo.pdf`, comentario: string | null = null) => ({
  id: 100 + tipo,
  url: `/api/file/download/claim-file/${100 + tipo}`,
  status,
  tipo: String(tipo),
  nombre,
  comentario,
})

export const documents = (...files: ReturnType<typeof fileEntry>[]) => ({
  files,
  numSended: new Set(files.map((f) => f.tipo)).size,
})

export const ALL_UPLOADED = documents(fileEntry(1, 1, 'solicitud_de_apoyo.pdf'), fileEntry(2, 1, 'resumen_medico_final.pdf'), fileEntry(3, 1, 'INE.pdf'))
export const ALL_VERIFIED = documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 2))

export const COMPLETE_LETTER = {
  idEvento: ID,
  statusId: 6,
  value: 'Carta autorización',
  idProveedor: 4,
  proveedorNombre: 'Centro de Diagnóstico Roma',
  proveedorServicio: 'Estudios de imagen',
  nombreMedico: 'Dr. Juan Hernández',
  colaboradorNombre: 'Héctor Beltrán Flores',
  colaboradorId: 91997471,
  edad: 34,
  genero: 1,
  estado: 'Ciudad de México',
  ciudad: 'Benito Juárez',
  tipoServicio: 1,
  tipoAtencion: 3,
  tipoAtencion2: 4,
  tipoPadecimiento: 1,
  diagnostico: 'Apendicitis aguda',
  observaciones: null,
  dictaminacion: null,
  montoAutorizado: 8100,
  deducibleHospital: 500,
  coaseguroHospital: 10,
  medicoEsp: 'Cirugía general',
  medicoProcedimiento: 'Apendicectomía',
  medicoMonto: 4500,
  medicoHonorariosAsegurado: 1200.5,
  fechaIngreso: '2026-11-10',
  vigenciaDesde: '2026-11-10',
  vigenciaHasta: '2026-12-10',
  limiteFacturacion: '2026-12-31',
}

export const SERVICES = [
  { id: 1, nombre: 'Consulta médica', tipo: 1 },
  { id: 4, nombre: 'Estudios de imagen', tipo: 1 },
]
export const PROVIDERS: Record<number, { idProveedor: number; nombreProveedor: string }[]> = {
  1: [{ idProveedor: 7, nombreProveedor: 'Clínica Médica Del Valle' }],
  4: [
    { idProveedor: 4, nombreProveedor: 'Centro de Diagnóstico Roma' },
    { idProveedor: 9, nombreProveedor: 'Imagenología del Norte' },
  ],
}

export const HISTORY = [
  { status: 1, fecha: '2026-10-19T15:00:00.000Z', value: 'Trámite iniciado', actor: 'Ejecutivo: Laura Hernández' },
  { status: 2, fecha: '2026-10-19T16:00:00.000Z', value: 'Carga de documentos', actor: 'Colaborador' },
  { status: 3, fecha: '2026-10-20T16:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' },
]

export interface ClaimApiOptions {
  claim?: Record<string, unknown>
  docs?: ReturnType<typeof documents>
  letter?: Record<string, unknown>
  dictamination?: unknown
  routes?: Record<string, Handler>
}

/** A PDF download as the server answers it. */
export const pdfFile = (text: string) => ({
  status: 200,
  body: `%PDF-1.7 ${text}`,
  headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="archivo.pdf"' },
})

/** The fake API of one claim; `routes` replace or add handlers. */
export function installClaimApi(options: ClaimApiOptions = {}): FakeApi {
  return installFakeApi({
    [`GET /api/event/by-id/${ID}`]: () => ok(claimRecord(options.claim)),
    [`GET /api/event/get-status/${ID}`]: () => ok(HISTORY),
    [`GET /api/file/get-info-by-event/${ID}`]: () => ok(options.docs ?? ALL_UPLOADED),
    [`GET /api/event/fullData/${ID}`]: () => ok({ ...COMPLETE_LETTER, ...options.letter }),
    [`GET /api/file/get-dictamination/${ID}`]: () => ok(options.dictamination ?? null),
    'GET /api/catalog/services': () => ok(SERVICES),
    'GET /api/catalog/providers/1': () => ok(PROVIDERS[1]),
    'GET /api/catalog/providers/4': () => ok(PROVIDERS[4]),
    // The stored files, for the document viewer (the fake PDF engine only checks that they start like a PDF).
    ...Object.fromEntries([101, 102, 103].map((id) => [`GET /api/file/download/claim-file/${id}`, () => pdfFile(`documento ${id}`)])),
    [`GET /api/file/download/dictamination/${ID}`]: () => pdfFile('dictamen'),
    [`GET /api/event/letter-pdf/${ID}`]: () => pdfFile('carta'),
    ...options.routes,
  })
}

export type Area = 'executive' | 'admin' | 'partner'

/** The signed-in users of each area (tests/src/helpers/testSession's). */
export const USERS: Record<Area, SessionUser> = TEST_USERS

export const PREFIX: Record<Area, string> = {
  executive: '/ejecutivo/mis-tramites/proceso-general-tramites',
  admin: '/administrador/mis-tramites/proceso-general-tramites',
  partner: '/coppel/mis-tramites/proceso-general-tramites',
}

export const PAGE = {
  general: (area: Area = 'executive', id: number | string = ID) => `${PREFIX[area]}/${id}`,
  documents: (area: Area = 'executive', id: number | string = ID) => `${PREFIX[area]}/validacion-documentos/${id}`,
  verification: (area: Area = 'executive', id: number | string = ID) => `${PREFIX[area]}/verificacion-documentos/${id}`,
  letter: (area: Area = 'executive', id: number | string = ID) => `${PREFIX[area]}/carta-dictaminacion/${id}`,
  assign: (area: Area = 'executive', id: number | string = ID) => `${PREFIX[area]}/asignar-proveedor/${id}`,
}

export function openAs(area: Area, path: string) {
  return renderClaimPage(path, USERS[area])
}

export const requestsTo = (api: FakeApi, method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === path)
