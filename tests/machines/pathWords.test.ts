/**
 * Model-based test names print each path in words (tests/machines/drivers/pathWords.ts). This holds every machine
 * in machines/ to it: an event type or an invoked actor without words fails here, naming the machine, the event and
 * the file to add the words to, so a new machine brings its words with it.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { toMachineGraph } from '../../tools/machineGraph'
import { traversalSamples } from '../../tools/catalog/traversalSamples'
import { traversalOptions } from '../../tools/machineGraph/traversal'
import { loginMachine } from '../../machines/login.machine'
import { pathName } from './drivers/deferredActors'
import { eventWords, quoted, unsaidEvents } from './drivers/pathWords'

const MACHINES_DIR = fileURLToPath(new URL('../../machines/', import.meta.url))

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value && 'transition' in value

/** Every machine exported by a machines/*.machine.ts file, registered in tools/catalog or not. */
const machines: { file: string; machine: AnyStateMachine }[] = []
for (const file of readdirSync(MACHINES_DIR).filter((name) => name.endsWith('.machine.ts')).sort()) {
  const module = (await import(`${MACHINES_DIR}${file}`)) as Record<string, unknown>
  for (const value of Object.values(module)) if (isMachine(value)) machines.push({ file, machine: value })
}

describe('path words: every event of every machine has words', () => {
  it('finds the machines of machines/', () => expect(machines.length).toBeGreaterThanOrEqual(26))

  for (const { file, machine } of machines) {
    it(`${machine.id} (machines/${file})`, () => {
      const graph = toMachineGraph(machine)
      // Actors whose answer moves the machine (an invoke's done or error transition); a child that never answers has no step.
      const actorIds = [...new Set(graph.transitions.flatMap((t) => (t.actorId ? [t.actorId] : [])))]
      const unsaid = unsaidEvents(machine, graph.events, actorIds)
      expect(
        unsaid,
        `${machine.id} has events without words for its model-based test names: ${unsaid.join(', ')}. ` +
          'Add them to EVENT_WORDS (event types) or ACTOR_WORDS (invoked actors, by id) in tests/machines/drivers/pathWords.ts.',
      ).toEqual([])
    })
  }

  it('says every traversal sample without throwing, as text', () => {
    const bySample = Object.entries(traversalSamples).flatMap(([id, samples]) =>
      (samples.events ?? []).map((event) => ({ id, event: event as AnyEventObject })),
    )
    for (const { id, event } of bySample) {
      const machine = machines.find((m) => m.machine.id === id)?.machine
      expect(machine, id).toBeDefined()
      expect(typeof eventWords(machine!, event), `${id}: ${event.type}`).toBe('string')
    }
  })
})

describe('path words: a name reads as the spec', () => {
  it('names the machine, the actions in Spanish and where the path ends', () => {
    const roles = { type: 'xstate.done.actor.loadRoles', output: { Ejecutivo: 0, Administrativo: 1 } }
    const paths = getShortestPaths(loginMachine as AnyStateMachine, {
      ...traversalOptions({
        events: [
          roles,
          { type: 'role.change', role: 'Administrativo' },
          { type: 'credentials.change', field: 'email', value: 'ana@coppel.com' },
          { type: 'credentials.change', field: 'password', value: '' },
        ],
      }),
      toState: (snapshot) => snapshot.context.role === 'Administrativo' && snapshot.context.email === 'ana@coppel.com',
    })
    expect(paths.map((path) => pathName('login', path))).toEqual([
      'login: escribir correo «ana@coppel.com» → llegan los roles → elegir Administrativo ⇒ en espera',
    ])
  })

  it('cuts long values and says an empty one as erased', () => {
    expect(quoted('una descripción muy larga')).toBe('«una descripci…»')
    expect(eventWords(loginMachine, { type: 'credentials.change', field: 'password', value: '' })).toBe('borrar contraseña')
  })

  it("adds the server's status and reason to a failed answer", () => {
    const error = Object.assign(new Error('x'), { status: 401, reason: 'Correo, contraseña o rol incorrectos' })
    expect(eventWords(loginMachine, { type: 'xstate.error.actor.signIn', error })).toBe('el servidor rechaza (401 «Correo, contr…»)')
  })
})
