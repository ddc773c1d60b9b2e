/**
 * Reportes: the figures of the chosen period (issue 14) above the download of Reporte.csv (spec 2.11 'Reportes',
 * 5 'Reports', 7 report, 8, 9). Two regions run side by side:
 *
 * - statistics: noPeriod until both dates make a valid period, then loading the period's figures (one API call) →
 *   ready | failed ('Reintentar'). A date change starts over (a load still running is aborted). The pickers change a
 *   date only once it is whole, so there is nothing to debounce.
 * - download: idle → downloading (the CSV is streamed to a file while `download.progress` reports rows and bytes) →
 *   idle (rows saved) | idle (the save dialog was closed) | errorBanner ('No hay datos para exportar' or the failure
 *   reason, cleared after 10 s). 'Descargar' needs both dates, start not after end.
 */
import { and, assign, fromCallback, setup, type EventObject, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { dateFieldReason, isCalendarDate, localIsoDate } from '../domain/calendarDates'
import type { ReportFigures } from '../domain/contract/claims'
import { failureReason } from './failureReason'

export const REPORT_TYPES = [{ value: 'tramites', label: 'Reporte de tramites' }] as const
export type ReportType = (typeof REPORT_TYPES)[number]['value']
const REPORT_FILE_NAME = 'Reporte.csv'
export const NO_DATA_MESSAGE = 'No hay datos para exportar'
const REPORT_ERROR = 'Error'
// Not exported: tests assert the spec's own number (tests/machines/specTimings.test.ts), never this constant.
const REPORT_DELAYS = { reportErrorBanner: 10_000 } as const

const isReportDate = (value: string, today: string): boolean => isIsoDate(value) && dateFieldReason(value, { max: today }) === null

/**
 * GET /api/event/report?initDate&endDate. The injected `downloadReport` callback actor streams the CSV to a file
 * named `fileName`, sends `download.progress` as bytes arrive, and ends with `download.done` (rows written; with 0 it
 * keeps no file), `download.cancelled` (the save dialog was closed) or `download.failed`. Stopping it aborts the
 * request.
 */
export interface DownloadReportInput {
  reportType: ReportType
  initDate: string
  endDate: string
  fileName: string
}

/** What the `downloadReport` actor sends back. */
export type DownloadActorEvent =
  | { type: 'download.progress'; rows: number; bytes: number }
  | { type: 'download.done'; rowCount: number }
  | { type: 'download.cancelled' }
  | { type: 'download.failed'; error: unknown }

/** GET /api/event/report/statistics and /api/event/report/service-levels, ?initDate&endDate. */
export interface LoadStatisticsInput {
  initDate: string
  endDate: string
}

/** A calendar date written YYYY-MM-DD ('2026-13-45' is not). */
export const isIsoDate = (value: string): boolean => isCalendarDate(value)

/** Both dates set (YYYY-MM-DD) and the start not after the end. */
export const isValidPeriod = (startDate: string, endDate: string): boolean =>
  isIsoDate(startDate) && isIsoDate(endDate) && startDate <= endDate

export interface ReportInput {
  /** Today as YYYY-MM-DD in the user's zone: no period may end later (spec 5: no future dates). Default: the clock. */
  today?: string
}

export interface ReportContext {
  today: string
  reportType: ReportType
  startDate: string
  endDate: string
  banner: string | null
  /** Rows of the last saved report. */
  lastRowCount: number | null
  /** Rows and bytes received by the running download. */
  progress: { rows: number; bytes: number } | null
  /** The figures of the last loaded period (they say which period they are for). */
  statistics: ReportFigures | null
  /** Why the figures could not be loaded. */
  statisticsReason: string | null
}

export type ReportEvent =
  | { type: 'reportType.select'; value: ReportType }
  | { type: 'startDate.change'; value: string }
  | { type: 'endDate.change'; value: string }
  | { type: 'report.download' }
  | { type: 'statistics.retry' }
  | DownloadActorEvent

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
  },
  actors: {
    downloadReport: fromCallback<EventObject, DownloadReportInput>(() => {
      throw new Error('downloadReport not provided')
    }),
    loadStatistics: toBeProvided<ReportFigures, LoadStatisticsInput>('loadStatistics'),
  },
  guards: {
    isKnownReportType: ({ event }) => event.type === 'reportType.select' && REPORT_TYPES.some((t) => t.value === event.value),
    bothDatesSet: ({ context }) => isReportDate(context.startDate, context.today) && isReportDate(context.endDate, context.today),
    startNotAfterEnd: ({ context }) => context.startDate <= context.endDate,
    /** The dates after this change form a valid period. */
    changeMakesPeriod: ({ context, event }) => {
      const startDate = event.type === 'startDate.change' ? event.value : context.startDate
      const endDate = event.type === 'endDate.change' ? event.value : context.endDate
      return isReportDate(startDate, context.today) && isReportDate(endDate, context.today) && startDate <= endDate
    },
    hasNoRows: ({ event }) => event.type === 'download.done' && event.rowCount <= 0,
  },
  actions: {
    storeReportType: assign({ reportType: ({ context, event }) => (event.type === 'reportType.select' ? event.value : context.reportType) }),
    storeStartDate: assign({ startDate: ({ context, event }) => (event.type === 'startDate.change' ? event.value : context.startDate) }),
    storeEndDate: assign({ endDate: ({ context, event }) => (event.type === 'endDate.change' ? event.value : context.endDate) }),
    showBanner: assign((_, params: { message: string }) => ({ banner: params.message })),
    clearBanner: assign({ banner: null }),
    startProgress: assign({ progress: { rows: 0, bytes: 0 } }),
    storeProgress: assign({
      progress: ({ context, event }) => (event.type === 'download.progress' ? { rows: event.rows, bytes: event.bytes } : context.progress),
    }),
    clearProgress: assign({ progress: null }),
    storeRowCount: assign({ lastRowCount: ({ context, event }) => (event.type === 'download.done' ? event.rowCount : context.lastRowCount) }),
    storeStatistics: assign((_, statistics: ReportFigures) => ({ statistics, statisticsReason: null })),
    storeStatisticsReason: assign((_, params: { reason: string }) => ({ statisticsReason: params.reason })),
  },
  delays: REPORT_DELAYS,
}).createMachine({
  id: 'report',
  context: ({ input }) => ({
    today: input.today ?? localIsoDate(new Date()),
    reportType: 'tramites',
    startDate: '',
    endDate: '',
    banner: null,
    lastRowCount: null,
    progress: null,
    statistics: null,
    statisticsReason: null,
  }),
  type: 'parallel',
  on: {
    'reportType.select': { guard: 'isKnownReportType', actions: 'storeReportType' },
  },
  states: {
    statistics: {
      description: 'Cifras del periodo elegido: trámites por etapa, días por etapa y trámites por semana.',
      initial: 'noPeriod',
      // The dates belong to both regions; this one stores them, and every change starts the figures over.
      on: {
        'startDate.change': [
          { guard: 'changeMakesPeriod', target: '.loading', actions: 'storeStartDate' },
          { target: '.noPeriod', actions: 'storeStartDate' },
        ],
        'endDate.change': [
          { guard: 'changeMakesPeriod', target: '.loading', actions: 'storeEndDate' },
          { target: '.noPeriod', actions: 'storeEndDate' },
        ],
      },
      states: {
        noPeriod: {
          description: 'Sin periodo válido no hay cifras que mostrar.',
          meta: { view: 'Aviso «Elija el periodo para ver el resumen.»' },
        },
        loading: {
          description: 'Se piden las cifras del periodo (una sola llamada).',
          meta: { view: 'Resumen cargando («Cargando resumen…»)' },
          invoke: {
            id: 'loadStatistics',
            src: 'loadStatistics',
            input: ({ context }) => ({ initDate: context.startDate, endDate: context.endDate }),
            onDone: { target: 'ready', actions: { type: 'storeStatistics', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'storeStatisticsReason', params: ({ event }) => ({ reason: failureReason(event.error, REPORT_ERROR) }) },
            },
          },
        },
        ready: {
          description: 'Cifras del periodo cargadas.',
          meta: { view: 'Tres gráficas (etapa actual, días por etapa, trámites por semana), cada una con su tabla' },
        },
        failed: {
          description: 'No se pudieron cargar las cifras; «Reintentar» las pide otra vez.',
          meta: { view: 'Banner rojo con el motivo y botón «Reintentar»' },
          on: { 'statistics.retry': 'loading' },
        },
      },
    },
    download: {
      description: 'Descarga de Reporte.csv.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Formulario editable; «Descargar» solo se habilita con ambas fechas y la de inicio no posterior a la de fin.',
          meta: { view: 'Selector «Reporte de tramites» y «Descargar», habilitado solo con periodo válido' },
          on: { 'report.download': { guard: and(['bothDatesSet', 'startNotAfterEnd']), target: 'downloading' } },
        },
        downloading: {
          description: 'El CSV del periodo se escribe en un archivo mientras llega; si no tiene filas no se guarda.',
          meta: { view: 'Botón «Descargar» con indicador de carga y barra de progreso con filas y bytes recibidos' },
          entry: ['clearBanner', 'startProgress'],
          exit: 'clearProgress',
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({
              reportType: context.reportType,
              initDate: context.startDate,
              endDate: context.endDate,
              fileName: REPORT_FILE_NAME,
            }),
          },
          on: {
            'download.progress': { actions: 'storeProgress' },
            'download.done': [
              { guard: 'hasNoRows', target: 'errorBanner', actions: { type: 'showBanner', params: { message: NO_DATA_MESSAGE } } },
              { target: 'idle', actions: 'storeRowCount' },
            ],
            'download.cancelled': { target: 'idle' },
            'download.failed': {
              target: 'errorBanner',
              actions: {
                type: 'showBanner',
                params: ({ event }) => ({ message: failureReason((event as { error?: unknown }).error, REPORT_ERROR) }),
              },
            },
          },
        },
        errorBanner: {
          description: 'El periodo no tenía filas o la descarga falló; el aviso se borra solo a los 10 s.',
          meta: { view: 'Banner rojo «No hay datos para exportar» o el motivo del error (10 s); «Descargar» sigue disponible' },
          after: { reportErrorBanner: { target: 'idle', actions: 'clearBanner' } },
          on: { 'report.download': { guard: and(['bothDatesSet', 'startNotAfterEnd']), target: 'downloading' } },
        },
      },
    },
  },
})

export type ReportSnapshot = SnapshotFrom<typeof reportMachine>

/** 'Descargar' enabled. */
export const selectCanDownload = (snapshot: ReportSnapshot): boolean => snapshot.can({ type: 'report.download' })
export const selectIsDownloading = (snapshot: ReportSnapshot): boolean => snapshot.matches({ download: 'downloading' })

/** The error banner of the download, if shown. */
export const selectBanner = (snapshot: ReportSnapshot): string | null => (snapshot.matches({ download: 'errorBanner' }) ? snapshot.context.banner : null)

/**
 * The running download's progress: rows and bytes received, and the rows to expect when the figures shown are for
 * the same period (their total is the CSV's row count), so the bar can fill; null when nothing downloads.
 */
export const selectDownloadProgress = (
  snapshot: ReportSnapshot,
): { rows: number; bytes: number; expectedRows: number | null } | null => {
  const { progress, statistics, startDate, endDate } = snapshot.context
  if (!progress || !snapshot.matches({ download: 'downloading' })) return null
  const same = statistics && snapshot.matches({ statistics: 'ready' }) && statistics.initDate === startDate && statistics.endDate === endDate
  return { ...progress, expectedRows: same ? statistics.totalClaims : null }
}

export type StatisticsView =
  | { status: 'noPeriod' }
  | { status: 'loading' }
  | { status: 'ready'; statistics: ReportFigures }
  | { status: 'failed'; reason: string }

/** What the summary above the download shows. */
export const selectStatisticsView = (snapshot: ReportSnapshot): StatisticsView => {
  const { statistics, statisticsReason } = snapshot.context
  if (snapshot.matches({ statistics: 'ready' }) && statistics) return { status: 'ready', statistics }
  if (snapshot.matches({ statistics: 'failed' })) return { status: 'failed', reason: statisticsReason ?? REPORT_ERROR }
  if (snapshot.matches({ statistics: 'noPeriod' })) return { status: 'noPeriod' }
  return { status: 'loading' }
}
/** Both dates set but the start after the end: the view can say why 'Descargar' stays disabled. */
export const selectPeriodInverted = (snapshot: ReportSnapshot): boolean => {
  const { startDate, endDate } = snapshot.context
  return isIsoDate(startDate) && isIsoDate(endDate) && startDate > endDate
}

/**
 * Why each period date is refused, or null (issue 15): what the date picker could not read, a future date, a start
 * after the end or an end before the start. The same bounds are the pickers' min and max, in every view.
 */
export const selectPeriodReasons = (snapshot: ReportSnapshot): { startDate: string | null; endDate: string | null } => {
  const { startDate, endDate, today } = snapshot.context
  const startMax = isIsoDate(endDate) && endDate < today ? endDate : today
  return {
    startDate: dateFieldReason(startDate, { max: startMax, today }),
    endDate: dateFieldReason(endDate, { min: isIsoDate(startDate) ? startDate : undefined, max: today, today }),
  }
}
