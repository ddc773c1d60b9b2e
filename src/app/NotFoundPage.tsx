/** Unknown paths (spec 2.10): 'Page Not Found', then back to / after 1 second. */
import { useEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { usePageTitle } from '../lib/pageTitle'
// Straight to the modules, not the kit's index: the 404 must not pull every UI part into its chunk.
import { Logo } from '../ui/Logo'
import { pageHeadingClass } from '../ui/PageHeader'

// Not exported: the test asserts the spec's own 1 s (tests/src/app/routing.test.tsx), never this constant.
const NOT_FOUND_REDIRECT_MS = 1000

export function NotFoundPage() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return <StatusScreen title="Page Not Found" text="La página que buscas no existe. Te llevamos al inicio…" />
}

/** Full-page message used by the 404 and the error screen. */
export function StatusScreen({ title, text, detail, embedded = false }: { title: string; text: string; detail?: string; embedded?: boolean }) {
  const Tag = embedded ? 'div' : 'main'
  const heading = useRef<HTMLHeadingElement>(null)
  usePageTitle(title, heading)
  return (
    <Tag
      className={css({
        minH: embedded ? '60vh' : '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: '6',
        bg: 'bg.canvas',
        textAlign: 'center',
      })}
    >
      <div className={css({ display: 'grid', justifyItems: 'center', gap: '4', maxW: 'lg' })}>
        <Logo />
        <h1 ref={heading} tabIndex={-1} className={cx(pageHeadingClass, css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', color: 'fg.default' }))}>
          {title}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{text}</p>
        {detail ? (
          <pre className={css({ fontSize: 'xs', color: 'fg.error', whiteSpace: 'pre-wrap', maxW: 'full', overflowX: 'auto' })}>{detail}</pre>
        ) : null}
        <Link to="/" className={css({ color: 'fg.link', textDecoration: 'underline', fontWeight: 'semibold' })}>
          Volver al inicio
        </Link>
      </div>
    </Tag>
  )
}
