import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderMachineDoc, toMachineGraph } from '../../tools/machineGraph'
import { findStalePages, renderDiagramPages, writeDiagramPages } from '../../tools/diagrams'
import { checkMachineSource } from '../../tools/visualizerCheck'
import { claimFlowMachine, requestMachine } from './fixtures'

const catalog = [
  { id: 'request', description: 'Solicitud.', machine: requestMachine },
  { id: 'claimFlow', description: 'Trámite.', machine: claimFlowMachine },
]

describe('diagram pages', () => {
  it('renders one page per registered machine', () => {
    const pages = renderDiagramPages(catalog)
    expect([...pages.keys()]).toEqual(['request.md', 'claimFlow.md'])
    expect(pages.get('request.md')).toBe(renderMachineDoc({ id: 'request', description: 'Solicitud.', graph: toMachineGraph(requestMachine) }))
  })

  it('refuses an entry whose id is not the machine id, and repeated ids', () => {
    expect(() => renderDiagramPages([{ id: 'solicitud', description: '', machine: requestMachine }])).toThrow(
      'tools/catalog/machineCatalog.ts: la entrada "solicitud" registra la máquina "request"; use el mismo id',
    )
    expect(() => renderDiagramPages([catalog[0]!, catalog[0]!])).toThrow('tools/catalog/machineCatalog.ts: el id "request" está repetido')
  })

  it('writes the pages, then finds stale, missing and leftover ones without touching hand-written files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagrams-'))
    writeFileSync(join(dir, 'README.md'), '# Máquinas\n')
    const pages = renderDiagramPages(catalog)
    expect(writeDiagramPages(pages, dir)).toEqual([
      { file: 'request.md', problem: 'falta' },
      { file: 'claimFlow.md', problem: 'falta' },
    ])
    expect(findStalePages(pages, dir)).toEqual([])
    expect(readFileSync(join(dir, 'claimFlow.md'), 'utf8')).toBe(pages.get('claimFlow.md'))

    writeFileSync(join(dir, 'request.md'), pages.get('request.md')!.replace('Solicitud.', 'Otra cosa.'))
    const onlyRequest = renderDiagramPages(catalog.slice(0, 1))
    expect(findStalePages(onlyRequest, dir)).toEqual([
      { file: 'request.md', problem: 'desactualizado' },
      { file: 'claimFlow.md', problem: 'sobra' },
    ])
    writeDiagramPages(onlyRequest, dir)
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'request.md'])
    expect(findStalePages(onlyRequest, dir)).toEqual([])
  })
})

describe('checkMachineSource (Stately visualizer)', () => {
  it('accepts a machine that imports only xstate and types', () => {
    const source = [
      "import { setup } from 'xstate'",
      "import type { LoginResponse } from '../src/api/schemas'",
      "import { type Foo, type Bar } from './types'",
      "// window.location is only mentioned in a comment",
      "export const m = setup({}).createMachine({ id: 'm', on: { 'document.upload': {} } })",
    ].join('\n')
    expect(checkMachineSource('machines/m.machine.ts', source)).toEqual({ errors: [], warnings: [] })
  })

  it('rejects React, fetch clients, the DOM and module state; warns about other value imports', () => {
    const source = [
      "import { useState } from 'react'",
      "import { ofetch } from 'ofetch'",
      "import { parseISO } from 'date-fns'",
      'let counter = 0',
      "export const load = () => fetch('/api/x').then(() => localStorage.getItem('k'))",
    ].join('\n')
    expect(checkMachineSource('machines/bad.machine.ts', source)).toEqual({
      errors: [
        'machines/bad.machine.ts: importa "react"',
        'machines/bad.machine.ts: importa "ofetch"',
        'machines/bad.machine.ts: usa almacenamiento del navegador',
        'machines/bad.machine.ts: usa fetch',
        'machines/bad.machine.ts: declara un `let` de módulo (estado fuera de la máquina)',
      ],
      warnings: ['machines/bad.machine.ts: para stately.ai/viz, pegar aparte o sustituir date-fns'],
    })
  })
})
