/**
 * Date picker on Ark DatePicker (spec 2.11): Spanish (Mexico) locale, no future dates by default, a 'Cerrar'
 * button, and dates shown and returned as YYYY-MM-DD.
 *
 * Typing (issue 15): the text box is ours, not Ark's. Ark's input drops every character but digits and the locale's
 * '/', and on Enter or blur replaces text it cannot read with the focused day (today): typed 2026-03-15 became
 * 20260315 and then today. Here the text is read by the domain rule (`readDateEntry`: YYYY-MM-DD or DD/MM/YYYY) when
 * the field is left or Enter is pressed; a readable date is given as YYYY-MM-DD, anything else is given as typed,
 * so the form holds it, refuses it with the Spanish reason and cannot be sent. Nothing is ever replaced.
 *
 * The calendar has the day, month and year views (the caption switches between them; birth dates open on the
 * year view), the same min/max in each, and every accessible text in Spanish.
 */
import { DatePicker as ArkDatePicker, Portal, parseDate, useDatePicker, type DatePickerRootProps } from '@ark-ui/react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { button, input } from 'styled-system/recipes'
import { dateFieldReason, isCalendarDate, localIsoDate, readDateEntry } from '../../domain/calendarDates'
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from './screenIcons'

type DateView = 'day' | 'month' | 'year'
type Translations = NonNullable<DatePickerRootProps['translations']>

export interface DatePickerProps {
  label: string
  /** YYYY-MM-DD, '' when empty, or an entry the field could not read, as typed (the form's rule refuses it). */
  value: string
  onValueChange: (value: string) => void
  /** Allow dates after today (default false: the spec's pickers refuse future dates). */
  allowFuture?: boolean
  /** Earliest and latest allowed dates (YYYY-MM-DD), e.g. the other end of a period; today stays the latest unless `allowFuture`. */
  min?: string | undefined
  max?: string | undefined
  /** The view the calendar opens on: 'year' for birth dates, days otherwise. */
  defaultView?: DateView
  /**
   * YYYY-MM-DD the calendar shows while the field is empty (default today): a birth date opens on the years where
   * birth dates are, not on the current decade. A chosen or typed date is shown instead.
   */
  openOn?: string | undefined
  /** The form's reason for refusing the value; without one the field says why it refuses what was typed. */
  reason?: string | null
  disabled?: boolean
  name?: string
}

const VIEW_NAMES: Record<DateView, string> = { day: 'días', month: 'meses', year: 'años' }

/** Every text Ark would say in English (issue 11), for one field. */
function spanishTranslations(label: string): Translations {
  return {
    dayCell: (state) => {
      if (state.unavailable) return `No disponible. ${state.valueText}`
      if (state.selected) return `Fecha seleccionada. ${state.valueText}`
      return `Elegir ${state.valueText}`
    },
    trigger: (open) => `${open ? 'Cerrar' : 'Abrir'} calendario: ${label}`,
    viewTrigger: (view, nextView) => (nextView ? `Cambiar a la vista de ${VIEW_NAMES[nextView]}` : `Vista de ${VIEW_NAMES[view]}`),
    prevTrigger: (view) => ({ day: 'Mes anterior', month: 'Año anterior', year: 'Década anterior' })[view],
    nextTrigger: (view) => ({ day: 'Mes siguiente', month: 'Año siguiente', year: 'Década siguiente' })[view],
    presetTrigger: ([start = '', end = '']) => `Elegir del ${start} al ${end}`,
    placeholder: () => ({ year: 'aaaa', month: 'mm', day: 'dd' }),
    content: `Calendario: ${label}`,
    monthSelect: 'Elegir mes',
    yearSelect: 'Elegir año',
    clearTrigger: 'Borrar fecha',
    weekColumnHeader: 'Sem.',
    weekNumberCell: (weekNumber) => `Semana ${weekNumber}`,
  }
}

/** The month/year switch: what it shows first, then what pressing it does (the year view is the last one). */
const NEXT_VIEW: Record<DateView, DateView | null> = { day: 'month', month: 'year', year: null }
function viewTriggerName(view: DateView, shown: string): string {
  const next = NEXT_VIEW[view]
  return next ? `${shown}, cambiar a la vista de ${VIEW_NAMES[next]}` : `${shown}, vista de ${VIEW_NAMES[view]}`
}

/** What the grids are announced as (Ark says 'calendar month', 'calendar year', 'calendar decade'). */
const TABLE_ROLE_DESCRIPTION: Record<DateView, string> = { day: 'calendario del mes', month: 'meses del año', year: 'años de la década' }

/** es-MX writes month names in lower case: 'noviembre de 2026'; the caption starts with a capital, nothing more. */
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase('es-MX') + text.slice(1)

/**
 * Ark's month view tests a month against min/max with the focused day (the 31st of October makes a November that ends
 * at max on the 23rd unselectable). The day that keeps each allowed month of `year` selectable: no later than max's
 * day in max's year, no earlier than min's day in min's year.
 */
function dayForMonthView(year: number, day: number, min?: string, max?: string): number {
  let next = day
  if (max && Number(max.slice(0, 4)) === year) next = Math.min(next, Number(max.slice(8, 10)))
  if (min && Number(min.slice(0, 4)) === year) next = Math.max(next, Number(min.slice(8, 10)))
  return next
}

const navButton = css({
  display: 'inline-flex',
  p: '1.5',
  borderRadius: 'l1',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
})
const cellBase = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _selected: { bg: 'bg.primary', color: 'fg.onPrimary', _hover: { bg: 'bg.primary' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
  '&[data-today]': { fontWeight: 'bold', textDecoration: 'underline' },
  '&[data-outside-range]': { color: 'fg.subtle' },
  _disabled: { opacity: 0.35, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
} as const
const dayCell = css({ ...cellBase, w: '9', h: '9' })
/** Month and year cells: four to a row, as wide as the seven day columns. */
const wideCell = css({ ...cellBase, w: '16', h: '12', textTransform: 'none' })
const caption = css({
  fontWeight: 'semibold',
  cursor: 'pointer',
  px: '2',
  py: '1',
  borderRadius: 'l1',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
})
const viewControl = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '2', gap: '2' })

export function DatePicker({
  label,
  value,
  onValueChange,
  allowFuture = false,
  min,
  max,
  defaultView = 'day',
  openOn,
  reason = null,
  disabled,
  name,
}: DatePickerProps) {
  const inputId = useId()
  const reasonId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  /** The text being typed; null shows `value`. */
  const [draft, setDraft] = useState<string | null>(null)

  const today = useMemo(() => localIsoDate(new Date()), [])
  const latest = allowFuture ? max : max && max < today ? max : today
  const bounds = { min, max: latest, today }
  const parsed = isCalendarDate(value) ? parseDate(value) : undefined
  const minValue = useMemo(() => (min && isCalendarDate(min) ? parseDate(min) : undefined), [min])
  const maxValue = useMemo(() => (latest && isCalendarDate(latest) ? parseDate(latest) : undefined), [latest])
  const translations = useMemo(() => spanishTranslations(label), [label])

  const picker = useDatePicker({
    ids: { input: () => inputId },
    locale: 'es-MX',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    translations,
    value: parsed ? [parsed] : [],
    onValueChange: (details) => {
      setDraft(null)
      onValueChange(details.value[0] ? details.value[0].toString() : '')
    },
    onOpenChange: ({ open }) => {
      // Ark gives focus back to the trigger that opened the calendar; should it find nothing to focus (our input is
      // not Ark's), focus goes to the text box rather than falling to <body>.
      if (!open)
        requestAnimationFrame(() => {
          const active = document.activeElement
          if (!active || active === document.body) inputRef.current?.focus()
        })
    },
    min: minValue,
    max: maxValue,
    defaultView,
    ...(openOn && isCalendarDate(openOn) ? { defaultFocusedValue: parseDate(openOn) } : {}),
    startOfWeek: 1,
    disabled,
    positioning: { placement: 'bottom-start', flip: true, fitViewport: true, gutter: 4 },
  })

  // See dayForMonthView: keep the focused day inside the bounds of the year shown in the month view.
  const focused = picker.focusedValue
  useEffect(() => {
    if (picker.view !== 'month') return
    const day = dayForMonthView(focused.year, focused.day, minValue?.toString(), maxValue?.toString())
    if (day !== focused.day) picker.setFocusedValue(focused.set({ day }))
    // (Keyed on the values, not on `picker`, a new object every render.)
  }, [picker.view, focused.toString(), minValue?.toString(), maxValue?.toString()])

  const commit = () => {
    if (draft === null) return
    const entry = readDateEntry(draft)
    const next = entry.ok ? entry.value : draft.trim()
    setDraft(null)
    if (next !== value) onValueChange(next)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    commit()
  }

  const shownReason = draft === null && !disabled ? (reason ?? dateFieldReason(value, bounds)) : null
  const viewCaption = (view: DateView) => {
    if (view === 'year') {
      const decade = picker.getDecade()
      return `${decade.start ?? ''}–${decade.end ?? ''}`
    }
    return sentenceCase(picker.visibleRangeText.start)
  }

  /**
   * Ark checks its arrows against min/max in the day view only: in the month and year views 'Año siguiente' and
   * 'Década siguiente' stayed enabled past the last allowed year (and did nothing). Disabled here in those views.
   */
  const arrowsDisabled = (view: DateView): { prev?: boolean; next?: boolean } => {
    if (view === 'day') return {}
    const first = view === 'month' ? focused.year : (picker.getDecade().start ?? focused.year)
    const last = view === 'month' ? focused.year : (picker.getDecade().end ?? focused.year)
    return { prev: minValue ? first <= minValue.year : false, next: maxValue ? last >= maxValue.year : false }
  }
  const header = (view: DateView) => {
    const { prev, next } = arrowsDisabled(view)
    return (
    <ArkDatePicker.ViewControl className={viewControl}>
      <ArkDatePicker.PrevTrigger className={navButton} {...(prev === undefined ? {} : { disabled: prev })}>
        <ChevronLeftIcon size={18} />
      </ArkDatePicker.PrevTrigger>
      {/* The name starts with the caption it shows (WCAG 2.5.3, axe's label-content-name-mismatch): a voice user says
          what they see. Ark's own name was only 'Cambiar a la vista de …'. */}
      <ArkDatePicker.ViewTrigger className={caption} aria-label={viewTriggerName(view, viewCaption(view))}>
        {viewCaption(view)}
      </ArkDatePicker.ViewTrigger>
      <ArkDatePicker.NextTrigger className={navButton} {...(next === undefined ? {} : { disabled: next })}>
        <ChevronRightIcon size={18} />
      </ArkDatePicker.NextTrigger>
    </ArkDatePicker.ViewControl>
    )
  }
  const closeButton = (
    <div className={css({ display: 'flex', justifyContent: 'flex-end', mt: '2' })}>
      <button type="button" className={cx(button({ variant: 'ghost', size: 'sm' }))} onClick={() => picker.setOpen(false)}>
        Cerrar
      </button>
    </div>
  )

  return (
    <ArkDatePicker.RootProvider value={picker} className={css({ display: 'grid', gap: '1.5', w: 'full' })}>
      <ArkDatePicker.Label className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{label}</ArkDatePicker.Label>
      <ArkDatePicker.Control className={css({ display: 'flex', gap: '2' })}>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          className={input()}
          placeholder="AAAA-MM-DD"
          disabled={disabled}
          value={draft ?? value}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          aria-invalid={shownReason ? true : undefined}
          aria-describedby={shownReason ? reasonId : undefined}
        />
        <ArkDatePicker.Trigger className={button({ variant: 'secondary', size: 'icon' })}>
          <CalendarIcon size={18} />
        </ArkDatePicker.Trigger>
      </ArkDatePicker.Control>
      {shownReason ? (
        <p id={reasonId} className={css({ fontSize: 'xs', color: 'fg.error' })}>
          {shownReason}
        </p>
      ) : null}
      <Portal>
        <ArkDatePicker.Positioner>
          <ArkDatePicker.Content
            aria-roledescription="selector de fecha"
            className={css({
              bg: 'bg.surface',
              p: '3',
              borderRadius: 'l3',
              borderWidth: '1px',
              borderColor: 'border.default',
              boxShadow: 'lg',
              zIndex: 'popover',
              minW: '72',
              maxW: 'calc(100vw - 16px)',
            })}
          >
            <ArkDatePicker.View view="day">
              {header('day')}
              <ArkDatePicker.Table aria-roledescription={TABLE_ROLE_DESCRIPTION.day}>
                <ArkDatePicker.TableHead>
                  <ArkDatePicker.TableRow>
                    {picker.weekDays.map((day, index) => (
                      <ArkDatePicker.TableHeader
                        key={index}
                        abbr={day.long}
                        className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'semibold' })}
                      >
                        {day.narrow}
                      </ArkDatePicker.TableHeader>
                    ))}
                  </ArkDatePicker.TableRow>
                </ArkDatePicker.TableHead>
                <ArkDatePicker.TableBody>
                  {picker.weeks.map((week, index) => (
                    <ArkDatePicker.TableRow key={index}>
                      {week.map((day, dayIndex) => (
                        <ArkDatePicker.TableCell key={dayIndex} value={day}>
                          <ArkDatePicker.TableCellTrigger className={dayCell}>{day.day}</ArkDatePicker.TableCellTrigger>
                        </ArkDatePicker.TableCell>
                      ))}
                    </ArkDatePicker.TableRow>
                  ))}
                </ArkDatePicker.TableBody>
              </ArkDatePicker.Table>
              {closeButton}
            </ArkDatePicker.View>
            <ArkDatePicker.View view="month">
              {header('month')}
              <ArkDatePicker.Table aria-roledescription={TABLE_ROLE_DESCRIPTION.month}>
                <ArkDatePicker.TableBody>
                  {picker.getMonthsGrid({ columns: 4, format: 'short' }).map((months, row) => (
                    <ArkDatePicker.TableRow key={row}>
                      {months.map((month) => (
                        <ArkDatePicker.TableCell key={month.value} value={month.value}>
                          <ArkDatePicker.TableCellTrigger className={wideCell}>{month.label.replace('.', '')}</ArkDatePicker.TableCellTrigger>
                        </ArkDatePicker.TableCell>
                      ))}
                    </ArkDatePicker.TableRow>
                  ))}
                </ArkDatePicker.TableBody>
              </ArkDatePicker.Table>
              {closeButton}
            </ArkDatePicker.View>
            <ArkDatePicker.View view="year">
              {header('year')}
              <ArkDatePicker.Table aria-roledescription={TABLE_ROLE_DESCRIPTION.year}>
                <ArkDatePicker.TableBody>
                  {picker.getYearsGrid({ columns: 4 }).map((years, row) => (
                    <ArkDatePicker.TableRow key={row}>
                      {years.map((year) => (
                        <ArkDatePicker.TableCell key={year.value} value={year.value}>
                          <ArkDatePicker.TableCellTrigger className={wideCell}>{year.label}</ArkDatePicker.TableCellTrigger>
                        </ArkDatePicker.TableCell>
                      ))}
                    </ArkDatePicker.TableRow>
                  ))}
                </ArkDatePicker.TableBody>
              </ArkDatePicker.Table>
              {closeButton}
            </ArkDatePicker.View>
          </ArkDatePicker.Content>
        </ArkDatePicker.Positioner>
      </Portal>
    </ArkDatePicker.RootProvider>
  )
}
