/** Texts of Reportes (spec 2.11 'Reportes', 5 'Reports', 8; the summary and the progress: issues 14 and 15). The report type and file name come from the machine. */
import { formatDate } from '../../lib/format'
export const REPORT_TEXTS = {
  title: 'Reportes',
  subtitle: 'Consulta las cifras de un periodo y descarga los trámites ingresados en él.',
  period: 'Periodo',
  reportType: 'Tipo de reporte',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  download: 'Descargar',
  downloadTitle: 'Descargar reporte',
  needsBothDates: 'Elija la fecha de inicio y la fecha de fin.',
  fixDates: 'Corrija las fechas marcadas.',
  inverted: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  progressLabel: 'Descargando Reporte.csv',
  summaryTitle: 'Resumen del periodo',
  summaryNoPeriod: 'Elija el periodo para ver el resumen.',
  summaryLoading: 'Cargando resumen…',
  summaryRetry: 'Reintentar',
  summaryFailed: (reason: string) => `No se pudo cargar el resumen: ${reason}`,
  summaryEmpty: 'No hay trámites ingresados en el periodo.',
  byStageTitle: 'Trámites por etapa actual',
  stageDaysTitle: 'Días en cada etapa (mediana y percentil 90)',
  stageDaysNone: 'Ningún trámite del periodo ha cambiado de etapa todavía.',
  stageDaysNote: 'Cuenta las estancias ya terminadas: el tiempo desde que el trámite entró a la etapa hasta que pasó a la siguiente.',
  weeklyTitle: 'Trámites ingresados por semana',
  weeklyNote: 'Semanas de lunes a domingo (días en UTC, como el reporte).',
  stage: 'Etapa',
  claims: 'Trámites',
  stays: 'Estancias terminadas',
  median: 'Mediana (días)',
  p90: 'Percentil 90 (días)',
  week: 'Semana del lunes',
  serviceLevelsTitle: 'Cumplimiento de niveles de servicio (a tiempo y tarde)',
  serviceLevelsNote:
    'Cuenta las estancias ya terminadas en las etapas con nivel de servicio, en días hábiles (sin fines de semana ni días de descanso obligatorio), contra el objetivo vigente.',
  serviceLevelsNone: 'Ningún trámite del periodo ha terminado todavía una etapa con nivel de servicio.',
  targetDays: 'Objetivo (días hábiles)',
  onTime: 'A tiempo',
  late: 'Tarde',
  medianBusinessDays: 'Mediana (días hábiles)',
  chartHint: 'Los datos están en la tabla que sigue a la gráfica.',
} as const

const whole = new Intl.NumberFormat('es-MX')
const oneDecimal = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const kilobytes = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 })

/** 12345 → '12,345'. */
export const formatCount = (n: number): string => whole.format(n)
/** 2.6 → '2.6'; null → 'Sin datos'. */
export const formatDays = (n: number | null): string => (n === null ? 'Sin datos' : oneDecimal.format(n))

/** '12,345 trámites ingresados del 1 de enero de 2026 al 31 de enero de 2026' (dates arrive as AAAA-MM-DD). */
export const summaryLine = (total: number, initDate: string, endDate: string): string =>
  `${formatCount(total)} ${total === 1 ? 'trámite ingresado' : 'trámites ingresados'} del ${formatDate(initDate)} al ${formatDate(endDate)}`

/** Bytes as kB or MB (es-MX). */
const formatBytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${kilobytes.format(bytes / 1024)} kB` : `${kilobytes.format(bytes / 1024 / 1024)} MB`

/** '1,234 de 5,000 filas · 210.5 kB recibidos', or without the total when it is unknown. */
export const progressText = (rows: number, bytes: number, expectedRows: number | null): string =>
  `${formatCount(rows)}${expectedRows === null ? '' : ` de ${formatCount(expectedRows)}`} ${expectedRows === 1 ? 'fila' : 'filas'} · ${formatBytes(bytes)} recibidos`
