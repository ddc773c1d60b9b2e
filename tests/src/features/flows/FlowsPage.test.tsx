/**
 * Flujos (issue 7) on the whole app: the administrator's list of registered machines, a chosen machine drawn through
 * Mermaid (mocked: jsdom cannot lay out SVG) with its states, transitions, events and guards tables, the failure
 * notice with 'Reintentar', an unknown machine, the side-menu entry, and the guard: /flujos leads administrators to
 * /administrador/flujos and every other role back to its own home.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { machineCatalog } from '../../../../tools/catalog/machineCatalog'
import { claimLifecycleMachine } from '../../../../machines/claimLifecycle.machine'
import { toMachineGraph, toMermaid } from '../../../../tools/machineGraph'
import { USERS, renderPortal } from '../../helpers/renderPortal'
import { fakeApiForEachTest } from '../../helpers/fakeApiForEachTest'

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, text: string) => ({
    svg: `<svg id="${id}" data-lines="${text.split('\n').length}"><g><text>diagrama</text></g></svg>`,
  })),
}))
vi.mock('mermaid', () => ({ default: mermaid }))

const api = fakeApiForEachTest(() => ({}))
beforeEach(() => {
  mermaid.render.mockClear()
})

function open(path: string, who: keyof typeof USERS = 'admin') {
  return renderPortal(path, { signedInAs: USERS[who] })
}

describe('Flujos: the list', () => {
  it('lists every registered machine with its Spanish description, each a link to its diagram', async () => {
    open('/administrador/flujos')
    const list = await screen.findByRole('navigation', { name: 'Flujos registrados' })
    expect(screen.getByRole('heading', { level: 1, name: 'Flujos' })).toBeInTheDocument()
    const links = within(list).getAllByRole('link')
    expect(links).toHaveLength(machineCatalog.length)
    for (const entry of machineCatalog) {
      const link = within(list).getByRole('link', { name: new RegExp(`^${entry.id}\\b`) })
      expect(link).toHaveAttribute('href', `/administrador/flujos/${entry.id}`)
      expect(link).toHaveTextContent(entry.description)
    }
    expect(mermaid.render).not.toHaveBeenCalled()
  })

  it('shows Flujos in the administrator side menu, highlighted on the page', async () => {
    open('/administrador/flujos/login')
    const menu = await screen.findByRole('navigation', { name: 'Menú Principal' })
    expect(within(menu).getByRole('link', { name: 'Flujos' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('Flujos: a chosen machine', () => {
  it('choosing claimLifecycle draws its Mermaid text as an svg, with the description and the tables', async () => {
    const user = userEvent.setup()
    const view = open('/administrador/flujos')
    await user.click(await screen.findByRole('link', { name: /^claimLifecycle\b/ }))
    expect(view.pathname()).toBe('/administrador/flujos/claimLifecycle')
    expect(await screen.findByRole('heading', { level: 1, name: 'claimLifecycle' })).toBeInTheDocument()
    expect(screen.getByText('Etapas de un trámite, desde que se inicia hasta que concluye o se rechaza.')).toBeInTheDocument()

    const diagram = await screen.findByRole('img', { name: 'Diagrama de estados de claimLifecycle' })
    expect(diagram.querySelector('svg')).not.toBeNull()
    expect(mermaid.render).toHaveBeenCalledTimes(1)
    expect(mermaid.render.mock.calls[0]![1]).toBe(toMermaid(toMachineGraph(claimLifecycleMachine)))
    // Loaded and configured once for every diagram of the session.
    expect(mermaid.initialize).toHaveBeenCalledTimes(1)
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ securityLevel: 'strict', startOnLoad: false }))

    const states = screen.getByRole('table', { name: 'Estados' })
    const stateRows = within(states).getAllByRole('row').slice(1)
    expect(stateRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      Object.keys(claimLifecycleMachine.states),
    )
    expect(within(states).getAllByRole('row', { name: /tramiteConcluido final/ })).toHaveLength(1)

    const transitions = screen.getByRole('table', { name: 'Transiciones' })
    expect(within(transitions).getByRole('row', { name: 'cartaAutorizacion dictamen.save isApproved facturacion' })).toBeInTheDocument()
    expect(within(transitions).getByRole('row', { name: 'cartaAutorizacion dictamen.save — tramiteRechazado' })).toBeInTheDocument()
    expect(within(transitions).getByRole('row', { name: 'cargaDeDocumentos always allThreeUploaded validacionDeDocumentos' })).toBeInTheDocument()

    const events = screen.getByRole('table', { name: 'Eventos' })
    const letterSave = within(events).getByRole('rowheader', { name: 'letter.save' }).closest('tr')!
    expect([...letterSave.cells].map((cell) => cell.textContent)).toEqual(['letter.save', 'cartaAutorizacion, facturacion'])
    const guards = screen.getByRole('table', { name: 'Guardas' })
    expect(within(guards).getAllByRole('row').slice(1).map((row) => row.firstElementChild!.textContent)).toEqual(
      toMachineGraph(claimLifecycleMachine).guards,
    )
    expect(screen.queryByRole('table', { name: 'Retardos' })).toBeNull()
  })

  it('lists the delays of a machine that has them', async () => {
    open('/administrador/flujos/saveButton')
    const delays = await screen.findByRole('table', { name: 'Retardos' })
    expect(within(delays).getAllByRole('row')).toHaveLength(1 + toMachineGraph(machineCatalog.find((m) => m.id === 'saveButton')!.machine).delays.length)
    expect(within(delays).getByText('300 ms')).toBeInTheDocument()
  })

  it('shows the failure notice when Mermaid cannot draw, and draws again on Reintentar', async () => {
    const user = userEvent.setup()
    mermaid.render.mockRejectedValueOnce(new Error('Parse error'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    open('/administrador/flujos/login')
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo dibujar el diagrama. Las tablas de abajo describen el flujo.')
    expect(screen.getByRole('table', { name: 'Estados' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('img', { name: 'Diagrama de estados de login' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(mermaid.render).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith('Mermaid no pudo dibujar el diagrama', expect.any(Error))
    warn.mockRestore()
  })

  it('says so for a machine that is not registered, with a way back to the list', async () => {
    const user = userEvent.setup()
    const view = open('/administrador/flujos/noExiste')
    expect(await screen.findByText('No existe ese flujo')).toBeInTheDocument()
    expect(screen.getByText('No hay un flujo registrado con el nombre «noExiste».')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ver todos los flujos' }))
    expect(view.pathname()).toBe('/administrador/flujos')
    expect(mermaid.render).not.toHaveBeenCalled()
  })

  it('the back arrow returns to the list', async () => {
    const user = userEvent.setup()
    const view = open('/administrador/flujos/report')
    await user.click(await screen.findByRole('link', { name: 'Regresar a Flujos' }))
    await waitFor(() => expect(view.pathname()).toBe('/administrador/flujos'))
  })
})

describe('Flujos: who may open it', () => {
  it('/flujos and /flujos/:id lead an administrator to /administrador/flujos', async () => {
    const view = open('/flujos')
    await waitFor(() => expect(view.pathname()).toBe('/administrador/flujos'))
    expect(await screen.findByRole('navigation', { name: 'Flujos registrados' })).toBeInTheDocument()
    view.dispose()
    const detail = open('/flujos/session')
    await waitFor(() => expect(detail.pathname()).toBe('/administrador/flujos/session'))
  })

  const HOMES: Array<[Exclude<keyof typeof USERS, 'admin'>, string]> = [
    ['executive', '/pendientes'],
    ['collaborator', '/home-colaborador'],
    ['provider', '/proveedores/pendientes'],
    ['partner', '/coppel/dashboard'],
  ]
  for (const [who, home] of HOMES) {
    it(`keeps rol ${USERS[who].rol} out of /flujos and /administrador/flujos (to ${home})`, async () => {
      for (const path of ['/flujos', '/administrador/flujos/claimLifecycle']) {
        const view = open(path, who)
        await waitFor(() => expect(view.pathname()).toBe(home))
        expect(screen.queryByRole('heading', { level: 1, name: /Flujos|claimLifecycle/ })).toBeNull()
        view.dispose()
      }
      expect(mermaid.render).not.toHaveBeenCalled()
    })
  }

  it('a signed-out visitor of /flujos goes to the sign-in', async () => {
    const view = renderPortal('/flujos')
    await waitFor(() => expect(view.pathname()).toBe('/'))
  })
})
