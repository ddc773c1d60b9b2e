/** Surface for claim cards, forms and summaries (`card` recipe). */
import type { HTMLAttributes, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { card, type CardVariantProps } from 'styled-system/recipes'
import { Highlight } from './Highlight'

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'>, NonNullable<CardVariantProps> {
  as?: 'section' | 'article' | 'div'
  title?: ReactNode
  /** Heading level of the title (defaults to h2). */
  titleLevel?: 2 | 3 | 4
  actions?: ReactNode
}

export function Card({ as: Tag = 'section', title, titleLevel = 2, actions, tone, className, children, ...rest }: CardProps) {
  const Heading = `h${titleLevel}` as const
  return (
    <Tag className={cx(card({ tone }), className)} {...rest}>
      {title || actions ? (
        <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4', flexWrap: 'wrap' })}>
          {title ? <Heading className={css({ fontSize: 'lg', fontWeight: 'bold', color: 'fg.default' })}>{typeof title === 'string' ? <Highlight text={title} /> : title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </Tag>
  )
}

/** Label/value rows inside cards ('Cobertura', 'Suma de apoyo autorizada', …); text takes the search highlight. */
export function DataList({ items, className }: { items: ReadonlyArray<{ label: ReactNode; value: ReactNode }>; className?: string }) {
  return (
    <dl className={cx(css({ display: 'grid', gap: '2', fontSize: 'sm' }), className)}>
      {items.map((entry, index) => (
        <div key={index} className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
          <dt className={css({ color: 'fg.muted' })}>{typeof entry.label === 'string' ? <Highlight text={entry.label} /> : entry.label}</dt>
          <dd className={css({ fontWeight: 'semibold', textAlign: 'end' })}>
            {typeof entry.value === 'string' || typeof entry.value === 'number' ? <Highlight text={entry.value} /> : entry.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
