/**
 * The select whose code downloads after the first screen (issue 24): until then a placeholder with the same label,
 * value and role; pressed, it opens as soon as the code is there; at the first idle moment the select replaces it,
 * keeping the focus. Each test imports the modules afresh: both the downloaded select and the idle moment are
 * remembered for the page's life.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'vencido', label: 'Vencido' },
]

async function freshModules() {
  const { SelectOnDemand } = await import('../../../src/ui/SelectOnDemand')
  const { reachFirstScreenIdle } = await import('../../../src/lib/firstScreenIdle')
  function Harness() {
    const [value, setValue] = useState('all')
    return (
      <>
        <SelectOnDemand label="Estado" options={OPTIONS} value={value} placeholderValue={null} onValueChange={setValue} />
        <output>{value}</output>
      </>
    )
  }
  return { Harness, reachFirstScreenIdle }
}

describe('SelectOnDemand', () => {
  beforeEach(() => {
    vi.resetModules()
  })

  it('draws the label and the chosen option before its code; pressed, it opens and reports the choice', async () => {
    const { Harness } = await freshModules()
    render(<Harness />)
    const placeholder = screen.getByRole('combobox', { name: 'Estado' })
    expect(placeholder).toHaveTextContent('Todos')
    expect(screen.queryByRole('listbox')).toBeNull()
    const user = userEvent.setup()
    await user.click(placeholder)
    await user.click(await screen.findByRole('option', { name: 'Vencido' }))
    expect(screen.getByRole('status')).toHaveTextContent('vencido')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveFocus())
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Vencido')
  })

  it('opens from the keyboard as the select does (arrow down)', async () => {
    const { Harness } = await freshModules()
    render(<Harness />)
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('option', { name: 'Vencido' })).toBeInTheDocument()
  })

  it('is replaced by the select at the first idle moment, which keeps the focus', async () => {
    const { Harness, reachFirstScreenIdle } = await freshModules()
    render(<Harness />)
    const placeholder = screen.getByRole('combobox', { name: 'Estado' })
    await userEvent.setup().tab()
    expect(placeholder).toHaveFocus()
    act(() => reachFirstScreenIdle())
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Estado' })).not.toBe(placeholder))
    const select = screen.getByRole('combobox', { name: 'Estado' })
    expect(select).toHaveFocus()
    expect(select).toHaveTextContent('Todos')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
