/**
 * One stage timeline for every role (issue 15): the collaborator's 'Tiempo' and the executive's 'Etapas del
 * trámite' draw the same steps from the same status history — the 'Documentos rechazados' detour included — each
 * reached stage with its date and who moved the claim there.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CollaboratorUploadPage } from '../../../../src/features/collaborator/CollaboratorUploadPage'
import { closeAfterEach } from '../../helpers/cleanup'
import { installFakeApi, ok } from '../../helpers/fakeApi'
import { CLAIM_500 } from '../collaborator/fixtures'
import { USERS, renderScreen } from '../collaborator/renderScreen'
import { claimRoutes } from '../claimProcess/renderClaimPage'
import { TEST_CONFIG } from '../../helpers/testSession'
import { USERS as CLAIM_USERS, claimRecord, documents, fileEntry } from '../claimProcess/fixtures'

const HISTORY = [
  { status: 1, fecha: '2025-11-03T16:20:00.000Z', value: 'Trámite iniciado', actor: 'Ejecutivo: Laura Hernández' },
  { status: 2, fecha: '2025-11-04T17:00:00.000Z', value: 'Carga de documentos', actor: 'Colaborador' },
  { status: 3, fecha: '2025-11-05T10:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' },
  { status: 4, fecha: '2025-11-06T10:00:00.000Z', value: 'Documentos rechazados', actor: 'Ejecutivo: Laura Hernández' },
  { status: 3, fecha: '2025-11-07T10:00:00.000Z', value: 'Validación de documentos', actor: 'Colaborador' },
  { status: 5, fecha: '2025-11-08T10:00:00.000Z', value: 'Asignación de proveedor', actor: null },
]

const opened = closeAfterEach()

function serveClaim() {
  opened.api = installFakeApi({
    'GET /api/event/by-id/500': () => ok({ ...claimRecord(), ...CLAIM_500, statusId: 5, value: 'Asignación de proveedor' }),
    'GET /api/event/get-status/500': () => ok(HISTORY),
    'GET /api/file/get-info-by-event/500': () => ok(documents(fileEntry(1, 2), fileEntry(2, 4), fileEntry(3, 2))),
  })
}

/** Each step as one line: stage, current mark, date, who. */
const stepTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => (item.querySelector('[data-part=card]')?.textContent ?? '').replace(/(Etapa actual|Pendiente|\d+ de \w+ de \d{4})/g, ' $1').trim())

const EXPECTED = [
  'Trámite iniciado 3 de noviembre de 2025 · Por Ejecutivo: Laura Hernández',
  'Carga de documentos 4 de noviembre de 2025 · Por Colaborador',
  'Validación de documentos 7 de noviembre de 2025 · Por Colaborador',
  'Documentos rechazados 6 de noviembre de 2025 · Por Ejecutivo: Laura Hernández',
  'Asignación de proveedor Etapa actual 8 de noviembre de 2025',
  'Carta autorización Pendiente',
  'Facturación Pendiente',
  'Factura en revisión Pendiente',
  'Trámite concluido Pendiente',
]

describe('the stage timeline', () => {
  it("is the same for the executive's claim page and the collaborator's 'Tiempo', detour and actors included", async () => {
    serveClaim()
    const office = renderScreen(
      '/ejecutivo/mis-tramites/proceso-general-tramites/500',
      claimRoutes(TEST_CONFIG.partnerPrefix),
      CLAIM_USERS.executive,
    )
    opened.dispose = office.dispose
    await screen.findAllByText('Por Ejecutivo: Laura Hernández', { exact: false })
    expect(stepTexts(screen.getByRole('list', { name: 'Etapas del trámite' }))).toEqual(EXPECTED)
    office.dispose()
    opened.api!.restore()

    serveClaim()
    const collaborator = renderScreen(
      '/home-colaborador/carga-de-datos/500',
      [{ path: '/home-colaborador/carga-de-datos/:idEvento', element: <CollaboratorUploadPage /> }],
      USERS.collaborator,
    )
    opened.dispose = collaborator.dispose
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Tiempo' }))
    const list = await screen.findByRole('list', { name: 'Etapas del trámite' })
    await within(list).findAllByText('Por Ejecutivo: Laura Hernández', { exact: false })
    expect(stepTexts(list)).toEqual(EXPECTED)
  })
})
