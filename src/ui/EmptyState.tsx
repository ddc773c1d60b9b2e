import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { FileIcon } from './screenIcons'

/** What a list shows when there is nothing to list. */
export function EmptyState({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div
      className={css({
        display: 'grid',
        justifyItems: 'center',
        gap: '2',
        textAlign: 'center',
        py: '10',
        px: '4',
        color: 'fg.muted',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'border.default',
        borderRadius: 'l3',
        bg: 'bg.surface',
      })}
    >
      <FileIcon size={32} />
      <p className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{title}</p>
      {description ? <p className={css({ fontSize: 'sm' })}>{description}</p> : null}
      {action}
    </div>
  )
}
