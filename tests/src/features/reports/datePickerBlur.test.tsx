/**
 * Reportes' periods in Mexico: the date pickers re-read their text on blur, and must not move a picked date one day
 * back west of Greenwich (the report was asked for 2026-04-30 when the screen showed 2026-05-01).
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DatePicker } from '../../../../src/ui'

const previousTz = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'America/Mexico_City'
})
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ
  else process.env.TZ = previousTz
})

function Period() {
  const [start, setStart] = useState('2026-05-01')
  return (
    <>
      <DatePicker label="Fecha de inicio" value={start} onValueChange={setStart} />
      <output aria-label="valor">{start}</output>
      <button type="button">otro</button>
    </>
  )
}

describe('date picker on blur (America/Mexico_City)', () => {
  it('keeps the picked date after the input loses focus, twice', async () => {
    expect(new Date('2026-05-01').getDate()).toBe(30) // the zone is in effect: UTC midnight is the day before
    render(<Period />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha de inicio' })
    for (let i = 0; i < 2; i++) {
      await user.click(input)
      await user.click(screen.getByRole('button', { name: 'otro' }))
    }
    expect(screen.getByLabelText('valor')).toHaveTextContent('2026-05-01')
    expect(input).toHaveValue('2026-05-01')
  })

  it('reads a typed es-MX D/M/YYYY date', async () => {
    render(<Period />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Fecha de inicio' })
    await user.clear(input)
    await user.type(input, '7/3/2025{Enter}')
    expect(screen.getByLabelText('valor')).toHaveTextContent('2025-03-07')
  })
})
