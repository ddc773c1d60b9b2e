/**
 * The date picker as people use it (issue 15 'Dates', issue 11 Spanish accessible texts): typed dates in both
 * formats, an unreadable entry kept and explained instead of replaced by today, the month and year views with the
 * same bounds, the caption as es-MX writes it, and no English for screen readers. The clock is fixed (Date only, so
 * user-event's timers stay real) at 23 November 2026.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DatePicker } from '../../../src/ui'

const UNREADABLE = 'Fecha no válida: use AAAA-MM-DD o DD/MM/AAAA'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0))
})
afterEach(() => vi.useRealTimers())

function Field({ initial = '', label = 'Fecha', defaultView, openOn }: { initial?: string; label?: string; defaultView?: 'year'; openOn?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DatePicker label={label} value={value} onValueChange={setValue} defaultView={defaultView} openOn={openOn} />
      <output aria-label="valor">{value}</output>
      <button type="button">otro</button>
    </>
  )
}

const valueShown = () => screen.getByLabelText('valor')
const openCalendar = async (user: ReturnType<typeof userEvent.setup>, label = 'Fecha') => {
  await user.click(screen.getByRole('button', { name: `Abrir calendario: ${label}` }))
  return screen.findByRole('grid')
}

describe('DatePicker: typing', () => {
  it('reads YYYY-MM-DD, as the field shows it, on Enter', async () => {
    render(<Field />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha' })
    await user.type(input, '2026-03-15')
    expect(input).toHaveValue('2026-03-15')
    await user.keyboard('{Enter}')
    expect(valueShown()).toHaveTextContent('2026-03-15')
    expect(input).toHaveValue('2026-03-15')
  })

  it('reads DD/MM/YYYY when the field is left, and shows it as YYYY-MM-DD', async () => {
    render(<Field />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha' })
    await user.type(input, '15/03/2026')
    await user.click(screen.getByRole('button', { name: 'otro' }))
    expect(valueShown()).toHaveTextContent('2026-03-15')
    expect(input).toHaveValue('2026-03-15')
  })

  it('keeps an unreadable entry, marks it invalid with the Spanish reason and never puts in today', async () => {
    render(<Field initial="2026-01-10" />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha' })
    await user.clear(input)
    await user.type(input, 'abc{Enter}')
    expect(input).toHaveValue('abc')
    expect(valueShown()).toHaveTextContent('abc')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(UNREADABLE)
    await user.click(screen.getByRole('button', { name: 'otro' }))
    expect(input).toHaveValue('abc')
    expect(valueShown()).not.toHaveTextContent('2026-11-23')

    await user.clear(input)
    await user.type(input, '31/02/2026')
    await user.click(screen.getByRole('button', { name: 'otro' }))
    expect(input).toHaveAccessibleDescription(UNREADABLE)

    await user.clear(input)
    await user.type(input, '2026-02-28{Enter}')
    expect(valueShown()).toHaveTextContent('2026-02-28')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText(UNREADABLE)).toBeNull()
  })

  it('refuses a typed future date with its reason, without changing it', async () => {
    render(<Field />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha' })
    await user.type(input, '24/11/2026{Enter}')
    expect(input).toHaveValue('2026-11-24')
    expect(input).toHaveAccessibleDescription('La fecha no puede ser posterior a hoy')
  })
})

describe('DatePicker: views', () => {
  it("writes the caption as es-MX does: 'Noviembre de 2026'", async () => {
    render(<Field initial="2026-11-10" />)
    const user = userEvent.setup()
    await openCalendar(user)
    expect(screen.getByRole('button', { name: 'Noviembre de 2026, cambiar a la vista de meses' })).toHaveTextContent(/^Noviembre de 2026$/)
  })

  it('shows the months when the caption is clicked, then the years, with no future month or year', async () => {
    render(<Field initial="2026-10-31" />)
    const user = userEvent.setup()
    await openCalendar(user)
    await user.click(screen.getByRole('button', { name: /, cambiar a la vista de meses$/ }))
    const months = await screen.findByRole('grid')
    const monthCells = within(months).getAllByRole('button')
    expect(monthCells).toHaveLength(12)
    // Short es-MX month names ('sep' or 'sept' depending on the ICU data), without the abbreviation dot.
    expect(monthCells.map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'oct', 'nov', 'dic']))
    // November (to the 23rd) can be chosen although the focused day is the 31st; December cannot.
    expect(within(months).getByText('nov')).not.toHaveAttribute('aria-disabled', 'true')
    expect(within(months).getByText('dic')).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Año siguiente' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /, cambiar a la vista de años$/ })).toHaveTextContent('2026')

    await user.click(screen.getByRole('button', { name: /, cambiar a la vista de años$/ }))
    const years = await screen.findByRole('grid')
    expect(within(years).getByText('2026')).not.toHaveAttribute('aria-disabled', 'true')
    expect(within(years).getByText('2027')).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Década siguiente' })).toBeDisabled()

    // Back down: a year, a month, a day.
    await user.click(within(years).getByText('2025'))
    await user.click(within(await screen.findByRole('grid')).getByText('mar'))
    await user.click(within(await screen.findByRole('grid')).getByRole('button', { name: /^Elegir .*14 de marzo de 2025/ }))
    await waitFor(() => expect(valueShown()).toHaveTextContent('2025-03-14'))
  })

  it('opens a birth date on the years: 1985-06-15 in a handful of clicks', async () => {
    render(<Field label="Fecha de nacimiento" defaultView="year" />)
    const user = userEvent.setup()
    await openCalendar(user, 'Fecha de nacimiento')
    expect(screen.getByRole('button', { name: /, vista de años$/ })).toHaveTextContent('2020–2029')
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Década anterior' }))
    expect(screen.getByRole('button', { name: /, vista de años$/ })).toHaveTextContent('1980–1989')
    await user.click(within(screen.getByRole('grid')).getByText('1985'))
    await user.click(within(await screen.findByRole('grid')).getByText('jun'))
    await user.click(within(await screen.findByRole('grid')).getByRole('button', { name: /^Elegir .*15 de junio de 1985/ }))
    await waitFor(() => expect(valueShown()).toHaveTextContent('1985-06-15'))
  })

  it('an empty field opens on `openOn` (issue 21: where birth dates are), and a typed date wins over it', async () => {
    render(<Field label="Fecha de nacimiento" defaultView="year" openOn="1986-01-01" />)
    const user = userEvent.setup()
    await openCalendar(user, 'Fecha de nacimiento')
    // No 'Década anterior' needed for 1985.
    expect(screen.getByRole('button', { name: /, vista de años$/ })).toHaveTextContent('1980–1989')
    await user.click(screen.getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull())

    // Typing stays as typed, and the calendar then opens on the typed year.
    const box = screen.getByRole('textbox', { name: 'Fecha de nacimiento' })
    await user.type(box, '1972-03-04{Enter}')
    expect(box).toHaveValue('1972-03-04')
    await waitFor(() => expect(valueShown()).toHaveTextContent('1972-03-04'))
    await openCalendar(user, 'Fecha de nacimiento')
    expect(screen.getByRole('button', { name: /, vista de años$/ })).toHaveTextContent('1970–1979')
  })
})

describe('DatePicker: Spanish for screen readers', () => {
  it('names every control and day in Spanish', async () => {
    render(<Field initial="2026-11-10" />)
    const user = userEvent.setup()
    const grid = await openCalendar(user)
    expect(screen.getByRole('button', { name: 'Cerrar calendario: Fecha' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /, cambiar a la vista de meses$/ })).toBeInTheDocument()
    expect(screen.getByRole('application', { name: 'Calendario: Fecha' })).toBeInTheDocument()
    expect(within(grid).getByRole('button', { name: /^Fecha seleccionada\. .*10 de noviembre de 2026/ })).toBeInTheDocument()
    expect(within(grid).getByRole('button', { name: /^Elegir \S+, 9 de noviembre de 2026/ })).toBeInTheDocument()
    expect(within(grid).getByRole('button', { name: /^No disponible\. .*24 de noviembre de 2026/ })).toBeInTheDocument()

    const english = /\b(switch|choose|selected date|not available|calendar|datepicker|view|select|clear|week)\b/i
    const texts = [...document.querySelectorAll('[aria-label], [aria-roledescription]')].flatMap((element) => [
      element.getAttribute('aria-label') ?? '',
      element.getAttribute('aria-roledescription') ?? '',
    ])
    expect(texts.filter((text) => english.test(text))).toEqual([])
  })
})
