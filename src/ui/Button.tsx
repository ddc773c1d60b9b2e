/** Buttons on the `button` recipe: green primary for the main action (spec section 9). */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import { cx } from 'styled-system/css'
import { button, type ButtonVariantProps } from 'styled-system/recipes'
import { Spinner } from './Spinner'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, NonNullable<ButtonVariantProps> {
  /** Shows a spinner, sets aria-busy and blocks clicks (the label stays, so the button does not jump). */
  loading?: boolean
  startIcon?: ReactNode
  endIcon?: ReactNode
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, loading = false, startIcon, endIcon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(button({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : startIcon}
      {children}
      {endIcon}
    </button>
  )
})

export interface ButtonLinkProps extends LinkProps, NonNullable<ButtonVariantProps> {}

/** A router link that looks like a button ('Ver trámite', 'Ir a trámite'). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, fullWidth, className, ...rest },
  ref,
) {
  return <Link ref={ref} className={cx(button({ variant, size, fullWidth }), className)} {...rest} />
})
