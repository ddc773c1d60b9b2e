/**
 * Registry of every workflow machine, for the tools that read machines without running the app: `npm run diagrams`
 * (docs/machines/<id>.md), `npm run paths -- <id>` (QA's test paths), the coverage check run by `npm test`, and the
 * /flujos screen. Adding a machine is one line in `machineCatalog`: `{ id, description, machine }`, with `id` equal
 * to the machine's own `id`.
 *
 * `events` (optional): sample events for traversal, for event types that carry data (`credentials.change`) and for
 * invoke results whose `output` the machine reads (`xstate.done.actor.<id>`). A type with samples is only tried
 * with those samples; types without samples are tried as `{ type }`. Keep samples few: each distinct context they
 * produce is a new state for the path generator. `input` (optional): the input machines with `context: ({ input })`
 * need to start. `contextKey` (optional): the part of the context that matters for paths, for machines whose context
 * never repeats (timestamps, touched-field order).
 *
 * Machines here must load unchanged in the Stately visualizer: no React, fetch or DOM in machine files, no closures
 * over app state; implementations are injected with `.provide()` (see docs/machines/README.md).
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { assignProviderMachine } from './assignProvider.machine'
import { claimDocumentsMachine } from './claimDocuments.machine'
import { claimLifecycleMachine } from './claimLifecycle.machine'
import { claimListMachine } from './claimList.machine'
import { claimRecordMachine } from './claimRecord.machine'
import { profileDataMachine } from './profileData.machine'
import { collaboratorClaimMachine } from './collaboratorClaim.machine'
import { collaboratorLoginMachine } from './collaboratorLogin.machine'
import { collaboratorUploadMachine } from './collaboratorUpload.machine'
import { commentMachine } from './comment.machine'
import { dictaminationMachine } from './dictamination.machine'
import { documentVerificationMachine } from './documentVerification.machine'
import { executiveFormMachine } from './executiveForm.machine'
import { invoiceApprovalMachine } from './invoiceApproval.machine'
import { invoiceUploadMachine } from './invoiceUpload.machine'
import { letterFormMachine } from './letterForm.machine'
import { loginMachine } from './login.machine'
import { newClaimMachine } from './newClaim.machine'
import { procedureSearchMachine } from './procedureSearch.machine'
import { providerFormMachine } from './providerForm.machine'
import { profilePhotoMachine } from './profilePhoto.machine'
import { executiveListMachine } from './executiveList.machine'
import { providerListMachine } from './providerList.machine'
import { reportMachine } from './report.machine'
import { saveButtonMachine } from './saveButton.machine'
import { sessionMachine } from './session.machine'

export interface MachineCatalogEntry {
  /** The machine's `id`; names docs/machines/<id>.md. */
  id: string
  /** One line, in Spanish, for analysts. */
  description: string
  machine: AnyStateMachine
  events?: readonly AnyEventObject[]
  input?: unknown
  /** What of the context tells states apart for traversal (default: all of it); see traversal.ts. */
  contextKey?: (context: any) => unknown
}

const user = {
  idUser: 1,
  nombre: 'Ana',
  nombre2: null,
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
const session = { user, accessToken: 'token' }
const procedureRow = {
  idColaborador: 70123,
  idCobertura: 1,
  descripcion: 'Gastos médicos',
  monto: 10000,
  montoAutorizado: null,
  idEvento: null,
  statusId: null,
  value: null,
  showCtaBtn: 1,
  nombre: 'Ana',
  nombre2: null,
  apePat: 'López',
  apeMAt: 'Pérez',
}

// A picked file as the machines read it (name, type, size); a browser File has the same fields.
const pdf = { name: 'resumen.pdf', type: 'application/pdf', size: 1024 }
const png = { name: 'foto.png', type: 'image/png', size: 1024 }
const claimFile = (tipo: string, status: number) => ({
  url: `/api/file/claim/${tipo}`,
  status,
  tipo,
  nombre: `documento${tipo}.pdf`,
  comentario: null,
})
const noDocuments = { files: [], numSended: 0 }
const uploadedDocuments = { files: [claimFile('1', 1), claimFile('2', 1), claimFile('3', 1)], numSended: 3 }
const reviewedDocuments = { files: [claimFile('1', 2), claimFile('2', 3), claimFile('3', 4)], numSended: 3 }
const verifiedDocuments = { files: [claimFile('1', 2), claimFile('2', 4), claimFile('3', 2)], numSended: 3 }
const serverError = new Error('Failed to fetch')
const letter = {
  proveedorNombre: 'Laboratorio Clínico del Centro',
  proveedorServicio: 'Laboratorio',
  nombreMedico: 'Dra. Rosa Méndez',
  colaboradorNombre: 'Ana María López Pérez',
  colaboradorId: 70123,
  edad: 35,
  genero: 2,
  estado: 'Jalisco',
  ciudad: 'Guadalajara',
  tipoServicio: 1,
  tipoAtencion: 3,
  tipoAtencion2: 4,
  tipoPadecimiento: 1,
  diagnostico: 'Fractura de radio',
  observaciones: null,
  dictaminacion: 1,
  montoAutorizado: 7000,
  deducibleHospital: 500,
  coaseguroHospital: 10,
  medicoEsp: 'Traumatología',
  medicoProcedimiento: 'Reducción cerrada',
  medicoMonto: 4500,
  medicoHonorariosAsegurado: 1200.5,
  fechaIngreso: '2025-11-10',
  vigenciaDesde: '2025-11-10',
  vigenciaHasta: '2025-12-10',
  limiteFacturacion: '2025-12-31',
}
const invoice = { nombre: 'factura.pdf', url: '/api/file/invoice/12', comentario: 'Falta el RFC del paciente' }

export const machineCatalog: readonly MachineCatalogEntry[] = [
  {
    id: 'session',
    description: 'Sesión del usuario en el navegador: guarda el token, lo renueva antes de que venza y cierra la sesión.',
    machine: sessionMachine,
    input: { user, accessToken: 'token', lastUpdate: '2020-01-01T00:00:00.000Z' },
    // lastUpdate is a timestamp taken at each refresh: only whether there is one matters to the paths.
    contextKey: (c: { user: { userType: string } | null; accessToken: string | null; lastUpdate: string | null }) => ({
      userType: c.user?.userType ?? null,
      accessToken: c.accessToken,
      lastUpdate: c.lastUpdate !== null,
    }),
    events: [
      { type: 'session.start', user: { ...user, userType: 'Colaborador', rol: '2', idColaborador: 70123 }, accessToken: 't2' },
      { type: 'token.rotate', accessToken: 't3' },
      { type: 'photo.update', foto: '/api/file/profile/1.png' },
      { type: 'xstate.done.actor.refreshToken', output: { accessToken: 't4' } },
      { type: 'xstate.error.actor.refreshToken', error: new Error('Token inválido') },
    ],
  },
  {
    id: 'login',
    description: 'Inicio de sesión por rol (correo, contraseña y rol) en la página de acceso.',
    machine: loginMachine,
    events: [
      { type: 'xstate.done.actor.loadRoles', output: { Ejecutivo: 0, Administrativo: 1 } },
      { type: 'xstate.error.actor.loadRoles', error: new Error('Failed to fetch') },
      { type: 'credentials.change', field: 'email', value: 'ana@coppel.com' },
      { type: 'credentials.change', field: 'password', value: 'Secreta1!' },
      { type: 'role.change', role: 'Administrativo' },
      { type: 'xstate.done.actor.signIn', output: session },
      { type: 'xstate.error.actor.signIn', error: new Error('Usuario y/o contraseña incorrectos') },
    ],
  },
  {
    id: 'collaboratorLogin',
    description: 'Acceso del colaborador con su número de colaborador y el número de trámite.',
    machine: collaboratorLoginMachine,
    events: [
      { type: 'credentials.change', field: 'idColaborador', value: '70123' },
      { type: 'credentials.change', field: 'numProcedure', value: '55' },
      { type: 'xstate.done.actor.signIn', output: session },
      { type: 'xstate.error.actor.signIn', error: new Error('Número de trámite y/o colaborador incorrectos') },
    ],
  },
  {
    id: 'procedureSearch',
    description: 'Búsqueda de trámites por número de colaborador en Inicio de trámite, con sus coberturas.',
    machine: procedureSearchMachine,
    events: [
      { type: 'search.change', value: '70123' },
      { type: 'xstate.done.actor.searchProcedures', output: [procedureRow] },
      { type: 'xstate.done.actor.searchProcedures', output: [{ ...procedureRow, idColaborador: null }] },
      { type: 'xstate.error.actor.searchProcedures', error: new Error('Failed to fetch') },
      { type: 'claim.create', idCobertura: 1 },
      { type: 'claim.open', idEvento: 101 },
    ],
  },
  {
    id: 'newClaim',
    description: 'Alta de un trámite nuevo: carga los datos del colaborador y valida el formulario antes de crearlo.',
    machine: newClaimMachine,
    input: { idColaborador: 70123, idCobertura: 1, idEjecutivo: 1, today: '2025-06-01' },
    // The order in which fields were touched multiplies states without changing what the form allows.
    contextKey: (c: { form: unknown; alert: unknown; collaborator: unknown; fund: unknown; estados: unknown[]; municipios: unknown[] }) => ({
      form: c.form,
      alert: c.alert,
      loaded: [c.collaborator !== null, c.fund !== null, c.estados.length, c.municipios.length],
    }),
    events: [
      {
        type: 'xstate.done.actor.loadCollaborator',
        output: { nombre: 'Ana', apePat: 'López', apeMat: 'Pérez', email: 'ana@coppel.com', telefono: '3312345678' },
      },
      { type: 'xstate.done.actor.loadFundSummary', output: { monto: 10000, montoUtilizado: 0, montoDisponible: 10000 } },
      { type: 'xstate.done.actor.loadStates', output: [{ id: 14, nombre: 'Jalisco' }] },
      { type: 'xstate.error.actor.loadStates', error: new Error('Failed to fetch') },
      { type: 'estado.select', value: '14' },
      { type: 'xstate.done.actor.loadMunicipalities', output: [{ id: 39, nombre: 'Guadalajara' }] },
      { type: 'field.change', field: 'ciudad', value: '39' },
      { type: 'birthDate.pick', value: '1990-01-15' },
      { type: 'field.change', field: 'genero', value: '1' },
      { type: 'field.change', field: 'costo', value: '500' },
      { type: 'xstate.done.actor.createClaim', output: { insertId: 9 } },
      { type: 'xstate.error.actor.createClaim', error: new Error('Failed to fetch') },
    ],
  },
  {
    id: 'claimLifecycle',
    description: 'Etapas de un trámite, desde que se inicia hasta que concluye o se rechaza.',
    machine: claimLifecycleMachine,
    events: [
      { type: 'document.upload', tipo: 1 },
      { type: 'document.upload', tipo: 2 },
      { type: 'document.upload', tipo: 3 },
      { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } },
      { type: 'documents.verify', statuses: { '1': 2, '2': 3, '3': 4 } },
      { type: 'document.comment', tipo: 2, status: 4 },
      { type: 'dictamen.save', approved: true },
      { type: 'dictamen.save', approved: false },
    ],
  },
  {
    id: 'claimRecord',
    description: 'Encabezado de un trámite: carga su código y etapa, lo recarga tras una acción y regresa a la lista si no existe.',
    machine: claimRecordMachine,
    input: { idEvento: 238 },
  },
  {
    id: 'profileData',
    description: 'Datos de perfil: carga el registro del usuario para «Mi perfil» y permite reintentar si falla.',
    machine: profileDataMachine,
    input: { idUser: 1 },
  },
  {
    id: 'collaboratorClaim',
    description: 'Trámite del colaborador: tarjeta del trámite actual y línea de tiempo de etapas («Tiempo»).',
    machine: collaboratorClaimMachine,
    input: { idEvento: 500 },
  },
  {
    id: 'claimList',
    description: 'Mis trámites: lista paginada de trámites con búsqueda por número (espera 300 ms tras teclear).',
    machine: claimListMachine,
    events: [
      {
        type: 'xstate.done.actor.loadClaims',
        output: {
          items: [
            {
              idColaborador: 70123,
              descripcion: 'Gastos médicos',
              monto: 30000,
              montoDisponible: 12000,
              montoUtilizado: 18000,
              value: 'Trámite iniciado',
            },
          ],
          total: 25,
        },
      },
      { type: 'xstate.done.actor.loadClaims', output: { items: [], total: 0 } },
      { type: 'xstate.error.actor.loadClaims', error: serverError },
      { type: 'search.change', value: 'C12' },
      { type: 'page.change', page: 2 },
    ],
  },
  {
    id: 'assignProvider',
    description: 'Asignación de proveedor: elegir un servicio, luego uno de sus proveedores, y confirmar.',
    machine: assignProviderMachine,
    input: { idEvento: 77, idEjecutivo: 9 },
    events: [
      { type: 'xstate.done.actor.loadServices', output: [{ id: 3, nombre: 'Laboratorio' }] },
      { type: 'xstate.error.actor.loadServices', error: serverError },
      { type: 'xstate.done.actor.loadProviders', output: [{ idProveedor: 41, nombreProveedor: 'Laboratorio Clínico del Centro' }] },
      { type: 'service.select', servicio: 3 },
      { type: 'provider.select', idProveedor: 41 },
      { type: 'xstate.error.actor.assignProvider', error: serverError },
    ],
  },
  {
    id: 'claimDocuments',
    description: 'Carga de los tres documentos de un trámite, con su progreso, y acceso a verificarlos o asignar proveedor.',
    machine: claimDocumentsMachine,
    input: { idEvento: 77 },
    events: [
      { type: 'xstate.done.actor.loadDocuments', output: noDocuments },
      { type: 'xstate.done.actor.loadDocuments', output: verifiedDocuments },
      { type: 'xstate.error.actor.loadDocuments', error: serverError },
      { type: 'document.upload', tipo: 1, file: pdf, firstBytes: '%PDF-' },
      { type: 'document.upload', tipo: 2, file: png },
      { type: 'upload.progress', loaded: 512, total: 1024 },
      { type: 'upload.fail', reason: 'El archivo excede el tamaño permitido' },
    ],
  },
  {
    id: 'collaboratorUpload',
    description: 'Pestaña «Proceso actual» del colaborador: sube sus documentos y los envía a validar.',
    machine: collaboratorUploadMachine,
    input: { idEvento: 321 },
    events: [
      { type: 'xstate.done.actor.loadDocuments', output: noDocuments },
      { type: 'xstate.done.actor.loadDocuments', output: reviewedDocuments },
      { type: 'xstate.error.actor.loadDocuments', error: serverError },
      { type: 'document.upload', tipo: 1, file: pdf },
      { type: 'document.upload', tipo: 2, file: png },
      { type: 'upload.progress', loaded: 512, total: 1024 },
      { type: 'upload.done', file: claimFile('1', 1) },
      { type: 'upload.failed', error: serverError },
    ],
  },
  {
    id: 'documentVerification',
    description: 'Verificación de documentos: un estatus por documento, guardado de los tres y un comentario por documento.',
    machine: documentVerificationMachine,
    input: { idEvento: 77 },
    events: [
      { type: 'xstate.done.actor.loadDocuments', output: uploadedDocuments },
      { type: 'xstate.error.actor.loadDocuments', error: serverError },
      { type: 'status.select', tipo: 1, status: 2 },
      { type: 'status.select', tipo: 2, status: 3 },
      { type: 'status.select', tipo: 3, status: 4 },
      { type: 'xstate.error.actor.verifyFiles', error: serverError },
    ],
  },
  {
    id: 'comment',
    description: 'Comentario del revisor sobre un documento: se abre, se envía con su estatus y muestra el aviso 6 s.',
    machine: commentMachine,
    input: { idEvento: 77, tipo: 2, fileUrl: '/api/file/download/12', status: null },
    events: [
      { type: 'comment.statusChange', status: 3 },
      { type: 'comment.change', text: 'Falta la firma' },
      { type: 'xstate.error.actor.sendComment', error: serverError },
    ],
  },
  {
    id: 'letterForm',
    description: 'Carta autorización: carga los datos completos del trámite, permite editarlos y guardarlos.',
    machine: letterFormMachine,
    input: { idEvento: 77 },
    events: [
      { type: 'xstate.done.actor.loadLetter', output: letter },
      { type: 'xstate.error.actor.loadLetter', error: serverError },
      { type: 'field.change', field: 'diagnostico', value: 'Esguince' },
      { type: 'field.change', field: 'medicoMonto', value: 'mil' },
      { type: 'xstate.error.actor.saveLetter', error: serverError },
    ],
  },
  {
    id: 'saveButton',
    description: 'Botón «Guardar» de un formulario: normal, guardando y guardado (con indicador de 300 ms).',
    machine: saveButtonMachine,
  },
  {
    id: 'dictamination',
    description: 'Dictamen del trámite: elegir PDF y estatus (aprobado o rechazado), adjuntarlo y guardarlo.',
    machine: dictaminationMachine,
    input: { idEvento: 77 },
    events: [
      { type: 'xstate.done.actor.loadDictamination', output: null },
      {
        type: 'xstate.done.actor.loadDictamination',
        output: { nombre: 'dictamen.pdf', url: '/api/file/dictamination/77', comentario: null, dictaminacion: '1' },
      },
      { type: 'xstate.error.actor.loadDictamination', error: serverError },
      { type: 'status.select', status: 'approved' },
      { type: 'status.select', status: 'rejected' },
      { type: 'file.select', file: pdf, firstBytes: '%PDF-' },
      { type: 'file.select', file: png },
      { type: 'xstate.done.actor.attachDictaminationFile', output: { url: '/api/file/download/90' } },
      { type: 'xstate.error.actor.attachDictaminationFile', error: serverError },
      { type: 'xstate.error.actor.saveDictamination', error: serverError },
    ],
  },
  {
    id: 'invoiceUpload',
    description: 'Carga de la factura por el proveedor, con sus avisos y el comentario de la factura.',
    machine: invoiceUploadMachine,
    input: { idEvento: 77, idProveedor: 4 },
    events: [
      { type: 'xstate.done.actor.loadInvoice', output: null },
      { type: 'xstate.done.actor.loadInvoice', output: invoice },
      { type: 'xstate.error.actor.loadInvoice', error: serverError },
      { type: 'invoice.upload', file: pdf },
      { type: 'invoice.upload', file: png },
      { type: 'invoice.replace', file: pdf },
      { type: 'xstate.done.actor.uploadInvoice', output: true },
      { type: 'xstate.error.actor.uploadInvoice', error: serverError },
    ],
  },
  {
    id: 'invoiceApproval',
    description: 'Revisión de la factura por el administrador: descargarla y aprobarla.',
    machine: invoiceApprovalMachine,
    input: { idEvento: 77, idFactura: 12 },
    events: [
      { type: 'xstate.done.actor.loadDocuments', output: verifiedDocuments },
      { type: 'xstate.done.actor.loadDocuments', output: { files: [claimFile('1', 2)], numSended: 1 } },
      { type: 'xstate.done.actor.loadInvoice', output: invoice },
      { type: 'xstate.error.actor.loadInvoice', error: serverError },
      { type: 'xstate.done.actor.approveInvoice', output: { statusId: 8 } },
      { type: 'xstate.error.actor.approveInvoice', error: serverError },
      { type: 'xstate.error.actor.downloadInvoice', error: serverError },
    ],
  },
  {
    id: 'executiveForm',
    description: 'Formulario de ejecutivo del administrador: alta, edición y consulta.',
    machine: executiveFormMachine,
    input: { mode: 'create', internalDomains: ['coppel.com'] },
    // The order in which fields were touched multiplies states without changing what the form allows.
    contextKey: (c: { values: unknown; alert: unknown }) => ({ values: c.values, alert: c.alert }),
    events: [
      { type: 'xstate.done.actor.createExecutive', output: { idUser: 99 } },
      { type: 'xstate.error.actor.createExecutive', error: serverError },
      { type: 'field.change', field: 'nombre', value: 'Laura Méndez' },
      { type: 'field.change', field: 'phone', value: '5512345678' },
      { type: 'field.change', field: 'email', value: 'laura@coppel.com' },
      { type: 'field.change', field: 'activo', value: '1' },
      { type: 'field.change', field: 'ubicacion', value: 'Call Center Revolución' },
      { type: 'field.change', field: 'password', value: 'Segura#2025' },
      { type: 'field.change', field: 'confirmPassword', value: 'Segura#2025' },
    ],
  },
  {
    id: 'providerForm',
    description: 'Formulario de proveedor del administrador: alta, edición y consulta, con catálogos de estado, municipio y colonia.',
    machine: providerFormMachine,
    input: { mode: 'edit', idProveedor: 8 },
    // The order in which fields were touched multiplies states without changing what the form allows.
    contextKey: (c: { touched?: unknown }) => ({ ...c, touched: undefined }),
    events: [
      { type: 'xstate.done.actor.loadStates', output: [{ id: 14, nombre: 'Jalisco' }] },
      { type: 'xstate.done.actor.loadServices', output: [{ id: 3, nombre: 'Laboratorio' }] },
      {
        type: 'xstate.done.actor.loadProvider',
        output: {
          idProveedor: 8,
          idUsuario: 41,
          tipo: 1,
          nombreProveedor: 'Clínica Del Valle',
          activo: 0,
          nivel: 'Segundo',
          tipoEspecialidad: 'Médica',
          especialidad: 'Cardiología',
          costoNormal: 850,
          estudio: 'Electrocardiograma',
          servicio: 3,
          contrato: null,
          contratoYear: null,
          contratoEstatus: null,
          estado: 14,
          municipio: 120,
          colonia: 5001,
          calle: 'Av. Vallarta',
          numeroExterior: 1500,
          numeroInterior: null,
          codigoPostal: 44160,
          telefono1: '3312345678',
          telefono2: null,
          horarios: 'L-V 9 a 18',
          email: 'contacto@delvalle.mx',
          observaciones: 'Planta baja',
          puntosImportantes: null,
        },
      },
      { type: 'xstate.error.actor.loadProvider', error: serverError },
      { type: 'xstate.done.actor.loadMunicipalities', output: [{ id: 120, nombre: 'Guadalajara' }] },
      { type: 'xstate.done.actor.loadNeighbourhoods', output: [{ id: 5001, nombre: 'Americana' }] },
      { type: 'xstate.done.actor.updateProvider', output: { idUsuario: 41 } },
      { type: 'xstate.error.actor.updateProvider', error: serverError },
      { type: 'field.change', field: 'codigoPostal', value: '100000' },
    ],
  },
  {
    id: 'profilePhoto',
    description: 'Mi perfil: cambiar la foto (selector, vista previa, Guardar) y actualizarla en el encabezado al momento.',
    machine: profilePhotoMachine,
    input: { photo: null },
    events: [
      { type: 'photo.select', previewUrl: 'blob:portal/1', fileName: 'yo.png', mimeType: 'image/png' },
      { type: 'photo.select', previewUrl: 'blob:portal/2', fileName: 'cv.pdf', mimeType: 'application/pdf' },
      { type: 'xstate.done.actor.uploadPhoto', output: { foto: '/api/file/photo/nueva.png' } },
      { type: 'xstate.error.actor.uploadPhoto', error: serverError },
    ],
  },
  {
    id: 'executiveList',
    description: 'Ejecutivos: lista paginada con búsqueda por nombre o correo; eliminar solo desactiva, tras confirmar en un diálogo.',
    machine: executiveListMachine,
    events: [
      {
        type: 'xstate.done.actor.loadExecutives',
        output: {
          items: [
            { idUser: 31, nombre: 'Laura', email: 'laura@coppel.com', telefono: '5512345678', activo: 0, ubicacionLaboral: 'Coorporativo Reforma' },
            { idUser: 32, nombre: 'Pedro', email: 'pedro@coppel.com', telefono: '5512345679', activo: 1, ubicacionLaboral: 'Coorporativo Reforma' },
          ],
          total: 25,
        },
      },
      { type: 'xstate.done.actor.loadExecutives', output: { items: [], total: 0 } },
      { type: 'xstate.error.actor.loadExecutives', error: serverError },
      { type: 'xstate.done.actor.deactivateExecutive', output: { idUsuario: 31 } },
      { type: 'xstate.error.actor.deactivateExecutive', error: serverError },
      { type: 'search.change', value: 'laura' },
      { type: 'page.change', page: 2 },
      { type: 'deactivate.request', idUser: 31 },
    ],
  },
  {
    id: 'providerList',
    description: 'Proveedores registrados: lista paginada con búsqueda por nombre (distingue mayúsculas) y estatus.',
    machine: providerListMachine,
    events: [
      {
        type: 'xstate.done.actor.loadProviders',
        output: { items: [{ idProveedor: 1, idUsuario: 41, nombreProveedor: 'Clínica Del Valle', activo: 0 }], total: 25 },
      },
      { type: 'xstate.done.actor.loadProviders', output: { items: [], total: 0 } },
      { type: 'xstate.error.actor.loadProviders', error: serverError },
      { type: 'search.change', value: 'Clínica' },
      { type: 'page.change', page: 2 },
    ],
  },
  {
    id: 'report',
    description: 'Reportes: elegir el tipo y el periodo y descargar Reporte.csv; avisa si no hay datos.',
    machine: reportMachine,
    events: [
      { type: 'startDate.change', value: '2025-01-01' },
      { type: 'endDate.change', value: '2025-01-31' },
      { type: 'xstate.done.actor.downloadReport', output: { rowCount: 12 } },
      { type: 'xstate.done.actor.downloadReport', output: { rowCount: 0 } },
      { type: 'xstate.error.actor.downloadReport', error: serverError },
    ],
  },
]

export function findMachine(id: string): MachineCatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.id === id)
}
