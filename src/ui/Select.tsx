/**
 * Single-choice select on Ark Select. Spec section 5: placeholder 'Seleccionar una opción' ('No existen opciones
 * disponibles' for an empty list); '0' or nothing chosen is 'Campo requerido' when the caller passes that reason.
 * The reason shows in the same amber warning tooltip as text fields.
 */
import { Portal } from '@ark-ui/react/portal'
// Ark's parts by name, not the `Select` namespace, whose object holds every part whether drawn or not (issue 24).
import {
  createListCollection,
  SelectContent,
  SelectControl,
  SelectHiddenSelect,
  SelectIndicator,
  SelectItem,
  SelectItemIndicator,
  SelectItemText,
  SelectLabel,
  SelectPositioner,
  SelectRoot,
  SelectTrigger,
  SelectValueText,
} from '@ark-ui/react/select'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { SELECT_TRANSLATIONS } from './arkTexts'
import { CheckIcon, ChevronDownIcon, WarningIcon } from './icons'
import { TooltipOnDemand } from './overlaysOnDemand'
import {
  SELECT_TEXTS,
  selectControlClass,
  selectIndicatorClass,
  selectLabelClass,
  selectRootClass,
  selectTriggerClass,
  selectValueTextClass,
} from './selectLook'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps {
  label: ReactNode
  options: readonly SelectOption[]
  /** The chosen value; '' (or '0') when nothing is chosen. */
  value: string
  onValueChange: (value: string) => void
  reason?: string | null
  forceReason?: boolean
  placeholder?: string
  /**
   * The value that means "nothing chosen" besides ''. Default '0' (catalogue selects); pass null for fixed lists
   * where '0' is a real choice (Activo = 0, No médico = 0).
   */
  placeholderValue?: string | null
  /** Replaces 'No existen opciones disponibles' for an empty list (e.g. while a dependent list loads). */
  emptyText?: string
  disabled?: boolean
  name?: string
  className?: string
  /** Drawn open (SelectOnDemand: the placeholder drawn before this code arrived was pressed). */
  defaultOpen?: boolean
  /** Its button takes the focus when drawn (SelectOnDemand: the placeholder it replaces had it). */
  autoFocus?: boolean
}

const contentClass = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'lg',
  py: '1',
  maxH: '72',
  overflowY: 'auto',
  zIndex: 'dropdown',
  minW: 'var(--reference-width)',
  _focusVisible: { outline: 'none' },
})
const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  _highlighted: { bg: 'bg.muted' },
  '&[data-state=checked]': { fontWeight: 'semibold', color: 'fg.primary' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
})

export function Select({
  label,
  options,
  value,
  onValueChange,
  reason = null,
  forceReason = false,
  placeholder,
  emptyText,
  placeholderValue = '0',
  disabled,
  name,
  className,
  defaultOpen,
  autoFocus = false,
}: SelectProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (autoFocus) triggerRef.current?.focus()
    // Once, when drawn: the placeholder's focus handed over, not a focus taken back at each render.
  }, [])
  const collection = useMemo(
    () =>
      createListCollection({
        items: options.map((option) => ({ ...option })),
        itemToValue: (item) => item.value,
        itemToString: (item) => item.label,
        isItemDisabled: (item) => Boolean(item.disabled),
      }),
    [options],
  )
  const [touched, setTouched] = useState(false)
  const [hovered, setHovered] = useState(false)
  const reasonId = useId()
  const showReason = Boolean(reason) && !disabled && (forceReason || touched)
  const selected = value && value !== placeholderValue && options.some((o) => o.value === value) ? [value] : []

  return (
    <SelectRoot
      collection={collection}
      value={selected}
      onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      onOpenChange={(details) => {
        if (!details.open) setTouched(true)
      }}
      defaultOpen={defaultOpen}
      disabled={disabled || options.length === 0}
      invalid={showReason}
      name={name}
      positioning={{ sameWidth: true }}
      translations={SELECT_TRANSLATIONS}
      className={cx(selectRootClass, className)}
    >
      <SelectLabel className={selectLabelClass}>{label}</SelectLabel>
      <SelectControl className={selectControlClass}>
        {/* The reason is read with the select itself, not only from the icon's tooltip. */}
        <SelectTrigger ref={triggerRef} className={cx(input(), selectTriggerClass)} aria-describedby={showReason ? reasonId : undefined}>
          <SelectValueText
            placeholder={options.length === 0 ? (emptyText ?? SELECT_TEXTS.empty) : (placeholder ?? SELECT_TEXTS.placeholder)}
            className={selectValueTextClass}
          />
          <SelectIndicator className={selectIndicatorClass}>
            <ChevronDownIcon size={18} />
          </SelectIndicator>
        </SelectTrigger>
        {showReason ? (
          <TooltipOnDemand tone="warning" content={reason} open={hovered} onOpenChange={setHovered} placement="top-end">
            {/* role="img": an aria-label on a span without a role is not read by every screen reader (axe aria-prohibited-attr). */}
            <span tabIndex={0} role="img" aria-label={reason ?? undefined} className={css({ display: 'inline-flex', color: 'fg.warning' })}>
              <WarningIcon size={18} />
            </span>
          </TooltipOnDemand>
        ) : null}
        {showReason ? (
          <span id={reasonId} className={css({ srOnly: true })}>
            {reason}
          </span>
        ) : null}
      </SelectControl>
      <Portal>
        <SelectPositioner>
          <SelectContent className={contentClass}>
            {collection.items.map((item) => (
              <SelectItem key={item.value} item={item} className={itemClass}>
                <SelectItemText>{item.label}</SelectItemText>
                <SelectItemIndicator className={css({ display: 'inline-flex' })}>
                  <CheckIcon size={16} />
                </SelectItemIndicator>
              </SelectItem>
            ))}
          </SelectContent>
        </SelectPositioner>
      </Portal>
      <SelectHiddenSelect />
    </SelectRoot>
  )
}
