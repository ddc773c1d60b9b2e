/**
 * Spanish texts of the claim process pages. Texts the spec gives are verbatim (tabs, buttons, messages of
 * sections 2.11, 4, 5 and 8); the rest (section titles, field labels, empty states) are ours. Messages that a
 * machine owns (NOT_A_PDF, COMMENT_REQUIRED, …) are imported from the machine, not repeated here.
 */
import { DICTAMEN_LABELS, GENDER_LABELS, LETTER_FIELD_LABELS, LETTER_SECTIONS, LETTER_TITLE } from '../../../domain/letter'

export const TABS = {
  general: (idEvento: number | string) => `Inicio C${idEvento}`,
  documents: 'Validación de documentos',
  letter: 'Carta autorización',
  label: 'Proceso del trámite',
} as const

export const HEADER = {
  title: (idEvento: number | string) => `Trámite C${idEvento}`,
  stage: (value: string) => `Etapa actual: ${value}`,
  back: 'Regresar a mis trámites',
  loading: 'Cargando trámite…',
  retry: 'Reintentar',
} as const

export const GENERAL = {
  dataTitle: 'Datos generales',
  trackingNumber: 'Número de seguimiento',
  collaboratorNumber: 'Número de colaborador',
  // The person the claim is for (the new-claim 'beneficiary'); 'Titular' is the collaborator on the coverage card.
  holder: 'Beneficiario',
  reason: 'Motivo del trámite',
  type: 'Tipo de trámite',
  typeValue: 'Digital',
  entryDate: 'Fecha de ingreso',
  amountsTitle: 'Montos de apoyo',
  authorizedSum: 'Suma de apoyo autorizada',
  claimAmount: 'Monto del trámite',
  usedSum: 'Suma de apoyo utilizada',
  availableSum: 'Suma de apoyo disponible',
  providerTitle: 'Proveedor',
  service: 'Servicio',
  provider: 'Proveedor',
  notAssigned: 'Sin asignar',
  assignProvider: 'Asignar proveedor',
  assignNeedsVerified: 'Disponible cuando los tres documentos estén verificados.',
} as const

export const DOCUMENTS = {
  title: 'Documentos del trámite',
  legendTitle: 'Estatus de los documentos',
  uploadedBar: 'Documentos cargados',
  verifiedBar: 'Documentos verificados',
  noFile: 'Sin archivo',
  upload: 'Cargar archivo',
  replace: 'Reemplazar archivo',
  uploading: (name: string) => `Subiendo ${name}`,
  cancelUpload: 'Cancelar carga',
  download: (name: string) => `Descargar ${name}`,
  downloadFailed: 'No fue posible descargar el archivo',
  reviewerComment: 'Comentario del revisor',
  verify: 'Verificar documentos',
  verifyHint: 'Disponible cuando los tres documentos estén cargados.',
  approvalTitle: 'Aprobación de documentos',
  approvalAll: 'Los tres documentos están verificados.',
  approvalRejected: 'Hay documentos rechazados: el colaborador debe cargarlos de nuevo.',
  approvalPending: 'Los documentos aún no han sido verificados en su totalidad.',
  readOnly: 'Vista de solo lectura.',
  loading: 'Cargando documentos…',
} as const


export const VERIFICATION = {
  title: 'Verificación de documentos',
  intro: 'Seleccione el estatus de cada documento y guarde los cambios.',
  statusGroup: (document: string) => `Estatus de ${document}`,
  missing: 'El documento aún no se ha cargado.',
  openComment: 'Enviar comentario',
  commentLabel: (document: string) => `Comentario sobre ${document}`,
  sendComment: 'Agregar comentario',
  closeComment: 'Cerrar',
  save: 'Guardar cambios',
  saveHint: 'Seleccione un estatus para cada uno de los tres documentos.',
  back: 'Regresar a documentos',
  readOnly: 'Vista de solo lectura: los estatus y comentarios no pueden modificarse.',
  loading: 'Cargando documentos…',
  viewDocument: 'Ver documento',
  hideDocument: 'Ocultar documento',
  nextDocument: (document: string) => `Siguiente: ${document}`,
  review: (document: string) => `Revisión de ${document}`,
} as const

export const LETTER = {
  title: LETTER_TITLE,
  sections: LETTER_SECTIONS,
  fields: LETTER_FIELD_LABELS,
  genders: GENDER_LABELS,
  dictamenApproved: DICTAMEN_LABELS.approved,
  dictamenRejected: DICTAMEN_LABELS.rejected,
  dictamenNone: DICTAMEN_LABELS.none,
  noProvider: 'Sin proveedor asignado',
  empty: '—',
  save: 'Guardar',
  saved: 'Guardado',
  saving: 'Guardando…',
  savedNotice: 'Carta guardada',
  readOnly: 'Vista de solo lectura.',
  pdfTitle: 'Carta autorización en PDF',
  pdfIntro: 'El dictamen fue aprobado: la carta puede verse, imprimirse y entregarse al proveedor.',
  loading: 'Cargando carta…',
  retry: 'Reintentar',
} as const

export const DICTAMEN = {
  title: 'Carga de dictamen',
  current: 'Dictamen actual',
  file: 'Archivo del dictamen (PDF)',
  pick: 'Seleccionar archivo',
  chosen: (name: string) => `Archivo seleccionado: ${name}`,
  document: 'Dictamen',
  chosenDocument: 'Dictamen por guardar',
  clear: 'Quitar archivo',
  status: 'Estatus del dictamen',
  save: 'Guardar dictamen',
  saveHint: 'Seleccione un archivo PDF y un estatus.',
  saving: 'Guardando dictamen…',
  sending: (name: string) => `Enviando ${name}`,
  loading: 'Cargando dictamen…',
  confirmTitle: '¿Guardar el dictamen?',
  confirmApproved: 'El dictamen aprobado pasa el trámite a «Facturación». No se podrá registrar otro dictamen.',
  confirmRejected: 'El dictamen rechazado concluye el trámite como «Trámite rechazado». Esta acción no se puede deshacer.',
  cancel: 'Cancelar',
} as const

export const ASSIGN = {
  title: 'Asignar proveedor',
  intro: 'Elija un servicio y después el proveedor que atenderá el trámite.',
  service: 'Servicio',
  provider: 'Proveedor',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  current: (provider: string, service: string | null) => (service ? `Proveedor actual: ${provider} (${service})` : `Proveedor actual: ${provider}`),
  loading: 'Cargando catálogos…',
  loadingProviders: 'Cargando proveedores…',
} as const
