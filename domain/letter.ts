/**
 * The authorization letter's words (spec 2.11 'Authorization letter', 3 'Claim full data'): its section titles and
 * field labels, shared by the letter screen and the generated PDF (server/domain/claims/letterPdf.ts), so both
 * name a field the same way.
 */
export const LETTER_TITLE = 'Carta autorización'

export const LETTER_SECTIONS = {
  provider: 'Proveedor',
  affiliate: 'Afiliado',
  service: 'Servicio',
  dictamen: 'Dictamen',
  fees: 'Honorarios médicos',
  extra: 'Extra',
} as const

export const LETTER_FIELD_LABELS = {
  proveedorNombre: 'Nombre del proveedor',
  proveedorServicio: 'Laboratorio / servicio',
  colaboradorNombre: 'Nombre del afiliado',
  colaboradorId: 'Número de colaborador',
  edad: 'Edad',
  genero: 'Género',
  estado: 'Estado',
  ciudad: 'Ciudad',
  fechaIngreso: 'Fecha de ingreso',
  nombreMedico: 'Nombre del médico',
  tipoServicio: 'Tipo de servicio',
  tipoAtencion: 'Tipo de atención',
  tipoAtencion2: 'Tipo de atención 2',
  tipoPadecimiento: 'Tipo de padecimiento',
  diagnostico: 'Diagnóstico',
  observaciones: 'Observaciones (opcional)',
  dictaminacion: 'Resultado del dictamen',
  montoAutorizado: 'Suma autorizada',
  deducibleHospital: 'Deducible hospitalario',
  coaseguroHospital: 'Coaseguro',
  medicoEsp: 'Especialidad del médico',
  medicoProcedimiento: 'Procedimiento',
  medicoMonto: 'Monto',
  medicoHonorariosAsegurado: 'Honorarios',
  vigenciaDesde: 'Vigencia desde',
  vigenciaHasta: 'Vigencia hasta',
  limiteFacturacion: 'Límite de facturación',
} as const

export const GENDER_LABELS: Readonly<Record<number, string>> = { 1: 'Masculino', 2: 'Femenino' }

export const DICTAMEN_LABELS = { approved: 'Aprobado', rejected: 'Rechazado', none: 'Sin dictamen' } as const

/** Why GET /api/event/letter-pdf answers 409: the letter exists only once the dictamen is approved. */
export const LETTER_PDF_REASONS = {
  notYet: 'La carta autorización estará disponible cuando el dictamen sea aprobado',
  rejected: 'La carta autorización no está disponible: el dictamen del trámite fue rechazado',
} as const

/** The file name the letter downloads as. */
export const letterFileName = (idEvento: number): string => `Carta-autorizacion-C${idEvento}.pdf`
