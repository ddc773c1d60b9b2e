/**
 * The two-column sign-in layout of spec 2.3: welcome panel and form side by side, stacked below 960 px, and the
 * form edge to edge below 430 px.
 */
import { useRef, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { usePageTitle } from '../../lib/pageTitle'
import { pageHeadingClass } from '../../ui/PageHeader'

export function AuthColumns({ welcome, children }: { welcome: ReactNode; children: ReactNode }) {
  return (
    <div
      className={css({
        flex: '1',
        display: 'grid',
        gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
        alignItems: 'stretch',
        w: 'full',
      })}
    >
      <section
        className={css({
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: '4',
          px: { base: '5', sm: '8', lg: '12', xl: '20' },
          py: { base: '8', lg: '16' },
          color: 'fg.inverted',
          bgGradient: 'to-br',
          gradientFrom: 'navy.800',
          gradientTo: 'navy.500',
        })}
      >
        {welcome}
      </section>
      <section
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { base: '0', sm: '6', lg: '10' },
          py: { base: '0', sm: '8', lg: '16' },
        })}
      >
        <div
          className={css({
            w: 'full',
            maxW: 'md',
            bg: 'bg.surface',
            borderRadius: { base: '0', sm: 'l3' },
            boxShadow: { base: 'none', sm: 'lg' },
            borderWidth: { base: '0', sm: '1px' },
            borderColor: 'border.subtle',
            p: { base: '5', sm: '8' },
          })}
        >
          {children}
        </div>
      </section>
    </div>
  )
}

/** `pageTitle`: the document title and the announced name (the form's title), when it is not the welcome h1. */
export function Welcome({ title, text, pageTitle }: { title: string; text: string; pageTitle?: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  usePageTitle(pageTitle ?? title, heading)
  return (
    <>
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold', letterSpacing: '0.08em', textTransform: 'uppercase', opacity: 0.8 })}>
        Portal de trámites
      </p>
      <h1 ref={heading} tabIndex={-1} className={cx(pageHeadingClass, css({ fontSize: { base: '2xl', lg: '4xl' }, fontWeight: 'bold', lineHeight: '1.15' }))}>
        {title}
      </h1>
      <p className={css({ fontSize: { base: 'md', lg: 'lg' }, opacity: 0.85, maxW: 'lg' })}>{text}</p>
    </>
  )
}

export const formClass = css({ display: 'grid', gap: '5' })
export const formTitleClass = css({ fontSize: 'xl', fontWeight: 'bold', color: 'fg.default' })
