/**
 * The generic text field of spec section 5: label, input and, when the value breaks a rule, a warning icon whose
 * amber tooltip gives the reason (the reason is also the input's accessible error message, so screen readers and
 * tests read it without hovering). Rules live with the caller (src/lib/rules or a machine); this only shows them.
 *
 * A reason shows once the field was left or holds text, so an untouched form is not covered in warnings.
 * `revealable` adds the show/hide eye toggle of password fields.
 */
// Ark's parts by name, not the `Field` namespace: the namespace object holds every part (textarea with its
// auto-resize, select, item…), and the bundler keeps all of it wherever a field is drawn (issue 24).
import { FieldErrorText, FieldHelperText, FieldInput, FieldLabel, FieldRoot } from '@ark-ui/react/field'
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { EyeIcon, EyeOffIcon, WarningIcon } from './icons'
import { TooltipOnDemand } from './overlaysOnDemand'

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> {
  label: ReactNode
  value: string
  onValueChange: (value: string) => void
  /** Why the value is not accepted, or null. */
  reason?: string | null
  /** Show the reason even if the field was not touched (after a submit attempt). */
  forceReason?: boolean
  helperText?: ReactNode
  /** Password fields: adds the eye toggle. */
  revealable?: boolean
  /** Something to show at the end of the input (a unit, a button). */
  endAdornment?: ReactNode
  className?: string
}

const wrapper = css({ display: 'grid', gap: '1.5', w: 'full' })
const labelClass = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' })
const control = css({ position: 'relative', display: 'flex', alignItems: 'center' })
const trailing = css({
  position: 'absolute',
  insetInlineEnd: '2',
  display: 'flex',
  alignItems: 'center',
  gap: '1',
})
const iconButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'l1',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
})

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    value,
    onValueChange,
    reason = null,
    forceReason = false,
    helperText,
    revealable = false,
    endAdornment,
    className,
    type = 'text',
    disabled,
    required,
    readOnly,
    onBlur,
    onFocus,
    ...inputProps
  },
  ref,
) {
  const [touched, setTouched] = useState(false)
  const [focused, setFocused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [revealed, setRevealed] = useState(false)
  const showReason = Boolean(reason) && !disabled && !readOnly && (forceReason || touched || value !== '')
  const trailingCount = (showReason ? 1 : 0) + (revealable ? 1 : 0) + (endAdornment ? 1 : 0)

  return (
    <FieldRoot invalid={showReason} disabled={disabled} required={required} readOnly={readOnly} className={cx(wrapper, className)}>
      <FieldLabel className={labelClass}>{label}</FieldLabel>
      <div className={control}>
        <FieldInput
          ref={ref}
          type={revealable && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onFocus={(event) => {
            setFocused(true)
            onFocus?.(event)
          }}
          onBlur={(event) => {
            setFocused(false)
            setTouched(true)
            onBlur?.(event)
          }}
          className={input()}
          style={trailingCount ? { paddingInlineEnd: `${trailingCount * 32 + 8}px` } : undefined}
          {...inputProps}
        />
        {trailingCount > 0 ? (
          <span className={trailing}>
            {showReason ? (
              <TooltipOnDemand
                tone="warning"
                content={reason}
                open={focused || hovered}
                onOpenChange={setHovered}
                placement="top-end"
              >
                <span className={css({ display: 'inline-flex', color: 'fg.warning', p: '1' })} data-part="warning">
                  <WarningIcon size={18} />
                </span>
              </TooltipOnDemand>
            ) : null}
            {revealable ? (
              <button
                type="button"
                className={iconButton}
                aria-label={revealed ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                aria-pressed={revealed}
                onClick={() => setRevealed((shown) => !shown)}
                disabled={disabled}
              >
                {revealed ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
              </button>
            ) : null}
            {endAdornment}
          </span>
        ) : null}
      </div>
      {helperText ? <FieldHelperText className={css({ fontSize: 'xs', color: 'fg.muted' })}>{helperText}</FieldHelperText> : null}
      {/* The reason as the input's error message (aria-errormessage); the tooltip is the visual. */}
      <FieldErrorText className={css({ srOnly: true })}>{reason}</FieldErrorText>
    </FieldRoot>
  )
})
