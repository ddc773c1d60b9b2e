/**
 * 'Niveles de servicio' (issue 23) at /administrador/niveles-de-servicio: the business days the office gives itself
 * per stage, whom each stage waits on, edited and checked with the domain's `serviceTargetReason` (the server checks
 * the same), and the record of every change with who and when. The serviceLevels machine owns loading and saving.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { changedTargets, draftReasons, serviceLevelsMachine, type SavedTargets } from '../../../machines/serviceLevels.machine'
import type { ServiceLevels } from '../../../domain/contract/serviceLevels'
import { waitingPartyLabel } from '../../../domain/serviceLevels'
import { getServiceLevels, saveServiceLevels } from '../../api/serviceLevels'
import { formatDateTime } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { fromRequest } from '../../lib/requestActor'
import { Banner, Button, Card, LoadFailed, LoadingBlock, PageHeader, TextField } from '../../ui'
import { narrowOnly, table, tableBox, td, th, wideOnly } from '../lists/ListTable'
import { SERVICE_LEVEL_TEXTS as T } from './messages'

const machine = serviceLevelsMachine.provide({
  actors: {
    loadLevels: fromRequest<ServiceLevels, void>(async ({ signal }) => getServiceLevels(signal)),
    saveLevels: fromRequest<ServiceLevels, SavedTargets>(async ({ input, signal }) => saveServiceLevels(input, signal)),
  },
})

export function ServiceLevelsPage() {
  const actor = useActorRef(machine, { inspect })
  const snapshot = useSelector(actor, (s) => s)
  const { data, drafts, submitted, failure, saved } = snapshot.context
  const reasons = draftReasons(drafts)
  const noChanges = submitted && snapshot.matches('editing') && !saved && !failure && Object.values(reasons).every((r) => r === null) && changedTargets(data, drafts).length === 0

  let body
  if (snapshot.matches('loading')) body = <LoadingBlock label={T.loading} lines={5} />
  else if (snapshot.matches('failed')) body = <LoadFailed onRetry={() => actor.send({ type: 'load.retry' })}>{failure}</LoadFailed>
  else if (data)
    body = (
      <>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'save' })
          }}
          className={css({ display: 'grid', gap: '4' })}
        >
          {saved ? <Banner tone="success">{T.saved}</Banner> : null}
          {failure ? <Banner tone="error">{failure}</Banner> : null}
          {noChanges ? <Banner tone="info">{T.noChanges}</Banner> : null}
          <div className={tableBox}>
            <table className={table} aria-label={T.title}>
              <thead>
                <tr>
                  <th scope="col" className={th}>{T.stage}</th>
                  <th scope="col" className={cx(th, wideOnly)}>{T.waitsOn}</th>
                  <th scope="col" className={th}>{T.target}</th>
                </tr>
              </thead>
              <tbody>
                {data.objetivos.map((target) => (
                  <tr key={target.statusId}>
                    <th scope="row" className={cx(td, css({ textAlign: 'start', fontWeight: 'semibold' }))}>
                      {target.etapa}
                      <span className={narrowOnly}>
                        {T.waitsOn}: {waitingPartyLabel(target.esperaA)}
                      </span>
                    </th>
                    <td className={cx(td, wideOnly)}>{waitingPartyLabel(target.esperaA)}</td>
                    <td className={td}>
                      <TextField
                        label={<span className={css({ srOnly: true })}>{`${T.target}: ${target.etapa}`}</span>}
                        name={`objetivo-${target.statusId}`}
                        inputMode="numeric"
                        value={drafts[target.statusId] ?? ''}
                        onValueChange={(value) => actor.send({ type: 'target.change', statusId: target.statusId, value })}
                        reason={reasons[target.statusId] ?? null}
                        forceReason={submitted}
                        helperText={T.defaultValue(target.predeterminado)}
                        className={css({ maxW: '8rem' })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button type="submit" loading={snapshot.matches('saving')}>
              {T.save}
            </Button>
          </div>
        </form>
        <Card title={T.history} titleLevel={2}>
          {data.cambios.length === 0 ? (
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{T.historyEmpty}</p>
          ) : (
            <ul className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
              {data.cambios.map((change) => (
                <li key={`${change.fecha}/${change.statusId}`}>
                  <span className={css({ fontWeight: 'semibold' })}>{T.change(change.etapa, change.antes, change.despues)}</span>
                  <span className={css({ display: 'block', color: 'fg.muted' })}>{T.by(change.usuario, formatDateTime(change.fecha))}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </>
    )
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {body}
    </div>
  )
}
