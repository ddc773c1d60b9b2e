/** The shared UI parts other screens build on: what they show and what they report back. */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Banner, DatePicker, Dialog, FileUpload, Pagination, Progress, Select, SearchTextProvider, Highlight, Tabs } from '../../../src/ui'

describe('Select', () => {
  function Harness({ options, reason }: { options: { value: string; label: string }[]; reason?: string | null }) {
    const [value, setValue] = useState('')
    return (
      <>
        <Select label="Servicio" options={options} value={value} onValueChange={setValue} reason={reason ?? (value ? null : 'Campo requerido')} forceReason />
        <output>{value}</output>
      </>
    )
  }

  it("shows 'Seleccionar una opción', reports the chosen value and its warning", async () => {
    render(<Harness options={[{ value: '1', label: 'Laboratorio' }, { value: '2', label: 'Farmacia' }]} />)
    const trigger = screen.getByRole('combobox', { name: 'Servicio' })
    expect(trigger).toHaveTextContent('Seleccionar una opción')
    expect(screen.getByLabelText('Campo requerido')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(trigger)
    await user.click(await screen.findByRole('option', { name: 'Farmacia' }))
    expect(screen.getByRole('status')).toHaveTextContent('2')
    expect(trigger).toHaveTextContent('Farmacia')
    expect(screen.queryByLabelText('Campo requerido')).not.toBeInTheDocument()
  })

  it("shows 'No existen opciones disponibles' and is disabled for an empty list", () => {
    render(<Harness options={[]} />)
    const trigger = screen.getByRole('combobox', { name: 'Servicio' })
    expect(trigger).toHaveTextContent('No existen opciones disponibles')
    expect(trigger).toBeDisabled()
  })
})

describe('FileUpload', () => {
  it("passes a PDF on and refuses anything else with 'Error: Se requiere un archivo PDF'", async () => {
    const onFile = vi.fn()
    const onReject = vi.fn()
    render(<FileUpload label="Resumen médico" onFile={onFile} onReject={onReject} />)
    const input = screen.getByTestId('file-input') as HTMLInputElement
    const user = userEvent.setup({ applyAccept: false })
    await user.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }))
    await waitFor(() => expect(onReject).toHaveBeenCalledWith('Error: Se requiere un archivo PDF'))
    expect(onFile).not.toHaveBeenCalled()
    const pdf = new File(['%PDF'], 'resumen.pdf', { type: 'application/pdf' })
    await user.upload(input, pdf)
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(pdf))
  })
})

describe('DatePicker', () => {
  it('shows the value as YYYY-MM-DD and has a Cerrar button in the calendar', async () => {
    const onValueChange = vi.fn()
    render(<DatePicker label="Fecha inicio" value="2025-01-15" onValueChange={onValueChange} />)
    expect(screen.getByRole('textbox', { name: 'Fecha inicio' })).toHaveValue('2025-01-15')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha inicio' }))
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeInTheDocument()
  })

  it('does not offer days after today', async () => {
    render(<DatePicker label="Fecha" value="" onValueChange={() => {}} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Abrir calendario: Fecha' }))
    await screen.findByRole('button', { name: 'Cerrar' })
    const today = new Date()
    const cells = screen.getAllByRole('gridcell')
    const disabledFuture = cells.filter((cell) => cell.getAttribute('aria-disabled') === 'true')
    // Some day of this month after today is disabled unless today is the month's last visible day.
    const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate()
    if (today.getDate() < lastDay) expect(disabledFuture.length).toBeGreaterThan(0)
  })
})

describe('Pagination, Progress, Tabs, Dialog, Banner, Highlight', () => {
  it('paginates 10 rows per page and hides itself for one page', async () => {
    const onPageChange = vi.fn()
    const { rerender } = render(<Pagination count={25} page={1} onPageChange={onPageChange} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(onPageChange).toHaveBeenCalledWith(2)
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeInTheDocument()
    rerender(<Pagination count={10} page={1} onPageChange={onPageChange} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it("shows progress as 'n de 3'", () => {
    render(<Progress label="Documentos cargados" value={2} max={3} />)
    expect(screen.getByText('2 de 3')).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
  })

  it('switches tabs and marks the active one', async () => {
    function Harness() {
      const [value, setValue] = useState('actual')
      return (
        <Tabs
          value={value}
          onValueChange={setValue}
          tabs={[
            { value: 'actual', label: 'Proceso actual', content: 'documentos' },
            { value: 'tiempo', label: 'Tiempo', content: 'línea de tiempo' },
          ]}
        />
      )
    }
    render(<Harness />)
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tiempo' }))
    expect(screen.getByRole('tab', { name: 'Tiempo' })).toHaveAttribute('aria-selected', 'true')
    // The previous panel is hidden once its exit (presence) finishes.
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('línea de tiempo'))
  })

  it('opens a titled dialog and closes it from its close button', async () => {
    function Harness() {
      const [open, setOpen] = useState(true)
      return <Dialog open={open} onOpenChange={setOpen} title="Carga completa" description="Has terminado de subir tus archivos" />
    }
    render(<Harness />)
    const dialog = await screen.findByRole('dialog', { name: 'Carga completa' })
    expect(dialog).toHaveAccessibleDescription('Has terminado de subir tus archivos')
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('announces errors as alerts and successes as status', () => {
    render(
      <>
        <Banner tone="error">No se encontraron resultados</Banner>
        <Banner tone="success">Carga de factura exitosa.</Banner>
      </>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('No se encontraron resultados')
    expect(screen.getByRole('status')).toHaveTextContent('Carga de factura exitosa.')
  })

  it('marks every case-insensitive match of the global search text', () => {
    const { container } = render(
      <SearchTextProvider initialText="c1">
        <Highlight text="Trámite C12 y c15" />
      </SearchTextProvider>,
    )
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['C1', 'c1'])
    expect(container.textContent).toBe('Trámite C12 y c15')
  })
})
