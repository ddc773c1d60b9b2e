/**
 * Reportes: choose the report type (only 'Reporte de tramites') and the period, 'Descargar' gives Reporte.csv
 * (spec 2.11 'Reportes', 5 'Reports', 7 report, 8, 9).
 *
 * States: idle → downloading → idle (rows saved) | errorBanner ('No hay datos para exportar' or the failure
 * reason, cleared after 10 s). Dates may change in any state; 'Descargar' needs both, start not after end.
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { failureReason } from './failureReason'

export const REPORT_TYPES = [{ value: 'tramites', label: 'Reporte de tramites' }] as const
export type ReportType = (typeof REPORT_TYPES)[number]['value']
export const REPORT_FILE_NAME = 'Reporte.csv'
export const NO_DATA_MESSAGE = 'No hay datos para exportar'
export const REPORT_ERROR = 'Error'
export const REPORT_DELAYS = { reportErrorBanner: 10_000 } as const

/**
 * GET /api/event/report?initDate&endDate. The injected actor fetches the CSV, saves it as `fileName` only when it
 * has rows, and answers how many rows it had (the machine shows 'No hay datos para exportar' for 0).
 */
export interface DownloadReportInput {
  reportType: ReportType
  initDate: string
  endDate: string
  fileName: string
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
export const isIsoDate = (value: string): boolean => ISO_DATE.test(value)

/** Both dates set (YYYY-MM-DD) and the start not after the end. */
export const isValidPeriod = (startDate: string, endDate: string): boolean =>
  isIsoDate(startDate) && isIsoDate(endDate) && startDate <= endDate

export interface ReportContext {
  reportType: ReportType
  startDate: string
  endDate: string
  banner: string | null
  /** Rows of the last saved report. */
  lastRowCount: number | null
}

export type ReportEvent =
  | { type: 'reportType.select'; value: ReportType }
  | { type: 'startDate.change'; value: string }
  | { type: 'endDate.change'; value: string }
  | { type: 'report.download' }

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
  },
  actors: {
    downloadReport: fromPromise<{ rowCount: number }, DownloadReportInput>(async () => {
      throw new Error('downloadReport not provided')
    }),
  },
  guards: {
    isKnownReportType: ({ event }) => event.type === 'reportType.select' && REPORT_TYPES.some((t) => t.value === event.value),
    bothDatesSet: ({ context }) => isIsoDate(context.startDate) && isIsoDate(context.endDate),
    startNotAfterEnd: ({ context }) => context.startDate <= context.endDate,
    hasNoRows: (_, output: { rowCount: number }) => output.rowCount <= 0,
  },
  actions: {
    storeReportType: assign({ reportType: ({ context, event }) => (event.type === 'reportType.select' ? event.value : context.reportType) }),
    storeStartDate: assign({ startDate: ({ context, event }) => (event.type === 'startDate.change' ? event.value : context.startDate) }),
    storeEndDate: assign({ endDate: ({ context, event }) => (event.type === 'endDate.change' ? event.value : context.endDate) }),
    showBanner: assign((_, params: { message: string }) => ({ banner: params.message })),
    clearBanner: assign({ banner: null }),
    storeRowCount: assign((_, output: { rowCount: number }) => ({ lastRowCount: output.rowCount })),
  },
  delays: REPORT_DELAYS,
}).createMachine({
  id: 'report',
  context: { reportType: 'tramites', startDate: '', endDate: '', banner: null, lastRowCount: null },
  initial: 'idle',
  on: {
    'reportType.select': { guard: 'isKnownReportType', actions: 'storeReportType' },
    'startDate.change': { actions: 'storeStartDate' },
    'endDate.change': { actions: 'storeEndDate' },
  },
  states: {
    idle: {
      description: 'Formulario editable; «Descargar» solo se habilita con ambas fechas y la de inicio no posterior a la de fin.',
      meta: { view: 'Título «Reportes», selector «Reporte de tramites», fechas de inicio y fin; «Descargar» habilitado solo con periodo válido' },
      on: { 'report.download': { guard: and(['bothDatesSet', 'startNotAfterEnd']), target: 'downloading' } },
    },
    downloading: {
      description: 'Se pide el CSV del periodo; si tiene filas se guarda como Reporte.csv.',
      meta: { view: 'Botón «Descargar» con indicador de carga; al terminar se descarga Reporte.csv' },
      entry: 'clearBanner',
      invoke: {
        id: 'downloadReport',
        src: 'downloadReport',
        input: ({ context }) => ({
          reportType: context.reportType,
          initDate: context.startDate,
          endDate: context.endDate,
          fileName: REPORT_FILE_NAME,
        }),
        onDone: [
          {
            guard: { type: 'hasNoRows', params: ({ event }) => event.output },
            target: 'errorBanner',
            actions: { type: 'showBanner', params: { message: NO_DATA_MESSAGE } },
          },
          { target: 'idle', actions: { type: 'storeRowCount', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'errorBanner',
          actions: { type: 'showBanner', params: ({ event }) => ({ message: failureReason(event.error, REPORT_ERROR) }) },
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
})

export type ReportSnapshot = SnapshotFrom<typeof reportMachine>

/** 'Descargar' enabled. */
export const selectCanDownload = (snapshot: ReportSnapshot): boolean => snapshot.can({ type: 'report.download' })
export const selectIsDownloading = (snapshot: ReportSnapshot): boolean => snapshot.matches('downloading')
/** Both dates set but the start after the end: the view can say why 'Descargar' stays disabled. */
export const selectPeriodInverted = (snapshot: ReportSnapshot): boolean => {
  const { startDate, endDate } = snapshot.context
  return isIsoDate(startDate) && isIsoDate(endDate) && startDate > endDate
}
