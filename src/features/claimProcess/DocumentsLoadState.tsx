/**
 * What the two document screens of a claim (upload and verification) show around their content: the red notice
 * ('Reintentar' reads the documents again) and, while they load, one skeleton per document slot.
 */
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ErrorNotice, Skeleton } from '../../ui'

/** Both documents machines take these two events. */
interface DocumentsActor {
  send(event: { type: 'alert.dismiss' } | { type: 'documents.reload' }): void
}

export function DocumentsLoadState({
  actor,
  alert,
  loading,
  loadFailed,
  loadingLabel,
  slotHeight,
  children,
}: {
  actor: DocumentsActor
  alert: string | null
  loading: boolean
  loadFailed: boolean
  loadingLabel: string
  slotHeight: number
  children: ReactNode
}) {
  return (
    <>
      <ErrorNotice
        alert={alert}
        loadFailed={loadFailed}
        onDismiss={() => actor.send({ type: 'alert.dismiss' })}
        onRetry={() => actor.send({ type: 'documents.reload' })}
      />
      {loadFailed ? null : loading ? (
        <div role="status" aria-label={loadingLabel} className={css({ display: 'grid', gap: '3' })}>
          <Skeleton height={slotHeight} />
          <Skeleton height={slotHeight} />
          <Skeleton height={slotHeight} />
        </div>
      ) : (
        children
      )}
    </>
  )
}
