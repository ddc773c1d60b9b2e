/**
 * Registry of every workflow machine, for what reads machines without running them: `npm run diagrams`
 * (docs/machines/<id>.md), `npm run paths -- <id>` (QA's test paths), the coverage check run by `npm test`, and the
 * app's /administrador/flujos screen. Adding a machine is one entry here, `{ id, description, machine }`, with `id`
 * equal to the machine's own `id`; a machine whose events carry data also gets traversal samples in
 * ./samples/<id>.samples.ts, listed in ./traversalSamples.ts.
 *
 * The app loads this file in the browser, so it imports machines and nothing else (no samples, no Node): the
 * import-boundary test (tests/architecture/imports.test.ts) holds it to that.
 */
import type { AnyStateMachine } from 'xstate'
import { assignProviderMachine } from '../../machines/assignProvider.machine'
import { bulkApprovalMachine } from '../../machines/bulkApproval.machine'
import { serviceLevelsMachine } from '../../machines/serviceLevels.machine'
import { claimDocumentsMachine } from '../../machines/claimDocuments.machine'
import { claimLifecycleMachine } from '../../machines/claimLifecycle.machine'
import { claimRecordMachine } from '../../machines/claimRecord.machine'
import { profileDataMachine } from '../../machines/profileData.machine'
import { collaboratorClaimMachine } from '../../machines/collaboratorClaim.machine'
import { collaboratorLoginMachine } from '../../machines/collaboratorLogin.machine'
import { collaboratorUploadMachine } from '../../machines/collaboratorUpload.machine'
import { documentUploadMachine } from '../../machines/documentUpload.machine'
import { commentMachine } from '../../machines/comment.machine'
import { dictaminationMachine } from '../../machines/dictamination.machine'
import { documentVerificationMachine } from '../../machines/documentVerification.machine'
import { executiveFormMachine } from '../../machines/executiveForm.machine'
import { invoiceApprovalMachine } from '../../machines/invoiceApproval.machine'
import { invoiceUploadMachine } from '../../machines/invoiceUpload.machine'
import { letterFormMachine } from '../../machines/letterForm.machine'
import { loginMachine } from '../../machines/login.machine'
import { newClaimMachine } from '../../machines/newClaim.machine'
import { notificationsMachine } from '../../machines/notifications.machine'
import { procedureSearchMachine } from '../../machines/procedureSearch.machine'
import { providerFormMachine } from '../../machines/providerForm.machine'
import { profilePhotoMachine } from '../../machines/profilePhoto.machine'
import { scanDocumentMachine } from '../../machines/scanDocument.machine'
import { pagedListMachine } from '../../machines/pagedList.machine'
import { documentViewerMachine } from '../../machines/documentViewer.machine'
import { reportMachine } from '../../machines/report.machine'
import { saveButtonMachine } from '../../machines/saveButton.machine'
import { sessionMachine } from '../../machines/session.machine'

export interface MachineCatalogEntry {
  /** The machine's `id`; names docs/machines/<id>.md. */
  id: string
  /** One line, in Spanish, for analysts. */
  description: string
  machine: AnyStateMachine
}

export const machineCatalog: readonly MachineCatalogEntry[] = [
  {
    id: 'session',
    description: 'Sesión del usuario en el navegador: guarda el token, lo renueva antes de que venza y cierra la sesión.',
    machine: sessionMachine,
  },
  {
    id: 'login',
    description: 'Inicio de sesión por rol (correo, contraseña y rol) en la página de acceso.',
    machine: loginMachine,
  },
  {
    id: 'collaboratorLogin',
    description: 'Acceso del colaborador con su número de colaborador y el número de trámite.',
    machine: collaboratorLoginMachine,
  },
  {
    id: 'procedureSearch',
    description: 'Búsqueda de trámites por número de colaborador en Inicio de trámite, con sus coberturas.',
    machine: procedureSearchMachine,
  },
  {
    id: 'newClaim',
    description: 'Alta de un trámite nuevo: carga los datos del colaborador y valida el formulario antes de crearlo.',
    machine: newClaimMachine,
  },
  {
    id: 'claimLifecycle',
    description: 'Etapas de un trámite, desde que se inicia hasta que concluye o se rechaza.',
    machine: claimLifecycleMachine,
  },
  {
    id: 'claimRecord',
    description: 'Encabezado de un trámite: carga su código y etapa, lo recarga tras una acción y regresa a la lista si no existe.',
    machine: claimRecordMachine,
  },
  {
    id: 'profileData',
    description: 'Datos de perfil: carga el registro del usuario para «Mi perfil» y permite reintentar si falla.',
    machine: profileDataMachine,
  },
  {
    id: 'collaboratorClaim',
    description: 'Trámite del colaborador: tarjeta del trámite actual y línea de tiempo de etapas («Tiempo»).',
    machine: collaboratorClaimMachine,
  },
  {
    id: 'assignProvider',
    description: 'Asignación de proveedor: elegir un servicio, luego uno de sus proveedores, y confirmar.',
    machine: assignProviderMachine,
  },
  {
    id: 'claimDocuments',
    description: 'Carga de los tres documentos de un trámite, con su progreso, y acceso a verificarlos o asignar proveedor.',
    machine: claimDocumentsMachine,
  },
  {
    id: 'collaboratorUpload',
    description: 'Pestaña «Proceso actual» del colaborador: sube sus documentos y los envía a validar.',
    machine: collaboratorUploadMachine,
  },
  {
    id: 'documentUpload',
    description: 'La carga reanudable de un documento del colaborador, una por ranura: avanza, se corta y reintenta, se pausa, se cancela o caduca.',
    machine: documentUploadMachine,
  },
  {
    id: 'documentVerification',
    description: 'Verificación de documentos: un estatus por documento, guardado de los tres y un comentario por documento.',
    machine: documentVerificationMachine,
  },
  {
    id: 'comment',
    description: 'Comentario del revisor sobre un documento: se abre, se envía con su estatus y muestra el aviso 6 s.',
    machine: commentMachine,
  },
  {
    id: 'letterForm',
    description: 'Carta autorización: carga los datos completos del trámite, permite editarlos y guardarlos.',
    machine: letterFormMachine,
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
  },
  {
    id: 'invoiceUpload',
    description: 'Carga de la factura por el proveedor, con sus avisos y el comentario de la factura.',
    machine: invoiceUploadMachine,
  },
  {
    id: 'invoiceApproval',
    description: 'Revisión de la factura por el administrador: descargarla y aprobarla.',
    machine: invoiceApprovalMachine,
  },
  {
    id: 'executiveForm',
    description: 'Formulario de ejecutivo del administrador: alta, edición y consulta.',
    machine: executiveFormMachine,
  },
  {
    id: 'providerForm',
    description: 'Formulario de proveedor del administrador: alta, edición y consulta, con catálogos de estado, municipio y colonia.',
    machine: providerFormMachine,
  },
  {
    id: 'profilePhoto',
    description: 'Mi perfil: cambiar la foto (selector, vista previa, Guardar) y actualizarla en el encabezado al momento.',
    machine: profilePhotoMachine,
  },
  {
    id: 'scanDocument',
    description: 'Fotos de un documento en papel a un PDF en el navegador: agregar, quitar, ordenar y girar páginas, vista previa y «Cargar documento».',
    machine: scanDocumentMachine,
  },
  {
    id: 'pagedList',
    description:
      'Lista paginada en el servidor (Mis trámites, Facturas, Ejecutivos, Proveedores): búsqueda que espera 300 ms tras teclear, páginas de 10 y, si la lista la ofrece, una acción por fila que se confirma en un diálogo (desactivar un ejecutivo).',
    machine: pagedListMachine,
  },
  {
    id: 'documentViewer',
    description: 'Visor de PDF en la página: carga el archivo, pasa páginas, acerca, ajusta al ancho, gira y descarga; avisa si está dañado o sin permiso.',
    machine: documentViewerMachine,
  },
  {
    id: 'report',
    description: 'Reportes: elegir el tipo y el periodo y descargar Reporte.csv; avisa si no hay datos.',
    machine: reportMachine,
  },
  {
    id: 'notifications',
    description: 'Notificaciones de la sesión: campana con las no leídas, lista que se actualiza cada 30 s y marcar como leídas (una o todas).',
    machine: notificationsMachine,
  },
  {
    id: 'bulkApproval',
    description:
      'Pendientes del administrador: marcar facturas por aprobar, confirmar en un diálogo que dice cuántas y cuáles, y ver cuáles se aprobaron y cuáles no, con el motivo.',
    machine: bulkApprovalMachine,
  },
  {
    id: 'serviceLevels',
    description: 'Niveles de servicio: cargar los días hábiles por etapa, editarlos con la regla del dominio y guardar los que cambiaron.',
    machine: serviceLevelsMachine,
  },
]

export function findMachine(id: string): MachineCatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.id === id)
}
