/**
 * 'Diagrama del proceso' on a claim's general data page (issue 7): closed at first, and once opened the lifecycle
 * diagram handed to Mermaid (mocked) marks the stage the server says the claim is in, in every area that shows
 * the page. Uses the claim process pages' fake API (tests/src/features/claimProcess/fixtures.ts).
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeApi } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import { PAGE, installClaimApi, openAs, type Area } from '../claimProcess/fixtures'

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, _text: string) => ({ svg: `<svg id="${id}"><text>etapas</text></svg>` })),
}))
vi.mock('mermaid', () => ({ default: mermaid }))

let api: FakeApi | undefined
beforeEach(() => mermaid.render.mockClear())
afterEach(() => {
  closeViews()
  api?.restore()
})

const CASES: Array<[Area, number, string, string]> = [
  ['executive', 3, 'Validación de documentos', 'validacionDeDocumentos'],
  ['admin', 9, 'Factura en revisión', 'facturaEnRevision'],
  ['partner', 10, 'Trámite rechazado', 'tramiteRechazado'],
]

describe("claim general page: 'Diagrama del proceso'", () => {
  for (const [area, statusId, value, state] of CASES) {
    it(`${area}: a claim in ${value} is marked as the current stage once the section is opened`, async () => {
      const user = userEvent.setup()
      api = installClaimApi({ claim: { statusId, value } })
      openAs(area, PAGE.general(area))
      const summary = await screen.findByText('Diagrama del proceso')
      expect(mermaid.render).not.toHaveBeenCalled()
      await user.click(summary)
      expect(await screen.findByRole('img', { name: /etapa actual resaltada/ })).toBeInTheDocument()
      const text = mermaid.render.mock.calls[0]![1]
      expect(text.split('\n').filter((line) => line.trimStart().startsWith('class '))).toEqual([`  class ${state} current`])
      expect(screen.getAllByText(`Etapa actual: ${value}`).length).toBeGreaterThanOrEqual(1)
    })
  }
})
