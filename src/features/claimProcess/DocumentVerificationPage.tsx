/**
 * Document verification (spec 2.11 'Document verification', 4, 5 'Comment', 7 verify-file, 8), bound to
 * machines/documentVerification.machine.ts and its `comment` children: per document one status among 2–5, the
 * comment flow ('Enviar comentario' shows the box, 'Agregar comentario' sends it, the 6 s success notice, the
 * required-fields message), and 'Guardar cambios', after which the page reloads. Read-only: nothing can change.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { type ActorRefFrom } from 'xstate'
import { fromRequest } from '../../lib/requestActor'
import { DOCUMENT_TYPES } from '../../../machines/claimStages'
import {
  commentMachine,
  type SendCommentInput,
  selectBoxOpen,
  selectCanOpen,
  selectIsSending,
} from '../../../machines/comment.machine'
import { displayFileName, type DocumentTipo } from '../../../machines/claimDocuments.machine'
import {
  documentVerificationMachine,
  selectCanChooseStatus,
  selectCanSave,
  selectIsSaving,
} from '../../../machines/documentVerification.machine'
import type { ClaimArea } from '../../lib/profile'
import { Banner, Button, ButtonLink, Card, Skeleton } from '../../ui'
import { loadDocumentsActor, sendComment, verifyFilesActor } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { StatusChip } from './documentStatus'
import { DownloadButton } from './DownloadButton'
import { VERIFICATION } from './messages'
import { StatusChoice } from './StatusChoice'
import { inspect } from '../../lib/inspect'

export function DocumentVerificationPage({ area }: { area: ClaimArea }) {
  return (
    <ClaimProcessLayout area={area} active="documents">
      <Verification />
    </ClaimProcessLayout>
  )
}

function useVerificationActor() {
  const { idEvento, readOnly, reloadClaim } = useClaimProcess()
  return useActorRef(
    documentVerificationMachine.provide({
      actors: {
        loadDocuments: loadDocumentsActor,
        verifyFiles: verifyFilesActor,
        // A comment sets that document's status, which may move the claim (3 → 4): the header reads it again.
        comment: commentMachine.provide({
          actors: {
            sendComment: fromRequest<unknown, SendCommentInput>(async ({ input, signal }) => {
              const answer = await sendComment(input, signal)
              reloadClaim()
              return answer
            }),
          },
        }),
      },
      // The machine reloads the documents itself; the claim's stage may have changed too (3 → 4 or 5).
      actions: { emitSaved: () => reloadClaim() },
    }),
    { input: { idEvento, readOnly }, inspect },
  )
}

type VerificationActor = ReturnType<typeof useVerificationActor>
type CommentActor = ActorRefFrom<typeof commentMachine>

function Verification() {
  const { readOnly, paths } = useClaimProcess()
  const actor = useVerificationActor()
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)
  const canSave = useSelector(actor, selectCanSave)
  const saving = useSelector(actor, selectIsSaving)

  return (
    <div className={css({ display: 'grid', gap: '4', minW: 0 })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{VERIFICATION.title}</h2>
        <ButtonLink to={paths.documents} variant="ghost" size="sm">
          {VERIFICATION.back}
        </ButtonLink>
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{readOnly ? VERIFICATION.readOnly : VERIFICATION.intro}</p>
      {alert ? (
        <Banner tone="error" onDismiss={loadFailed ? undefined : () => actor.send({ type: 'alert.dismiss' })}>
          {alert}
        </Banner>
      ) : null}
      {loadFailed ? (
        <div>
          <Button variant="secondary" onClick={() => actor.send({ type: 'documents.reload' })}>
            {VERIFICATION.retry}
          </Button>
        </div>
      ) : loading ? (
        <div role="status" aria-label={VERIFICATION.loading} className={css({ display: 'grid', gap: '3' })}>
          <Skeleton height={140} />
          <Skeleton height={140} />
          <Skeleton height={140} />
        </div>
      ) : (
        <>
          {DOCUMENT_TYPES.map(({ tipo, nombre }) => (
            <DocumentReview key={tipo} actor={actor} tipo={tipo} label={nombre} />
          ))}
          {readOnly ? null : (
            <div className={css({ display: 'grid', gap: '2', justifyItems: { base: 'stretch', md: 'end' } })}>
              <Button
                size="lg"
                onClick={() => actor.send({ type: 'verification.save' })}
                disabled={!canSave}
                loading={saving}
                aria-describedby={canSave ? undefined : 'verification-save-hint'}
              >
                {VERIFICATION.save}
              </Button>
              {canSave || saving ? null : (
                <p id="verification-save-hint" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {VERIFICATION.saveHint}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </div>
  )
}

function DocumentReview({ actor, tipo, label }: { actor: VerificationActor; tipo: DocumentTipo; label: string }) {
  const { readOnly } = useClaimProcess()
  const file = useSelector(actor, (s) => s.context.files.find((f) => f.tipo === tipo) ?? null)
  const selected = useSelector(actor, (s) => s.context.selection[tipo])
  const canChoose = useSelector(actor, selectCanChooseStatus)
  const comment = useSelector(actor, (s) => s.children[`comment${tipo}`] as CommentActor | undefined)

  return (
    <Card as="article" aria-label={label}>
      <div className={css({ display: 'grid', gap: '3' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <h3 className={css({ fontWeight: 'bold' })}>{label}</h3>
          <StatusChip status={file?.status ?? 0} />
          {file ? (
            <DownloadButton url={file.url} shownName={displayFileName(file.nombre)} fileName={file.nombre} />
          ) : null}
        </div>
        {file ? null : <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{VERIFICATION.missing}</p>}
        {file?.comentario ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{file.comentario}</p>
        ) : null}
        <StatusChoice
          label={VERIFICATION.statusGroup(label)}
          name={`estatus-${tipo}`}
          value={selected}
          disabled={!canChoose || !file}
          onChange={(status) => actor.send({ type: 'status.select', tipo, status })}
        />
        {comment && !readOnly ? <CommentFlow comment={comment} label={label} /> : null}
      </div>
    </Card>
  )
}

function CommentFlow({ comment, label }: { comment: CommentActor; label: string }) {
  const open = useSelector(comment, selectBoxOpen)
  const canOpen = useSelector(comment, selectCanOpen)
  const sending = useSelector(comment, selectIsSending)
  const text = useSelector(comment, (s) => s.context.text)
  const message = useSelector(comment, (s) => s.context.message)
  const notice = useSelector(comment, (s) => s.context.notice)
  const boxId = `comment-box-${label.replace(/\W+/g, '-')}`

  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {open ? (
        <div id={boxId} className={css({ display: 'grid', gap: '2' })}>
          <label className={css({ display: 'grid', gap: '1.5', fontSize: 'sm', fontWeight: 'semibold' })}>
            {VERIFICATION.commentLabel(label)}
            <textarea
              value={text}
              onChange={(event) => comment.send({ type: 'comment.change', text: event.target.value })}
              disabled={sending}
              rows={3}
              maxLength={1000}
              aria-invalid={message ? true : undefined}
              className={css({
                w: 'full',
                p: '3',
                fontWeight: 'normal',
                bg: 'bg.surface',
                borderWidth: '1px',
                borderColor: message ? 'border.error' : 'border.default',
                borderRadius: 'l2',
                resize: 'vertical',
                _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
              })}
            />
          </label>
          {message ? (
            <p role="alert" className={css({ fontSize: 'sm', color: 'fg.error' })}>
              {message}
            </p>
          ) : null}
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" onClick={() => comment.send({ type: 'comment.submit' })} loading={sending}>
              {VERIFICATION.sendComment}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => comment.send({ type: 'comment.close' })} disabled={sending}>
              {VERIFICATION.closeComment}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => comment.send({ type: 'comment.open' })}
            disabled={!canOpen}
            aria-controls={boxId}
            aria-expanded={false}
          >
            {VERIFICATION.openComment}
          </Button>
        </div>
      )}
    </div>
  )
}
