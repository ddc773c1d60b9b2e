/**
 * App-wide notices on Ark Toast. The spec's "alert" messages (upload failures, 'Error al asignar proveedor', …)
 * go through `notify`, so no screen blocks on window.alert. Mount <AppToaster /> once (the app root does).
 */
import { Toast, Toaster, createToaster } from '@ark-ui/react'
import { css } from 'styled-system/css'
import { TOASTER_TEXTS } from './arkTexts'
import { CloseIcon } from './icons'

const toaster = createToaster({ placement: 'top-end', gap: 12, max: 4, overlap: false })

export type NoticeTone = 'error' | 'success' | 'info'

/** Shows a notice. Errors stay 6 s, others 4 s (pass `duration` for the spec's own timings). */
export function notify(description: string, tone: NoticeTone = 'error', options: { title?: string; duration?: number } = {}) {
  return toaster.create({
    title: options.title,
    description,
    type: tone,
    duration: options.duration ?? (tone === 'error' ? 6000 : 4000),
  })
}

const root = css({
  minW: '72',
  maxW: 'sm',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderLeftWidth: '4px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'lg',
  p: '3',
  pr: '9',
  position: 'relative',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 0.3s, scale 0.3s, opacity 0.3s, height 0.3s',
  '&[data-type=error]': { borderLeftColor: 'border.error' },
  '&[data-type=success]': { borderLeftColor: 'border.success' },
  '&[data-type=info]': { borderLeftColor: 'border.info' },
})

export function AppToaster() {
  return (
    // Our aria-label replaces zag's English 'Notifications, top-end (alt+T)' (Alt+T still moves focus to the notices).
    <Toaster toaster={toaster} aria-label={TOASTER_TEXTS.region}>
      {(toast) => (
        <Toast.Root className={root}>
          {toast.title ? <Toast.Title className={css({ fontWeight: 'bold', fontSize: 'sm' })}>{toast.title}</Toast.Title> : null}
          <Toast.Description className={css({ fontSize: 'sm', color: 'fg.default' })}>{toast.description}</Toast.Description>
          <Toast.CloseTrigger
            aria-label={TOASTER_TEXTS.close}
            className={css({ position: 'absolute', top: '2', right: '2', p: '1', cursor: 'pointer', color: 'fg.muted' })}
          >
            <CloseIcon size={16} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}
