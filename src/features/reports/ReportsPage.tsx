/**
 * Reportes (spec 2.11, 5 'Reports', 8) at /reportes and /administrador/reportes: report type ('Reporte de tramites'),
 * the start and end dates (es-MX pickers, no future dates) and 'Descargar', enabled by the report machine only with
 * both dates (start not after end). The CSV is saved as Reporte.csv; an empty report or a failure shows the red
 * banner the machine clears after 10 s.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import {
  REPORT_TYPES,
  reportMachine,
  selectCanDownload,
  selectIsDownloading,
  selectPeriodInverted,
  type ReportType,
} from '../../../machines/report.machine'
import type { StaffArea } from '../../lib/profile'
import { Banner, Button, Card, DatePicker, PageHeader, Select } from '../../ui'
import { downloadReportActor } from './actors'
import { REPORT_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

type ReportActor = ReturnType<typeof useReportActor>

function useReportActor() {
  return useActorRef(reportMachine.provide({ actors: { downloadReport: downloadReportActor } }), { inspect })
}

export function ReportsPage(_props: { area: StaffArea }) {
  const actor = useReportActor()
  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl' })}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <ReportForm actor={actor} />
    </div>
  )
}

function ReportForm({ actor }: { actor: ReportActor }) {
  const reportType = useSelector(actor, (s) => s.context.reportType)
  const startDate = useSelector(actor, (s) => s.context.startDate)
  const endDate = useSelector(actor, (s) => s.context.endDate)
  const canDownload = useSelector(actor, selectCanDownload)
  const downloading = useSelector(actor, selectIsDownloading)
  const inverted = useSelector(actor, selectPeriodInverted)
  const banner = useSelector(actor, (s) => (s.matches('errorBanner') ? s.context.banner : null))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'report.download' })
  }
  const hint = inverted ? T.inverted : !startDate || !endDate ? T.needsBothDates : null

  return (
    <Card as="section" aria-label={T.title}>
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '5' })}>
        <div
          className={css({
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
            alignItems: 'start',
          })}
        >
          <Select
            label={T.reportType}
            name="reportType"
            options={REPORT_TYPES}
            value={reportType}
            onValueChange={(value) => actor.send({ type: 'reportType.select', value: value as ReportType })}
          />
          <DatePicker
            label={T.startDate}
            name="initDate"
            value={startDate}
            onValueChange={(value) => actor.send({ type: 'startDate.change', value })}
          />
          <DatePicker
            label={T.endDate}
            name="endDate"
            value={endDate}
            onValueChange={(value) => actor.send({ type: 'endDate.change', value })}
          />
        </div>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
          <p id="report-hint" aria-live="polite" className={css({ fontSize: 'sm', color: inverted ? 'fg.error' : 'fg.muted' })}>
            {hint}
          </p>
          <Button
            type="submit"
            size="lg"
            disabled={!canDownload}
            loading={downloading}
            aria-describedby={hint ? 'report-hint' : undefined}
            className={css({ w: { base: 'full', md: 'auto' }, ml: 'auto' })}
          >
            {T.download}
          </Button>
        </div>
        {banner ? <Banner tone="error">{banner}</Banner> : null}
      </form>
    </Card>
  )
}
