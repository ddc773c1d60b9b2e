/**
 * Date picker on Ark DatePicker (spec 2.11): Spanish (Mexico) locale, no future dates by default, a 'Cerrar'
 * button, and dates shown and returned as YYYY-MM-DD.
 */
import { DatePicker as ArkDatePicker, Portal, parseDate } from '@ark-ui/react'
import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { button, input } from 'styled-system/recipes'
import { formatIsoDate } from '../lib/format'
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from './icons'

export interface DatePickerProps {
  label: string
  /** YYYY-MM-DD or '' when empty. */
  value: string
  onValueChange: (value: string) => void
  /** Allow dates after today (default false: the spec's pickers refuse future dates). */
  allowFuture?: boolean
  disabled?: boolean
  name?: string
}

const navButton = css({
  display: 'inline-flex',
  p: '1.5',
  borderRadius: 'l1',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _disabled: { opacity: 0.4 },
})
const cell = css({
  w: '9',
  h: '9',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _selected: { bg: 'bg.primary', color: 'fg.onPrimary' },
  '&[data-today]': { fontWeight: 'bold', textDecoration: 'underline' },
  '&[data-outside-range]': { color: 'fg.subtle' },
  _disabled: { opacity: 0.35, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
})

function safeParse(value: string) {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDate(value) : undefined
  } catch {
    return undefined
  }
}

/**
 * How the input's text is read back (zag re-reads it on blur and Enter). Our `format` writes YYYY-MM-DD, which Ark's
 * default es-MX parser does not know: it falls back to Date.parse, i.e. UTC midnight, the previous day west of
 * Greenwich, so every blur moved the date one day back in Mexico. Typed es-MX D/M/YYYY is read too.
 */
function parseInput(text: string) {
  const value = text.trim()
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  return dmy ? safeParse(`${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`) : safeParse(value)
}

export function DatePicker({ label, value, onValueChange, allowFuture = false, disabled, name }: DatePickerProps) {
  const parsed = safeParse(value)
  const max = useMemo(() => (allowFuture ? undefined : parseDate(formatIsoDate(new Date()))), [allowFuture])
  return (
    <ArkDatePicker.Root
      locale="es-MX"
      value={parsed ? [parsed] : []}
      onValueChange={(details) => onValueChange(details.value[0] ? details.value[0].toString() : '')}
      max={max}
      format={(date) => date.toString()}
      parse={parseInput}
      disabled={disabled}
      name={name}
      startOfWeek={1}
      className={css({ display: 'grid', gap: '1.5', w: 'full' })}
    >
      <ArkDatePicker.Label className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{label}</ArkDatePicker.Label>
      <ArkDatePicker.Control className={css({ display: 'flex', gap: '2' })}>
        <ArkDatePicker.Input className={input()} placeholder="AAAA-MM-DD" />
        <ArkDatePicker.Trigger className={button({ variant: 'secondary', size: 'icon' })} aria-label={`Abrir calendario: ${label}`}>
          <CalendarIcon size={18} />
        </ArkDatePicker.Trigger>
      </ArkDatePicker.Control>
      <Portal>
        <ArkDatePicker.Positioner>
          <ArkDatePicker.Content
            className={css({
              bg: 'bg.surface',
              p: '3',
              borderRadius: 'l3',
              borderWidth: '1px',
              borderColor: 'border.default',
              boxShadow: 'lg',
              zIndex: 'popover',
            })}
          >
            <ArkDatePicker.View view="day">
              <ArkDatePicker.Context>
                {(picker) => (
                  <>
                    <ArkDatePicker.ViewControl className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '2' })}>
                      <ArkDatePicker.PrevTrigger className={navButton} aria-label="Mes anterior">
                        <ChevronLeftIcon size={18} />
                      </ArkDatePicker.PrevTrigger>
                      <ArkDatePicker.ViewTrigger className={css({ fontWeight: 'semibold', textTransform: 'capitalize', cursor: 'pointer' })}>
                        <ArkDatePicker.RangeText />
                      </ArkDatePicker.ViewTrigger>
                      <ArkDatePicker.NextTrigger className={navButton} aria-label="Mes siguiente">
                        <ChevronRightIcon size={18} />
                      </ArkDatePicker.NextTrigger>
                    </ArkDatePicker.ViewControl>
                    <ArkDatePicker.Table>
                      <ArkDatePicker.TableHead>
                        <ArkDatePicker.TableRow>
                          {picker.weekDays.map((day, index) => (
                            <ArkDatePicker.TableHeader key={index} className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'semibold' })}>
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
                                <ArkDatePicker.TableCellTrigger className={cell}>{day.day}</ArkDatePicker.TableCellTrigger>
                              </ArkDatePicker.TableCell>
                            ))}
                          </ArkDatePicker.TableRow>
                        ))}
                      </ArkDatePicker.TableBody>
                    </ArkDatePicker.Table>
                    <div className={css({ display: 'flex', justifyContent: 'flex-end', mt: '2' })}>
                      <button type="button" className={cx(button({ variant: 'ghost', size: 'sm' }))} onClick={() => picker.setOpen(false)}>
                        Cerrar
                      </button>
                    </div>
                  </>
                )}
              </ArkDatePicker.Context>
            </ArkDatePicker.View>
          </ArkDatePicker.Content>
        </ArkDatePicker.Positioner>
      </Portal>
    </ArkDatePicker.Root>
  )
}
