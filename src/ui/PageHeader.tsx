/**
 * Page title row: optional back arrow, the h1 (a string title takes the search highlight), and actions. The h1 also
 * names the page: the document title, and where focus lands and what is announced after a navigation
 * (src/lib/pageTitle.ts).
 */
import { useRef, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { usePageTitle } from '../lib/pageTitle'
import { Highlight } from './Highlight'
import { ArrowLeftIcon } from './icons'

export interface PageHeaderProps {
  title: ReactNode
  subtitle?: ReactNode
  /** Route of the back arrow. */
  backTo?: string
  backLabel?: string
  actions?: ReactNode
  /**
   * The page's name for the document title and the announcement, most specific first
   * (['Validación de documentos', 'Trámite C12']). Defaults to a string `title`.
   */
  pageTitle?: string | readonly string[]
}

/** The h1 takes focus after a navigation; it is a place to read from, not a control, so it shows no focus ring. */
export const pageHeadingClass = css({ _focus: { outline: 'none' } })

export function PageHeader({ title, subtitle, backTo, backLabel = 'Regresar', actions, pageTitle }: PageHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  usePageTitle(pageTitle ?? (typeof title === 'string' ? title : null), heading)
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
        <h1
          ref={heading}
          tabIndex={-1}
          className={cx(pageHeadingClass, css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', color: 'fg.default', lineHeight: '1.2' }))}
        >
          {typeof title === 'string' ? <Highlight text={title} /> : title}
        </h1>
        {subtitle ? (
          <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'sm' })}>
            {typeof subtitle === 'string' ? <Highlight text={subtitle} /> : subtitle}
          </p>
        ) : null}
      </div>
      {actions ? <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div> : null}
    </header>
  )
}
