/**
 * Reportes (spec 2.11, 5 'Reports', 8) at /reportes and /administrador/reportes: the period (start and end dates,
 * es-MX pickers, no future dates), the summary of the period (issue 14: three charts with their tables), then the
 * report type ('Reporte de tramites') and 'Descargar', enabled by the report machine only with both dates (start
 * not after end). The CSV streams into Reporte.csv while a progress bar counts rows and bytes (issue 15); an empty
 * report or a failure shows the red banner the machine clears after 10 s.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import {
  REPORT_TYPES,
  reportMachine,
  selectBanner,
  selectCanDownload,
  selectDownloadProgress,
  selectIsDownloading,
  selectPeriodInverted,
  selectPeriodReasons,
  selectStatisticsView,
  isIsoDate,
  type ReportType,
} from '../../../machines/report.machine'
import type { StaffArea } from '../../lib/profile'
import { Banner, Button, Card, DatePicker, PageHeader, Progress, Select } from '../../ui'
import { downloadReportActor, loadStatisticsActor } from './actors'
import { localIsoDate } from '../../../domain/calendarDates'
import { REPORT_TEXTS as T, progressText } from './messages'
import { ReportSummary } from './ReportSummary'
import { inspect } from '../../lib/inspect'

type ReportActor = ReturnType<typeof useReportActor>

function useReportActor() {
  return useActorRef(reportMachine.provide({ actors: { downloadReport: downloadReportActor, loadStatistics: loadStatisticsActor } }), {
    input: { today: localIsoDate(new Date()) },
    inspect,
  })
}

export function ReportsPage(_props: { area: StaffArea }) {
  const actor = useReportActor()
  const statistics = useSelector(actor, selectStatisticsView)
  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl', minW: 0 })}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <PeriodForm actor={actor} />
      <ReportSummary view={statistics} onRetry={() => actor.send({ type: 'statistics.retry' })} />
      <DownloadForm actor={actor} />
    </div>
  )
}

function PeriodForm({ actor }: { actor: ReportActor }) {
  const startDate = useSelector(actor, (s) => s.context.startDate)
  const endDate = useSelector(actor, (s) => s.context.endDate)
  const inverted = useSelector(actor, selectPeriodInverted)
  const reasons = useSelector(actor, selectPeriodReasons, (a, b) => a.startDate === b.startDate && a.endDate === b.endDate)
  const hint = inverted ? T.inverted : reasons.startDate || reasons.endDate ? T.fixDates : !startDate || !endDate ? T.needsBothDates : null

  return (
    <Card as="section" title={T.period} aria-label={T.period}>
      <div className={css({ display: 'grid', gap: '4' })}>
        <div
          className={css({
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          })}
        >
          <DatePicker
            label={T.startDate}
            name="initDate"
            value={startDate}
            max={isIsoDate(endDate) ? endDate : undefined}
            reason={reasons.startDate}
            onValueChange={(value) => actor.send({ type: 'startDate.change', value })}
          />
          <DatePicker
            label={T.endDate}
            name="endDate"
            value={endDate}
            min={isIsoDate(startDate) ? startDate : undefined}
            reason={reasons.endDate}
            onValueChange={(value) => actor.send({ type: 'endDate.change', value })}
          />
        </div>
        <p id="report-hint" aria-live="polite" className={css({ fontSize: 'sm', color: inverted ? 'fg.error' : 'fg.muted', _empty: { display: 'none' } })}>
          {hint}
        </p>
      </div>
    </Card>
  )
}

function DownloadForm({ actor }: { actor: ReportActor }) {
  const reportType = useSelector(actor, (s) => s.context.reportType)
  const canDownload = useSelector(actor, selectCanDownload)
  const downloading = useSelector(actor, selectIsDownloading)
  const hasHint = useSelector(actor, (s) => {
    const { startDate, endDate } = s.context
    const reasons = selectPeriodReasons(s)
    return selectPeriodInverted(s) || Boolean(reasons.startDate || reasons.endDate) || !startDate || !endDate
  })
  const progress = useSelector(actor, selectDownloadProgress, (a, b) => a?.rows === b?.rows && a?.bytes === b?.bytes && a?.expectedRows === b?.expectedRows)
  const banner = useSelector(actor, selectBanner)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'report.download' })
  }

  return (
    <Card as="section" title={T.downloadTitle} aria-label={T.downloadTitle}>
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '5' })}>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'end', justifyContent: 'space-between', flexWrap: 'wrap' })}>
          <div className={css({ flex: '1 1 16rem', minW: 0 })}>
            <Select
              label={T.reportType}
              name="reportType"
              options={REPORT_TYPES}
              value={reportType}
              onValueChange={(value) => actor.send({ type: 'reportType.select', value: value as ReportType })}
            />
          </div>
          <Button
            type="submit"
            size="lg"
            disabled={!canDownload}
            loading={downloading}
            aria-describedby={hasHint ? 'report-hint' : undefined}
            className={css({ w: { base: 'full', md: 'auto' } })}
          >
            {T.download}
          </Button>
        </div>
        {progress ? (
          <Progress
            label={T.progressLabel}
            value={progress.expectedRows ? progress.rows : null}
            max={progress.expectedRows || 100}
            valueText={progressText(progress.rows, progress.bytes, progress.expectedRows)}
          />
        ) : null}
        {banner ? <Banner tone="error">{banner}</Banner> : null}
      </form>
    </Card>
  )
}
