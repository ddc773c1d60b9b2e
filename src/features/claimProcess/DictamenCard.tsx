/**
 * Dictamen upload on the letter page (spec 2.11, 3 'Dictamination', 4 'Dictamination', 5), bound to
 * machines/dictamination.machine.ts: a PDF and a status (approved or rejected); 'Guardar dictamen' only with both;
 * saving attaches the file, then saves the dictamination, then the claim's stage is read again (approved →
 * Facturación, rejected → Trámite rechazado). Offered only while the claim's stage accepts a dictamen; read-only
 * shows the current one. The saved dictamen and the file chosen before saving both open in the document viewer.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { createByteProgress } from '../uploads/byteProgress'
import { RunningUpload } from '../uploads/RunningUpload'
import { css } from 'styled-system/css'
import { displayFileName } from '../../../machines/claimDocuments.machine'
import {
  DICTAMINATION_STATUS_OPTIONS,
  dictaminationMachine,
  selectCanSaveDictamination,
  selectChosenStatus,
  selectConfirming,
  selectIsSaving,
  type DictaminationStatus,
} from '../../../machines/dictamination.machine'
import { Button, Card, Dialog, ErrorNotice, notify, Select, Skeleton } from '../../ui'
import { ScanPicker } from '../scan/ScanPicker'
import {
  attachDictaminationFileActor,
  loadDictaminationActor,
  readHead,
  saveDictaminationActor,
} from './actors'
import { useClaimProcess } from './ClaimProcessLayout'
import { DownloadButton } from './DownloadButton'
import { DICTAMEN, LETTER } from './messages'
import { pickedDocument, storedDocument } from '../documents/documentSource'
import { ViewDocumentButton } from '../documents/ViewDocumentButton'
import { inspect } from '../../lib/inspect'

export function DictamenCard() {
  const { idEvento, readOnly, offers, reloadClaim } = useClaimProcess()
  // The lifecycle takes a dictamen only in 'Carta autorización' (machines/claimActions.ts says why not elsewhere).
  const offer = offers.dictamenSave
  const [progress] = useState(createByteProgress)
  const actor = useActorRef(
    dictaminationMachine.provide({
      actors: {
        loadDictamination: loadDictaminationActor,
        attachDictaminationFile: attachDictaminationFileActor,
        saveDictamination: saveDictaminationActor(progress),
      },
      actions: { emitSaved: () => reloadClaim() },
    }),
    { input: { idEvento, readOnly: !offer.available }, inspect },
  )
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const current = useSelector(actor, (s) => s.context.current)
  const file = useSelector(actor, (s) => s.context.file)
  const alert = useSelector(actor, (s) => s.context.alert)
  const chosen = useSelector(actor, selectChosenStatus)
  const canSave = useSelector(actor, selectCanSaveDictamination)
  const saving = useSelector(actor, selectIsSaving)
  const confirming = useSelector(actor, selectConfirming)
  // The PDF is on its way (the second step of saving): its bytes, time left and 'Cancelar carga' (issue 22).
  const sending = useSelector(actor, (s) => s.matches('saving'))
  const editable = offer.available

  const pick = async (picked: File) => {
    let firstBytes: string | undefined
    try {
      firstBytes = await readHead(picked)
    } catch {
      firstBytes = undefined
    }
    actor.send({ type: 'file.select', file: picked, firstBytes })
  }

  return (
    <Card title={DICTAMEN.title} titleLevel={3}>
      <div className={css({ display: 'grid', gap: '4' })}>
        <ErrorNotice
          alert={alert}
          loadFailed={loadFailed}
          onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          onRetry={() => actor.send({ type: 'dictamination.reload' })}
        />
        {loadFailed ? null : loading ? (
          <div role="status" aria-label={DICTAMEN.loading}>
            <Skeleton height={64} />
          </div>
        ) : (
          <>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm' })}>
              <span className={css({ fontWeight: 'semibold' })}>{DICTAMEN.current}:</span>
              {current ? (
                <>
                  <DecisionChip approved={String(current.dictaminacion) === '1'} />
                  <DownloadButton url={current.url} shownName={displayFileName(current.nombre)} fileName={current.nombre} />
                  <ViewDocumentButton source={storedDocument(current.url, current.nombre)} label={DICTAMEN.document} variant="ghost" />
                </>
              ) : (
                <span className={css({ color: 'fg.muted' })}>{LETTER.dictamenNone}</span>
              )}
            </div>
            {/* The letter page above already gives the same reason (read-only or a closed claim): not twice. */}
            {offer.reason && !readOnly && offer.reason !== offers.letterSave.reason ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{offer.reason}</p> : null}
            {editable ? (
              <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })}>
                <div className={css({ display: 'grid', gap: '2', minW: 0 })}>
                  <ScanPicker
                    key={`${file?.name ?? ''}-${alert ?? ''}`}
                    label={DICTAMEN.file}
                    buttonLabel={DICTAMEN.pick}
                    documentLabel={DICTAMEN.document}
                    disabled={saving}
                    onFile={(picked) => void pick(picked)}
                    onReject={(reason) => notify(reason)}
                  />
                  {file ? (
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm' })}>
                      <span className={css({ overflowWrap: 'anywhere' })}>{DICTAMEN.chosen(displayFileName(file.name))}</span>
                      <ViewDocumentButton source={pickedDocument(file)} label={DICTAMEN.chosenDocument} variant="ghost" />
                      <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'file.clear' })} disabled={saving}>
                        {DICTAMEN.clear}
                      </Button>
                    </div>
                  ) : null}
                </div>
                <Select
                  label={DICTAMEN.status}
                  name="dictaminacion"
                  options={DICTAMINATION_STATUS_OPTIONS}
                  value={chosen ?? ''}
                  onValueChange={(value) => {
                    if (value) actor.send({ type: 'status.select', status: value as DictaminationStatus })
                  }}
                  disabled={saving}
                />
              </div>
            ) : null}
            {editable ? (
              <div className={css({ display: 'grid', gap: '2', justifyItems: { base: 'stretch', md: 'end' } })}>
                <Button
                  onClick={() => actor.send({ type: 'dictamination.save' })}
                  disabled={!canSave}
                  loading={saving}
                  aria-describedby={canSave || saving ? undefined : 'dictamen-save-hint'}
                >
                  {saving ? DICTAMEN.saving : DICTAMEN.save}
                </Button>
                {canSave || saving ? null : (
                  <p id="dictamen-save-hint" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                    {DICTAMEN.saveHint}
                  </p>
                )}
                {sending && file ? (
                  <div className={css({ w: 'full', maxW: { md: 'sm' } })}>
                    <RunningUpload
                      label={DICTAMEN.sending(displayFileName(file.name))}
                      name={DICTAMEN.document}
                      progress={progress}
                      onCancel={() => actor.send({ type: 'upload.cancel' })}
                    />
                  </div>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'dictamination.cancel' })
        }}
        role="alertdialog"
        size="sm"
        title={DICTAMEN.confirmTitle}
        description={confirming === 'approved' ? DICTAMEN.confirmApproved : DICTAMEN.confirmRejected}
        footer={
          <>
            <Button variant="secondary" onClick={() => actor.send({ type: 'dictamination.cancel' })}>
              {DICTAMEN.cancel}
            </Button>
            <Button onClick={() => actor.send({ type: 'dictamination.confirm' })}>{DICTAMEN.save}</Button>
          </>
        }
      />
    </Card>
  )
}

function DecisionChip({ approved }: { approved: boolean }) {
  return (
    <span
      className={css({
        px: '2',
        py: '0.5',
        borderRadius: 'full',
        borderWidth: '1px',
        fontSize: 'xs',
        fontWeight: 'semibold',
        bg: approved ? 'green.100' : 'red.100',
        color: approved ? 'green.800' : 'red.800',
        borderColor: approved ? 'green.600' : 'red.600',
      })}
    >
      {approved ? LETTER.dictamenApproved : LETTER.dictamenRejected}
    </span>
  )
}
