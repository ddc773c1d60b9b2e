/**
 * Issue 21's small text parts: an e-mail wraps only before '@' and after dots, a cut file name shows the whole name
 * on hover and to screen readers, and a disabled action's reason is next to it and its description.
 */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CutFileName, EmailText, emailParts, useDisabledReason } from '../../../src/ui'

describe('EmailText', () => {
  it('offers line breaks only before the @ and after each dot', () => {
    expect(emailParts('ana.valenzuela@coppel.com')).toEqual(['ana.', 'valenzuela', '@coppel.', 'com'])
    expect(emailParts('x@y')).toEqual(['x', '@y'])
    const { container } = render(<EmailText address="ana.valenzuela@coppel.com" />)
    expect(container).toHaveTextContent(/^ana\.valenzuela@coppel\.com$/)
    expect(container.querySelectorAll('wbr')).toHaveLength(3)
    // Never 'anywhere' (that lets a table cell break inside a word).
    expect((container.firstElementChild as HTMLElement).className).not.toContain('anywhere')
  })
})

describe('CutFileName', () => {
  it("shows 'INE ambos.pdf' with the whole name as title and for screen readers", () => {
    render(<CutFileName name="INE ambos lados.pdf" />)
    const shown = screen.getByText('INE ambos.pdf')
    expect(shown.closest('[aria-hidden=true]')).not.toBeNull()
    expect(shown.closest('[title]')).toHaveAttribute('title', 'INE ambos lados.pdf')
    expect(screen.getByText('INE ambos lados.pdf')).toBeInTheDocument()
  })
})

function Action({ reason }: { reason: string | null }) {
  const { describedBy, reasonLine } = useDisabledReason(reason)
  return (
    <>
      <button type="button" disabled={reason !== null} aria-describedby={describedBy}>
        Acción
      </button>
      {reasonLine}
    </>
  )
}

describe('useDisabledReason', () => {
  it('renders the reason next to the control and describes the control with it; nothing without a reason', () => {
    const { rerender } = render(<Action reason="Esta cobertura no tiene suma de apoyo disponible." />)
    expect(screen.getByRole('button', { name: 'Acción' })).toHaveAccessibleDescription('Esta cobertura no tiene suma de apoyo disponible.')
    expect(screen.getByText('Esta cobertura no tiene suma de apoyo disponible.')).toBeVisible()
    rerender(<Action reason={null} />)
    expect(screen.getByRole('button', { name: 'Acción' })).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByText('Esta cobertura no tiene suma de apoyo disponible.')).toBeNull()
  })
})
