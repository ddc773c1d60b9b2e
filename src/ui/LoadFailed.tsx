import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Banner } from './Banner'
import { Button } from './Button'
import { LoadingBlock } from './Spinner'

/** A load that failed: the red notice across the width and a secondary 'Reintentar' below it. */
export function LoadFailed({ children, onRetry, retryLabel = 'Reintentar' }: { children: ReactNode; onRetry: () => void; retryLabel?: string }) {
  return (
    <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
      <Banner tone="error" className={css({ w: 'full' })}>
        {children}
      </Banner>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}

/**
 * A screen's red notice, if it has one: closable while the screen works; after a failed load it stays and a
 * secondary 'Reintentar' follows it.
 */
export function ErrorNotice({
  alert,
  loadFailed = false,
  onDismiss,
  onRetry,
}: {
  alert: ReactNode
  loadFailed?: boolean
  onDismiss: () => void
  onRetry?: () => void
}) {
  return (
    <>
      {alert ? (
        <Banner tone="error" onDismiss={loadFailed ? undefined : onDismiss}>
          {alert}
        </Banner>
      ) : null}
      {loadFailed && onRetry ? (
        <div>
          <Button variant="secondary" onClick={onRetry}>
            Reintentar
          </Button>
        </div>
      ) : null}
    </>
  )
}

/**
 * A screen that reads before it shows: the loading block, then either the failed load with 'Reintentar' or the
 * content in a grid under the closable red notice.
 */
export function LoadedScreen({
  loading,
  loadFailed,
  alert,
  loadingLabel,
  loadingLines,
  onRetry,
  onDismiss,
  children,
}: {
  loading: boolean
  loadFailed: boolean
  alert: ReactNode
  loadingLabel: string
  loadingLines: number
  onRetry: () => void
  onDismiss: () => void
  children: ReactNode
}) {
  if (loading) return <LoadingBlock label={loadingLabel} lines={loadingLines} />
  if (loadFailed) return <LoadFailed onRetry={onRetry}>{alert}</LoadFailed>
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      {alert ? (
        <Banner tone="error" onDismiss={onDismiss}>
          {alert}
        </Banner>
      ) : null}
      {children}
    </div>
  )
}
