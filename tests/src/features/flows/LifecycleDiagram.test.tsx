/**
 * The claim's lifecycle diagram (issue 7): the stage of the claim's statusId is marked with `classDef current` in
 * the Mermaid text handed to Mermaid (mocked: jsdom cannot lay out SVG), every stage shows its name, and the
 * collapsible 'Diagrama del proceso' loads Mermaid only once opened. Its arrows read in Spanish (the transitions'
 * descriptions), while the docs and /administrador/flujos keep the technical labels.
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { claimSnapshotFor } from '../../../../machines/claimLifecycle.machine'
import { CLAIM_STAGES } from '../../../../domain/claimStages'
import { LifecycleDiagram, LifecycleDiagramSection, lifecycleMermaid } from '../../../../src/features/flows/LifecycleDiagram'

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, _text: string) => ({ svg: `<svg id="${id}"><text>etapas</text></svg>` })),
}))
vi.mock('mermaid', () => ({ default: mermaid }))

beforeEach(() => mermaid.render.mockClear())

const classLines = (text: string) => text.split('\n').filter((line) => /^\s*class(Def)? /.test(line))

describe('lifecycleMermaid', () => {
  for (const [statusId, value] of Object.entries(CLAIM_STAGES)) {
    it(`marks only the stage of statusId ${statusId} (${value}) as current`, () => {
      // The state the stored claim is in, found by the machine itself (not by the meta lookup under test).
      const state = String(claimSnapshotFor(Number(statusId)).value)
      const text = lifecycleMermaid(Number(statusId))
      expect(classLines(text)).toEqual([expect.stringMatching(/^ {2}classDef current fill:#cfeedb,stroke:#126c3b,stroke-width:3px/), `  class ${state} current`])
      expect(text).toContain(`state "${value}" as ${state}`)
    })
  }

  it('names every stage and marks nothing for a status the lifecycle does not know', () => {
    const text = lifecycleMermaid(42)
    expect(classLines(text)).toEqual([])
    for (const value of Object.values(CLAIM_STAGES)) expect(text).toContain(`"${value}"`)
    expect(text).toContain('cartaAutorizacion --> facturacion : Se guarda el dictamen aprobado')
  })

  it('labels every arrow in Spanish words for office users, never with event or guard names (issue 15)', () => {
    const text = lifecycleMermaid(3)
    const arrows = text.split('\n').filter((line) => line.includes(' --> ') && !line.includes('[*]'))
    expect(arrows.length).toBeGreaterThanOrEqual(10)
    for (const arrow of arrows) {
      const label = arrow.split(' : ')[1] ?? ''
      expect(label, arrow).not.toMatch(/[a-z]\.[a-z]|\[|always|#58;/)
      expect(label, arrow).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+/)
    }
    expect(text).toContain('tramiteIniciado --> cargaDeDocumentos : Se carga el primer documento')
    expect(text).toContain('cargaDeDocumentos --> validacionDeDocumentos : Ya están los tres documentos')
    expect(text).toContain('facturaEnRevision --> tramiteConcluido : El administrador aprueba la factura')
    // Only moves between stages: what stays in a stage (comments, saving the letter) is not drawn.
    expect(arrows.filter((arrow) => { const [from, to] = arrow.trim().split(/ --> | : /); return from === to })).toEqual([])
  })
})

describe('LifecycleDiagram', () => {
  it('hands Mermaid the text with the current stage marked and says the stage in words', async () => {
    render(<LifecycleDiagram statusId={9} />)
    expect(await screen.findByRole('img', { name: 'Diagrama de las etapas del trámite con la etapa actual resaltada' })).toBeInTheDocument()
    expect(screen.getByText('Etapa actual: Factura en revisión')).toBeInTheDocument()
    expect(mermaid.render).toHaveBeenCalledTimes(1)
    const text = mermaid.render.mock.calls[0]![1]
    expect(text).toContain('  class facturaEnRevision current')
    expect(text).not.toContain('class cartaAutorizacion current')
  })

  it("'Diagrama del proceso' is closed at first and draws the diagram once opened", async () => {
    const user = userEvent.setup()
    render(<LifecycleDiagramSection statusId={6} />)
    const summary = screen.getByText('Diagrama del proceso')
    expect(screen.queryByRole('img')).toBeNull()
    expect(mermaid.render).not.toHaveBeenCalled()
    await user.click(summary)
    expect(await screen.findByRole('img', { name: /etapa actual resaltada/ })).toBeInTheDocument()
    expect(mermaid.render.mock.calls[0]![1]).toContain('  class cartaAutorizacion current')
    expect(screen.getByText('Etapa actual: Carta autorización')).toBeInTheDocument()
    await user.click(summary)
    expect(screen.queryByRole('img')).toBeNull()
  })
})
