/**
 * Spanish names of request fields, for the server's validation reasons ('Etiqueta: mensaje', worded like the
 * form's tooltips): an API client and a person at the form read the same text.
 */
import { EXECUTIVE_FIELDS, PROVIDER_FIELDS, type FieldSpec } from '../rules'

export type FieldLabels = Readonly<Record<string, string>>

/** A form's labels, from its field specs: the server names a field as the form's tooltip does. */
const labelsOf = (fields: readonly FieldSpec[]): FieldLabels => Object.fromEntries(fields.map((field) => [field.name, field.label]))

/** Fields that several groups share. */
const COMMON_LABELS: FieldLabels = {
  idUsuario: 'Usuario',
  active: 'Estatus',
  id: 'Identificador',
  q: 'Búsqueda',
  page: 'Página',
  pageSize: 'Tamaño de página',
}

/** /api/event. */
export const CLAIM_LABELS: FieldLabels = {
  idEvento: 'Trámite',
  idColaborador: 'Número de colaborador',
  nombreColaborador: 'Nombre del colaborador',
  idCobertura: 'Cobertura',
  idEjecutivo: 'Ejecutivo',
  idUser: 'Usuario',
  idProveedor: 'Proveedor',
  beneficiary: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  age: 'Edad',
  gender: 'Género',
  state: 'Estado',
  city: 'Ciudad',
  montoAutorizado: 'Costo',
  initDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  q: 'Búsqueda',
  page: 'Página',
  pageSize: 'Tamaño de página',
  after: 'Trámite anterior a la página',
  before: 'Trámite siguiente a la página',
  fechaIngreso: 'Fecha de ingreso',
  nombreMedico: 'Nombre del médico',
  tipoServicio: 'Tipo de servicio',
  tipoAtencion: 'Tipo de atención',
  tipoAtencion2: 'Tipo de atención 2',
  tipoPadecimiento: 'Tipo de padecimiento',
  diagnostico: 'Diagnóstico',
  observaciones: 'Observaciones',
  deducibleHospital: 'Deducible hospitalario',
  coaseguroHospital: 'Coaseguro hospitalario',
  medicoEsp: 'Especialidad del médico',
  medicoProcedimiento: 'Procedimiento',
  medicoMonto: 'Monto',
  medicoHonorariosAsegurado: 'Honorarios',
  vigenciaDesde: 'Vigencia desde',
  vigenciaHasta: 'Vigencia hasta',
  limiteFacturacion: 'Límite de facturación',
}

/** signup-executive and PUT /api/user/executive: the executive form's labels. */
export const EXECUTIVE_LABELS: FieldLabels = labelsOf(EXECUTIVE_FIELDS)

/** signup-provider and PUT /api/user/provider: the provider form's labels. */
export const PROVIDER_LABELS: FieldLabels = labelsOf(PROVIDER_FIELDS)

/** /api/catalog: the parent ids of the location and provider catalogues. */
export const CATALOG_LABELS: FieldLabels = { stateId: 'Estado', id: 'Municipio', servicio: 'Servicio' }

/** /api/user reads. */
export const USER_LABELS: FieldLabels = { idColaborador: 'Número de colaborador', idProveedor: 'Proveedor' }

export const labelOf = (labels: FieldLabels, field: string): string => labels[field] ?? COMMON_LABELS[field] ?? field

/** /api/notifications. */
export const NOTIFICATION_LABELS: FieldLabels = { ids: 'Notificaciones', todas: 'Todas' }

/** /api/service-levels. */
export const SERVICE_LEVEL_LABELS: FieldLabels = { objetivos: 'Objetivos', statusId: 'Etapa', diasHabiles: 'Días hábiles' }

/** /api/queue. */
export const QUEUE_LABELS: FieldLabels = { estado: 'Estado', etapa: 'Etapa', after: 'Trámite siguiente', before: 'Trámite anterior', vence: 'Vencimiento', idEventos: 'Trámites' }
