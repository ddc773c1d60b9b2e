/** Page title row: optional back arrow, the h1 (a string title takes the search highlight), and actions. */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { Highlight } from './Highlight'
import { ArrowLeftIcon } from './icons'

export interface PageHeaderProps {
  title: ReactNode
  subtitle?: ReactNode
  /** Route of the back arrow. */
  backTo?: string
  backLabel?: string
  actions?: ReactNode
}

export function PageHeader({ title, subtitle, backTo, backLabel = 'Regresar', actions }: PageHeaderProps) {
  return (
    <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', mb: '6' })}>
      {backTo ? (
        <Link
          to={backTo}
          aria-label={backLabel}
          className={css({
            display: 'inline-flex',
            p: '2',
            borderRadius: 'full',
            color: 'fg.default',
            _hover: { bg: 'bg.muted' },
          })}
        >
          <ArrowLeftIcon size={22} />
        </Link>
      ) : null}
      <div className={css({ flex: '1', minW: '0' })}>
        <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', color: 'fg.default', lineHeight: '1.2' })}>
          {typeof title === 'string' ? <Highlight text={title} /> : title}
        </h1>
        {subtitle ? <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'sm' })}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div> : null}
    </header>
  )
}
