import { StrictMode } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { fromPromise, setup, type AnyActorLogic } from 'xstate'
import { fromRequest } from '../../../src/lib/requestActor'

/** A call like our API helper's: it resolves after a tick, or fails with 'Solicitud cancelada' once aborted. */
const call = ({ signal }: { signal: AbortSignal }) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => resolve('roles'), 20)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new Error('Solicitud cancelada'))
    })
  })

const machineWith = (load: AnyActorLogic) =>
  setup({ actors: { load } }).createMachine({
    initial: 'loading',
    states: {
      loading: { invoke: { id: 'load', src: 'load', onDone: 'ready', onError: 'failed' } },
      ready: {},
      failed: {},
    },
  })

type TestMachine = ReturnType<typeof machineWith>

function Screen({ machine }: { machine: TestMachine }) {
  const actor = useActorRef(machine)
  const value = useSelector(actor, (s) => String(s.value))
  return <p>{value}</p>
}

describe('fromRequest', () => {
  it('drops the aborted first call when StrictMode revives the actor, so the second call decides', async () => {
    render(
      <StrictMode>
        <Screen machine={machineWith(fromRequest(call))} />
      </StrictMode>,
    )
    await waitFor(() => expect(screen.getByText('ready')).toBeInTheDocument())
  })

  it('plain fromPromise shows the failure the revived actor did not cause (the bug it prevents)', async () => {
    render(
      <StrictMode>
        <Screen machine={machineWith(fromPromise(call))} />
      </StrictMode>,
    )
    await waitFor(() => expect(screen.getByText('failed')).toBeInTheDocument())
  })

  it('still reports a real failure of a call that was not aborted', async () => {
    const failing = fromRequest(async () => {
      throw new Error('Error del servidor (500)')
    })
    render(<Screen machine={machineWith(failing)} />)
    await waitFor(() => expect(screen.getByText('failed')).toBeInTheDocument())
  })
})
