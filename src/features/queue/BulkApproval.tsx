/**
 * The administrator's bulk approval on 'Pendientes' (issue 23), driven by the bulkApproval machine: the rows of
 * 'Factura en revisión' get a checkbox, the bar above the table approves the selection after a dialog that names how
 * many and which; the result names the approved claims and the refused ones with the reason the server gave.
 */
// Ark's parts by name, not the `Checkbox` namespace, whose object holds every part whether drawn or not (issue 24).
import { CheckboxControl, CheckboxHiddenInput, CheckboxIndicator, CheckboxLabel, CheckboxRoot } from '@ark-ui/react/checkbox'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { bulkApprovalMachine, selectCanRequest, selectDialogOpen, selectIsApproving } from '../../../machines/bulkApproval.machine'
import { claimCode } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import { Banner, Button, CheckIcon } from '../../ui'
// The confirmation's dialog code downloads when it first opens: 'Pendientes' is a first screen (issue 24).
import { DialogOnDemand } from '../../ui/overlaysOnDemand'
import { approveInvoicesActor } from './actors'
import { BULK_APPROVAL_TEXTS as T, QUEUE_TEXTS } from './messages'

export type BulkApprovalActor = ActorRefFrom<typeof bulkApprovalMachine>

const machine = bulkApprovalMachine.provide({ actors: { approveInvoices: approveInvoicesActor } })

/** The bulk approval's actor where the queue offers it (the administrator's), else null. */
export function useBulkApproval(offered: boolean): BulkApprovalActor | null {
  const actor = useActorRef(machine, { inspect })
  return offered ? actor : null
}

const codes = (ids: readonly number[]) => ids.map(claimCode).join(', ')

export function BulkApproval({ actor }: { actor: BulkApprovalActor }) {
  const selected = useSelector(actor, (s) => s.context.selected)
  const result = useSelector(actor, (s) => s.context.result)
  const failure = useSelector(actor, (s) => s.context.failure)
  const canRequest = useSelector(actor, selectCanRequest)
  const open = useSelector(actor, selectDialogOpen)
  const approving = useSelector(actor, selectIsApproving)
  return (
    <>
      {result ? (
        <Banner tone={result.refused.length ? 'warning' : 'success'} title={T.resultTitle} onDismiss={() => actor.send({ type: 'result.dismiss' })}>
          <p>{result.approved.length ? T.approved(codes(result.approved)) : T.noneApproved}</p>
          {result.refused.length ? (
            <>
              <p>{T.refused}</p>
              <ul className={css({ listStyle: 'disc', pl: '5' })}>
                {result.refused.map((refusal) => (
                  <li key={refusal.idEvento}>
                    {claimCode(refusal.idEvento)}: {refusal.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Banner>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {T.selected(selected.length)}
        </p>
        <Button size="sm" disabled={!canRequest} onClick={() => actor.send({ type: 'approval.request' })}>
          {T.approve}
        </Button>
        {selected.length ? (
          <Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'selection.clear' })}>
            {T.clear}
          </Button>
        ) : null}
      </div>
      <DialogOnDemand
        open={open}
        onOpenChange={(next) => {
          if (!next && !approving) actor.send({ type: 'approval.cancel' })
        }}
        role="alertdialog"
        title={T.confirmTitle(selected.length)}
        description={T.confirmText}
        size="sm"
        footer={
          <>
            <Button variant="secondary" disabled={approving} onClick={() => actor.send({ type: 'approval.cancel' })}>
              {T.cancel}
            </Button>
            <Button loading={approving} onClick={() => actor.send({ type: 'approval.confirm' })}>
              {approving ? T.approving : T.confirm}
            </Button>
          </>
        }
      >
        <ul aria-label={QUEUE_TEXTS.tableLabel} className={css({ listStyle: 'disc', pl: '5', my: '3' })}>
          {selected.map((id) => (
            <li key={id}>{claimCode(id)}</li>
          ))}
        </ul>
        {failure ? <Banner tone="error">{failure}</Banner> : null}
      </DialogOnDemand>
    </>
  )
}

const box = css({
  w: '5',
  h: '5',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '2px',
  borderColor: 'border.control',
  borderRadius: 'l1',
  bg: 'bg.surface',
  color: 'fg.inverted',
  cursor: 'pointer',
  '&[data-state=checked]': { bg: 'bg.primary', borderColor: 'bg.primary' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

export function SelectInvoice({ actor, idEvento }: { actor: BulkApprovalActor; idEvento: number }) {
  const checked = useSelector(actor, (s) => s.context.selected.includes(idEvento))
  const canToggle = useSelector(actor, (s) => s.can({ type: 'selection.toggle', idEvento }))
  return (
    <CheckboxRoot
      checked={checked}
      disabled={!canToggle && !checked}
      onCheckedChange={() => actor.send({ type: 'selection.toggle', idEvento })}
      className={css({ display: 'inline-flex', alignItems: 'center', p: '1' })}
    >
      <CheckboxControl className={box}>
        <CheckboxIndicator>
          <CheckIcon size={14} />
        </CheckboxIndicator>
      </CheckboxControl>
      <CheckboxLabel className={css({ srOnly: true })}>{QUEUE_TEXTS.selectOf(claimCode(idEvento))}</CheckboxLabel>
      <CheckboxHiddenInput />
    </CheckboxRoot>
  )
}
