/**
 * Temporary body of a route whose screen is not built yet: its title and the route parameters, so the route table
 * and the navigation can be exercised end to end. Each feature replaces its placeholder with the real screen.
 */
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { Card, PageHeader } from '../ui'

export function PlaceholderPage({ title, backTo }: { title: string; backTo?: string }) {
  const params = useParams()
  const entries = Object.entries(params).filter(([key]) => key !== '*')
  return (
    <div>
      <PageHeader title={title} backTo={backTo} />
      <Card>
        <p className={css({ color: 'fg.muted' })}>Esta pantalla estará disponible próximamente.</p>
        {entries.length ? (
          <dl className={css({ mt: '3', fontSize: 'sm', display: 'grid', gap: '1' })}>
            {entries.map(([key, value]) => (
              <div key={key} className={css({ display: 'flex', gap: '2' })}>
                <dt className={css({ color: 'fg.muted' })}>{key}:</dt>
                <dd className={css({ fontWeight: 'semibold' })}>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Card>
    </div>
  )
}
