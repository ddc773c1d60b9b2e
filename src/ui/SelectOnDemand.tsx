/**
 * A select whose code (Ark's select, its list collection, its positioning and dismiss layers: a tenth of a signed-in
 * first screen's JavaScript) downloads at the first idle moment after the first screen is drawn, or when it is
 * pressed first (issue 24: the queue's filters are the only selects on a role's first screen). Until then a
 * placeholder with the same look, label, value and name for screen readers is drawn; the select replaces it when its
 * code has arrived, opened if the placeholder was pressed, focused if the placeholder had the focus.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFirstScreenIdle } from '../lib/firstScreenIdle'
import { ChevronDownIcon } from './icons'
import type { SelectProps } from './Select'
import {
  SELECT_TEXTS,
  selectControlClass,
  selectIndicatorClass,
  selectLabelClass,
  selectRootClass,
  selectTriggerClass,
  selectValueTextClass,
} from './selectLook'

type SelectModule = typeof import('./Select')

/** Once downloaded, every select on demand draws the select at once. */
let loaded: SelectModule | null = null
const loadSelect = () => import('./Select').then((module) => (loaded = module))

/** The keys that open a select (the listbox pattern's, as Ark's trigger reads them). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

export function SelectOnDemand(props: SelectProps) {
  const idle = useFirstScreenIdle()
  const [module, setModule] = useState(loaded)
  const [pressed, setPressed] = useState(false)
  const [focused, setFocused] = useState(false)
  useEffect(() => {
    if (module || !(idle || pressed)) return
    let drawn = true
    // A failed download leaves the placeholder, and the next press tries again.
    loadSelect().then(
      (select) => drawn && setModule(select),
      () => drawn && setPressed(false),
    )
    return () => {
      drawn = false
    }
  }, [module, idle, pressed])
  // Not Suspense: its fallback would be another element than the placeholder, and a pressed or focused placeholder
  // must stay the same button until the select replaces it.
  if (module) return <module.Select {...props} defaultOpen={pressed} autoFocus={focused && !pressed} />
  return <SelectPlaceholder {...props} busy={pressed} onPress={() => setPressed(true)} onFocusChange={setFocused} />
}

/** The select as Ark draws it closed: label, button with the chosen option's label (or the hint) and the chevron. */
function SelectPlaceholder({
  label,
  options,
  value,
  placeholder,
  emptyText,
  placeholderValue = '0',
  disabled,
  className,
  busy,
  onPress,
  onFocusChange,
}: SelectProps & { busy: boolean; onPress: () => void; onFocusChange: (focused: boolean) => void }) {
  const labelId = useId()
  const triggerId = useId()
  const chosen = value && value !== placeholderValue ? options.find((option) => option.value === value) : undefined
  const hint = options.length === 0 ? (emptyText ?? SELECT_TEXTS.empty) : (placeholder ?? SELECT_TEXTS.placeholder)
  const inactive = disabled || options.length === 0
  const openOnKey = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return
    event.preventDefault()
    onPress()
  }
  return (
    <div className={cx(selectRootClass, className)}>
      <label id={labelId} htmlFor={triggerId} className={selectLabelClass}>
        {label}
      </label>
      <div className={selectControlClass}>
        <button
          id={triggerId}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          aria-labelledby={labelId}
          aria-busy={busy || undefined}
          disabled={inactive}
          className={cx(input(), selectTriggerClass)}
          onClick={onPress}
          onKeyDown={openOnKey}
          onFocus={() => onFocusChange(true)}
          onBlur={() => onFocusChange(false)}
        >
          <span className={selectValueTextClass} data-placeholder-shown={chosen ? undefined : ''}>
            {chosen ? chosen.label : hint}
          </span>
          <span className={selectIndicatorClass}>
            <ChevronDownIcon size={18} />
          </span>
        </button>
      </div>
    </div>
  )
}
