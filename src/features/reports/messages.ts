/** Texts of Reportes (spec 2.11 'Reportes', 5 'Reports', 8). The report type and file name come from the machine. */
export const REPORT_TEXTS = {
  title: 'Reportes',
  subtitle: 'Descarga los trámites ingresados en un periodo.',
  reportType: 'Tipo de reporte',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  download: 'Descargar',
  needsBothDates: 'Elija la fecha de inicio y la fecha de fin.',
  inverted: 'La fecha de inicio no puede ser posterior a la fecha de fin',
} as const
