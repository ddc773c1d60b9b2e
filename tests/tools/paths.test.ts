import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { formatPaths, getSimplePathsCapped, listPaths, traversalOptions } from '../../tools/machineGraph'
import { parsePathsArgs } from '../../tools/paths'
import { doorMachine, requestMachine } from './fixtures'

const EVENTS = [{ type: 'door.open', by: 'Ana' }]
const listing = () => listPaths(doorMachine, { events: EVENTS })

const step = (number: number, event: Record<string, unknown>, state: string, view: string) => ({ number, event, state, view })
const init = step(1, { type: 'xstate.init' }, 'closed', 'Puerta cerrada')
const opened = step(2, { type: 'door.open', by: 'Ana' }, 'opened', 'Puerta abierta, botón «Cerrar»')
const forced = step(2, { type: 'door.force' }, 'alarm', 'Alarma: "Intruso"')

describe('listPaths', () => {
  it('walks the same paths as xstate/graph', () => {
    const options = traversalOptions({ events: EVENTS })
    const names = (paths: Array<{ steps: Array<{ event: { type: string } }> }>) => paths.map((p) => p.steps.map((s) => s.event.type))
    expect(names(getSimplePathsCapped(doorMachine, options, 100, 10_000).paths)).toEqual(names(getSimplePaths(doorMachine as AnyStateMachine, options)))
    expect(names(getSimplePathsCapped(requestMachine, traversalOptions(), 100, 10_000).paths)).toEqual(
      names(getSimplePaths(requestMachine as AnyStateMachine, traversalOptions())),
    )
    expect(listing().shortest.map((p) => p.steps.map((s) => s.event.type))).toEqual(names(getShortestPaths(doorMachine as AnyStateMachine, options)))
  })

  it('cuts simple paths at the limit and says why', () => {
    const cut = listPaths(doorMachine, { events: EVENTS, simpleLimit: 2 })
    expect(cut.simple).toHaveLength(2)
    expect(cut).toMatchObject({ simpleTruncated: true, simpleTruncatedBy: 'limit', simpleLimit: 2 })
    const starved = listPaths(doorMachine, { events: EVENTS, searchBudget: 3 })
    expect(starved).toMatchObject({ simpleTruncated: true, simpleTruncatedBy: 'budget' })
    expect(listing()).toMatchObject({ simpleTruncated: false })
    expect(listing()).not.toHaveProperty('simpleTruncatedBy')
  })
})

describe('formatPaths', () => {
  it('md: numbered steps per path with event, state and screen', () => {
    const table = (rows: string[]) => ['| Paso | Evento | Estado alcanzado | La pantalla muestra |', '| --- | --- | --- | --- |', ...rows, '']
    const closedRow = '| 1 | (inicio) | `closed` | Puerta cerrada |'
    const openRow = '| 2 | door.open {"by":"Ana"} | `opened` | Puerta abierta, botón «Cerrar» |'
    const forceRow = '| 2 | door.force | `alarm` | Alarma: "Intruso" |'
    expect(formatPaths(listing(), 'md')).toBe(
      [
        '# Rutas de prueba de `door`',
        '',
        '- Rutas más cortas: 3 (una por estado alcanzable).',
        '- Rutas simples: 4 (todas).',
        '',
        '## Rutas más cortas',
        '',
        '### 1. Hasta `closed`',
        '',
        ...table([closedRow]),
        '### 2. Hasta `opened`',
        '',
        ...table([closedRow, openRow]),
        '### 3. Hasta `alarm`',
        '',
        ...table([closedRow, forceRow]),
        '## Rutas simples',
        '',
        '### 1. Hasta `closed`',
        '',
        ...table([closedRow]),
        '### 2. Hasta `opened`',
        '',
        ...table([closedRow, openRow]),
        '### 3. Hasta `alarm`',
        '',
        ...table([closedRow, openRow, '| 3 | after alarmDelay | `alarm` | Alarma: "Intruso" |']),
        '### 4. Hasta `alarm`',
        '',
        ...table([closedRow, forceRow]),
      ].join('\n'),
    )
  })

  it('md: says when simple paths were cut', () => {
    expect(formatPaths(listPaths(doorMachine, { events: EVENTS, simpleLimit: 2 }), 'md')).toContain(
      '- Rutas simples: 2 (RECORTADAS: hay más; se muestran las primeras 2, tope --limit 2).\n',
    )
  })

  it('json: the events as sent, states and views', () => {
    const expected = {
      machine: 'door',
      shortest: [
        { number: 1, target: 'closed', steps: [init] },
        { number: 2, target: 'opened', steps: [init, opened] },
        { number: 3, target: 'alarm', steps: [init, forced] },
      ],
      simple: [
        { number: 1, target: 'closed', steps: [init] },
        { number: 2, target: 'opened', steps: [init, opened] },
        {
          number: 3,
          target: 'alarm',
          steps: [init, opened, step(3, { type: 'xstate.after.alarmDelay.door.opened' }, 'alarm', 'Alarma: "Intruso"')],
        },
        { number: 4, target: 'alarm', steps: [init, forced] },
      ],
      simpleTruncated: false,
      simpleLimit: 100,
    }
    expect(formatPaths(listing(), 'json')).toBe(`${JSON.stringify(expected, null, 2)}\n`)
  })

  it('csv: one row per step, quoted where needed, with a notice when cut', () => {
    expect(formatPaths(listPaths(doorMachine, { events: EVENTS, simpleLimit: 2 }), 'csv')).toBe(
      [
        'tipo,ruta,destino,paso,evento,estado,pantalla',
        'aviso,,,,"Rutas simples recortadas: hay más; se muestran las primeras 2, tope --limit 2",,',
        'mas-corta,1,closed,1,(inicio),closed,Puerta cerrada',
        'mas-corta,2,opened,1,(inicio),closed,Puerta cerrada',
        'mas-corta,2,opened,2,"door.open {""by"":""Ana""}",opened,"Puerta abierta, botón «Cerrar»"',
        'mas-corta,3,alarm,1,(inicio),closed,Puerta cerrada',
        'mas-corta,3,alarm,2,door.force,alarm,"Alarma: ""Intruso"""',
        'simple,1,closed,1,(inicio),closed,Puerta cerrada',
        'simple,2,opened,1,(inicio),closed,Puerta cerrada',
        'simple,2,opened,2,"door.open {""by"":""Ana""}",opened,"Puerta abierta, botón «Cerrar»"',
        '',
      ].join('\n'),
    )
  })

  it('names invoke results and delays the way the diagram does', () => {
    const sent = listPaths(requestMachine).shortest.find((p) => p.target === 'done')!
    expect(formatPaths({ ...listPaths(requestMachine), shortest: [sent], simple: [] }, 'csv')).toBe(
      [
        'tipo,ruta,destino,paso,evento,estado,pantalla',
        'mas-corta,4,done,1,(inicio),editing,Formulario con el botón «Enviar»',
        'mas-corta,4,done,2,form.submit,sending,Botón deshabilitado con «Enviando…»',
        'mas-corta,4,done,3,done: sendRequest,sent,',
        'mas-corta,4,done,4,after toastDuration,done,',
        '',
      ].join('\n'),
    )
  })
})

describe('parsePathsArgs', () => {
  it('reads the machine, --format and --limit', () => {
    expect(parsePathsArgs(['login', '--format', 'csv', '--limit=5'])).toEqual({ machine: 'login', format: 'csv', limit: 5 })
    expect(parsePathsArgs(['login'])).toEqual({ machine: 'login', format: 'md', limit: 100 })
    expect(() => parsePathsArgs(['login', '--format', 'xml'])).toThrow('Formato desconocido "xml": use md, json o csv')
  })
})
