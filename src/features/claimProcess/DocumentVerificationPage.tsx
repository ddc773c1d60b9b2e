/**
 * Document verification (spec 2.11 'Document verification', 4, 5 'Comment', 7 verify-file, 8), bound to
 * machines/documentVerification.machine.ts and its `comment` children: per document one status among 2–5, the
 * comment flow ('Enviar comentario' shows the box, 'Agregar comentario' sends it, the 6 s success notice, the
 * required-fields message), and 'Guardar cambios', after which the page reloads. Read-only: nothing can change.
 *
 * Each document opens in the viewer beside its status choice and comment box (below them on a phone), so the
 * reviewer reads, decides and comments in one place; the first uploaded document opens at once, one at a time, and
 * 'Siguiente: …' opens the next. The choices live in the verification machine, so moving between documents keeps
 * them.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { fromRequest } from '../../lib/requestActor'
import { DOCUMENT_TYPES } from '../../../domain/claimStages'
import { commentMachine, type SendCommentInput } from '../../../machines/comment.machine'
import { displayFileName, type DocumentTipo } from '../../../machines/claimDocuments.machine'
import {
  documentVerificationMachine,
  selectCanChooseStatus,
  selectCanSave,
  selectIsSaving,
} from '../../../machines/documentVerification.machine'
import type { ClaimArea } from '../../lib/profile'
import { DocumentsLoadState } from './DocumentsLoadState'
import { Button, ButtonLink, Card } from '../../ui'
import { DocumentViewer } from '../documents/DocumentViewer'
import { storedDocument } from '../documents/documentSource'
import { loadDocumentsActor, sendComment, verifyFilesActor } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { CommentFlow, type CommentActor } from './CommentFlow'
import { DocumentStatusChip } from '../documents/DocumentStatusChip'
import { DownloadButton } from './DownloadButton'
import { VERIFICATION } from './messages'
import { StatusChoice } from './StatusChoice'
import { inspect } from '../../lib/inspect'

export function DocumentVerificationPage({ area }: { area: ClaimArea }) {
  return (
    <ClaimProcessLayout area={area} active="documents" section={VERIFICATION.title}>
      <Verification />
    </ClaimProcessLayout>
  )
}

function useVerificationActor() {
  const { idEvento, offers, reloadClaim } = useClaimProcess()
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
    // Statuses can be chosen and saved only while the claim's stage accepts a review (3 or 4, and not for the partner).
    { input: { idEvento, readOnly: !offers.documentsVerify.available }, inspect },
  )
}

type VerificationActor = ReturnType<typeof useVerificationActor>

const cardId = (tipo: DocumentTipo) => `documento-${tipo}`

function Verification() {
  const { readOnly, paths, offers } = useClaimProcess()
  const review = offers.documentsVerify
  const actor = useVerificationActor()
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)
  const canSave = useSelector(actor, selectCanSave)
  const saving = useSelector(actor, selectIsSaving)
  const present = useSelector(
    actor,
    (s) => DOCUMENT_TYPES.filter(({ tipo }) => s.context.files.some((f) => f.tipo === tipo)).map(({ tipo }) => tipo),
    (a, b) => a.join() === b.join(),
  )
  // Which document is open in the viewer (one at a time; what is read, not what is decided). Until the reviewer
  // picks one, the first uploaded document is open.
  const [chosen, setChosen] = useState<DocumentTipo | null | undefined>(undefined)
  const open = chosen === undefined ? (present[0] ?? null) : chosen
  const openNext = (tipo: DocumentTipo) => {
    setChosen(tipo)
    // The next card's heading takes the focus (and the scroll), so keyboard and screen reader users follow.
    requestAnimationFrame(() => document.getElementById(`${cardId(tipo)}-titulo`)?.focus())
  }

  return (
    <div className={css({ display: 'grid', gap: '4', minW: 0 })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{VERIFICATION.title}</h2>
        <ButtonLink to={paths.documents} variant="ghost" size="sm">
          {VERIFICATION.back}
        </ButtonLink>
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{readOnly ? VERIFICATION.readOnly : (review.reason ?? VERIFICATION.intro)}</p>
      <DocumentsLoadState
        actor={actor}
        alert={alert}
        loading={loading}
        loadFailed={loadFailed}
        loadingLabel={VERIFICATION.loading}
        slotHeight={140}
      >
        {DOCUMENT_TYPES.map(({ tipo, nombre }) => {
          const next = present.find((t) => t > tipo) ?? null
          return (
            <DocumentReview
              key={tipo}
              actor={actor}
              tipo={tipo}
              label={nombre}
              open={open === tipo}
              onToggle={() => setChosen(open === tipo ? null : tipo)}
              next={next === null ? null : { label: DOCUMENT_TYPES.find((d) => d.tipo === next)!.nombre, go: () => openNext(next) }}
            />
          )
        })}
        {!review.available ? null : (
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
      </DocumentsLoadState>
    </div>
  )
}

interface DocumentReviewProps {
  actor: VerificationActor
  tipo: DocumentTipo
  label: string
  /** The document is shown in the viewer. */
  open: boolean
  onToggle: () => void
  /** The next uploaded document, if any. */
  next: { label: string; go: () => void } | null
}

const reviewLayout = css({
  display: 'grid',
  gap: '4',
  alignItems: 'start',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(17rem, 2fr)' },
})

function DocumentReview({ actor, tipo, label, open, onToggle, next }: DocumentReviewProps) {
  const { offers } = useClaimProcess()
  const file = useSelector(actor, (s) => s.context.files.find((f) => f.tipo === tipo) ?? null)
  const selected = useSelector(actor, (s) => s.context.selection[tipo])
  const canChoose = useSelector(actor, selectCanChooseStatus)
  const comment = useSelector(actor, (s) => s.children[`comment${tipo}`] as CommentActor | undefined)
  const viewerId = `${cardId(tipo)}-visor`
  const showViewer = open && file !== null

  const decision = (
    <div className={css({ display: 'grid', gap: '3', minW: 0 })} aria-label={showViewer ? VERIFICATION.review(label) : undefined} role={showViewer ? 'group' : undefined}>
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
        compact={showViewer}
      />
      {comment && offers.documentComment.available ? <CommentFlow comment={comment} label={label} /> : null}
      {showViewer && next ? (
        <div>
          <Button variant="secondary" size="sm" onClick={next.go}>
            {VERIFICATION.nextDocument(next.label)}
          </Button>
        </div>
      ) : null}
    </div>
  )

  return (
    <Card as="article" aria-label={label} id={cardId(tipo)}>
      <div className={css({ display: 'grid', gap: '3' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <h3 id={`${cardId(tipo)}-titulo`} tabIndex={-1} className={css({ fontWeight: 'bold', scrollMarginTop: '4', _focusVisible: { outline: 'none' } })}>
            {label}
          </h3>
          <DocumentStatusChip status={file?.status ?? 0} />
          {file ? (
            <DownloadButton url={file.url} shownName={displayFileName(file.nombre)} fileName={file.nombre} />
          ) : null}
          {file ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onToggle}
              aria-expanded={showViewer}
              aria-controls={showViewer ? viewerId : undefined}
              className={css({ ml: 'auto' })}
            >
              {showViewer ? VERIFICATION.hideDocument : VERIFICATION.viewDocument}
            </Button>
          ) : null}
        </div>
        {showViewer && file ? (
          <div className={reviewLayout}>
            <div id={viewerId} className={css({ minW: 0 })}>
              <DocumentViewer source={storedDocument(file.url, file.nombre)} label={label} height="min(72vh, 820px)" />
            </div>
            {decision}
          </div>
        ) : (
          decision
        )}
      </div>
    </Card>
  )
}
