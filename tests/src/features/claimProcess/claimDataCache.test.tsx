/**
 * The server state on the claim process tabs (issue 11, then issue 21: src/api/serverState.ts): a claim's header
 * and its tab read it once together; moving between the tabs shows what is held at once (no skeletons) and
 * revalidates it behind (at most one read per visit); saving the verification makes the next reads wait for the
 * server, and the header shows the new stage.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { type FakeApi, ok } from '../../helpers/fakeApi'
import { closeViews } from '../../helpers/openViews'
import { ALL_VERIFIED, ID, claimRecord, PAGE, installClaimApi, openAs, requestsTo } from './fixtures'

let api: FakeApi | undefined
afterEach(() => {
  closeViews()
  api?.restore()
})

const claimReads = () => requestsTo(api!, 'GET', `/api/event/by-id/${ID}`).length
const documentReads = () => requestsTo(api!, 'GET', `/api/file/get-info-by-event/${ID}`).length
const historyReads = () => requestsTo(api!, 'GET', `/api/event/get-status/${ID}`).length

async function openTab(name: string, shows: () => Promise<unknown>) {
  // The claim's sections are links in the 'Proceso del trámite' navigation.
  await userEvent.setup().click(screen.getByRole('link', { name }))
  await shows()
}

const generalShown = () => screen.findByText('Arturo Sergio Ramírez Camacho', {}, { timeout: 3000 })
const documentsShown = () => screen.findAllByText('Formato de solicitud', {}, { timeout: 3000 })
const letterShown = () => screen.findByDisplayValue('Dr. Juan Hernández', {}, { timeout: 3000 })

describe('switching the tabs of one claim', () => {
  it('reads the claim once for header and tab, and shows the held copy at once on every later visit', async () => {
    api = installClaimApi()
    openAs('executive', PAGE.general('executive'))
    await generalShown()
    expect(claimReads()).toBe(1)

    await openTab('Validación de documentos', documentsShown)
    await openTab('Carta autorización', letterShown)
    await openTab(`Inicio C${ID}`, generalShown)
    // Held: the documents are on screen as soon as the tab opens, without the loading skeletons.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Validación de documentos' }))
    expect(screen.getAllByText('Formato de solicitud').length).toBeGreaterThan(0)
    expect(screen.queryByRole('status', { name: 'Cargando documentos…' })).toBeNull()

    // Each of the five visits revalidates at most once (only when the held copy is older than FRESH_MS).
    for (const reads of [claimReads(), documentReads(), historyReads()]) expect(reads).toBeLessThanOrEqual(5)
  })

  it('reads the claim and its documents again after the verification is saved, then once more per change only', async () => {
    api = installClaimApi()
    openAs('executive', PAGE.verification('executive'))
    await screen.findByRole('article', { name: 'Formato de solicitud' })
    expect(claimReads()).toBe(1)
    expect(documentReads()).toBe(1)

    const user = userEvent.setup()
    const radio = (label: string, status: string) => within(screen.getByRole('article', { name: label })).getByRole('radio', { name: status })
    await user.click(radio('Formato de solicitud', 'Verificado digital'))
    await user.click(radio('Resumen médico', 'Verificado físico'))
    await user.click(radio('Identificación oficial', 'Verificado digital'))
    api.on('POST /api/file/verify-file', () => ok({ statusId: 5, files: ALL_VERIFIED.files }))
    api.on(`GET /api/file/get-info-by-event/${ID}`, () => ok(ALL_VERIFIED))
    api.on(`GET /api/event/by-id/${ID}`, () => ok(claimRecord({ statusId: 5, value: 'Asignación de proveedor' })))
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    // The page's reload after the save reaches the server (it would be answered from the cache otherwise).
    await waitFor(() => expect(claimReads()).toBeGreaterThanOrEqual(2))
    await waitFor(() => expect(documentReads()).toBeGreaterThanOrEqual(2))
    expect(await screen.findByText('Etapa actual: Asignación de proveedor')).toBeInTheDocument()

    // The fresh answers are what the other tabs show at once.
    await openTab(`Inicio C${ID}`, generalShown)
    expect(screen.getByText('Etapa actual: Asignación de proveedor')).toBeInTheDocument()
  })
})
