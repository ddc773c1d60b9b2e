/**
 * The comment flow of one document on the verification page (spec 2.11 'Document verification', 4 and 5
 * 'Comment'), bound to its `comment` child actor: 'Enviar comentario' shows the box, 'Agregar comentario' sends it,
 * the required-fields message, and the 6 s success notice.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { commentMachine, selectBoxOpen, selectCanOpen, selectIsSending } from '../../../machines/comment.machine'
import { Banner, Button } from '../../ui'
import { VERIFICATION } from './messages'

export type CommentActor = ActorRefFrom<typeof commentMachine>

export function CommentFlow({ comment, label }: { comment: CommentActor; label: string }) {
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
                borderColor: message ? 'border.error' : 'border.control',
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
