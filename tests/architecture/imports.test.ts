/**
 * The import boundaries of boundaries.ts, checked on every .ts/.tsx file of the project. A failure names the file,
 * the line, the import and the rule it breaks. There is no allow-list: a needed exception is a rule in
 * boundaries.ts, with its reason.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { forbiddenImport } from './boundaries'
import { describeCycle, findCycles, type ImportGraph } from './cycles'
import { importsOf, listSourceFiles, readImports, resolveImport, type ImportTarget } from './importScan'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const files = listSourceFiles(ROOT)
const refs = files.flatMap((file) => readImports(ROOT, file))

function violationsIn(folder: string): string[] {
  return refs
    .filter((ref) => ref.file.startsWith(`${folder}/`))
    .flatMap((ref) => {
      const target = resolveImport(ROOT, ref)
      const reason = forbiddenImport(ref.file, target)
      return reason ? [`${ref.file}:${ref.line} imports '${ref.specifier}' (${targetName(target)}): ${reason}`] : []
    })
}

function targetName(target: ImportTarget): string {
  return target.kind === 'project' ? target.path : `${target.kind} ${target.name}`
}

describe('import boundaries', () => {
  for (const folder of ['domain', 'machines', 'tools', 'server', 'src']) {
    it(`hold in ${folder}/`, () => {
      expect(files.some((file) => file.startsWith(`${folder}/`)), `no files found in ${folder}/`).toBe(true)
      expect(violationsIn(folder)).toEqual([])
    })
  }
})

/** The folders of the app's own code (tests/ and scripts/ sit on top and import freely). */
const APP_FOLDERS = ['domain', 'machines', 'tools', 'server', 'src']

function importGraph(): ImportGraph {
  const known = new Set(files)
  const graph = new Map<string, Set<string>>()
  for (const ref of refs) {
    if (!APP_FOLDERS.some((folder) => ref.file.startsWith(`${folder}/`))) continue
    const target = resolveImport(ROOT, ref)
    if (target.kind !== 'project' || !known.has(target.path)) continue
    const targets = graph.get(ref.file) ?? new Set<string>()
    targets.add(target.path)
    graph.set(ref.file, targets)
  }
  return graph
}

describe('import cycles', () => {
  it(`none in ${APP_FOLDERS.join('/, ')}/`, () => {
    expect(findCycles(importGraph()).map(describeCycle)).toEqual([])
  })

  it('are found and named file by file', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts', 'd.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['e.ts'])],
      ['e.ts', new Set(['e.ts'])],
    ])
    expect(findCycles(graph).map(describeCycle).sort()).toEqual(['a.ts → b.ts → c.ts → a.ts', 'e.ts → e.ts'])
  })
})

describe('the import scanner', () => {
  it('finds every form of import and ignores comments', () => {
    const source = [
      "import { a } from './a'",
      "import type { B } from '../src/b'",
      "import './side-effect'",
      "export { c } from 'date-fns'",
      "export * from 'node:fs'",
      "const d = await import('ofetch')",
      "type E = typeof import('react')",
      "// import { f } from 'not-this'",
      "const text = \"import { g } from 'nor-this'\"",
    ].join('\n')
    expect(importsOf('machines/x.ts', source).map((ref) => [ref.line, ref.specifier])).toEqual([
      [1, './a'],
      [2, '../src/b'],
      [3, './side-effect'],
      [4, 'date-fns'],
      [5, 'node:fs'],
      [6, 'ofetch'],
      [7, 'react'],
    ])
  })

  it('resolves relative imports to files and bare ones to packages or Node', () => {
    const at = (file: string, specifier: string) => resolveImport(ROOT, { file, line: 1, specifier })
    expect(at('machines/session.machine.ts', '../domain/roles')).toEqual({ kind: 'project', path: 'domain/roles.ts' })
    expect(at('machines/session.machine.ts', '../domain/rules')).toEqual({ kind: 'project', path: 'domain/rules/index.ts' })
    expect(at('src/app/x.tsx', 'styled-system/css')).toEqual({ kind: 'project', path: 'styled-system/css' })
    expect(at('tools/x.ts', 'xstate/graph')).toEqual({ kind: 'package', name: 'xstate' })
    expect(at('tools/x.ts', '@xstate/react')).toEqual({ kind: 'package', name: '@xstate/react' })
    expect(at('tools/x.ts', 'fs')).toEqual({ kind: 'node', name: 'fs' })
    expect(at('tools/x.ts', 'node:path')).toEqual({ kind: 'node', name: 'node:path' })
  })

  it('sees the imports the rules are about', () => {
    expect(refs.length).toBeGreaterThan(500)
    expect(refs.some((ref) => ref.file.startsWith('machines/') && ref.specifier === 'xstate')).toBe(true)
    expect(refs.some((ref) => ref.file.startsWith('src/features/flows/') && ref.specifier.includes('tools/machineGraph'))).toBe(true)
  })
})

describe('the rules', () => {
  const project = (path: string): ImportTarget => ({ kind: 'project', path })
  const pkg = (name: string): ImportTarget => ({ kind: 'package', name })
  const node = (name: string): ImportTarget => ({ kind: 'node', name })
  const cases: Array<[string, ImportTarget, boolean]> = [
    // The imports this rule set was written against (all fixed since).
    ['machines/claimDocuments.machine.ts', project('src/lib/format.ts'), false],
    ['machines/login.machine.ts', project('src/api/schemas.ts'), false],
    ['machines/newClaimForm.ts', pkg('date-fns'), false],
    // domain
    ['domain/rules/index.ts', project('domain/roles.ts'), true],
    ['domain/contract/x.ts', pkg('typebox'), true],
    ['domain/x.ts', project('machines/x.machine.ts'), false],
    ['domain/x.ts', pkg('superstruct'), false],
    ['domain/x.ts', node('node:fs'), false],
    // machines
    ['machines/x.machine.ts', pkg('xstate'), true],
    ['machines/x.machine.ts', project('domain/roles.ts'), true],
    ['machines/x.machine.ts', pkg('react'), false],
    ['machines/x.machine.ts', pkg('ofetch'), false],
    ['machines/x.machine.ts', project('server/app.ts'), false],
    ['machines/x.machine.ts', project('tools/machineGraph/model.ts'), false],
    // tools
    ['tools/paths.ts', project('machines/x.machine.ts'), true],
    ['tools/diagrams.ts', node('node:fs'), true],
    ['tools/x.ts', project('src/lib/format.ts'), false],
    ['tools/x.ts', project('server/app.ts'), false],
    ['tools/x.ts', project('tests/machines/support/modelTest.ts'), false],
    ['tools/machineGraph/model.ts', node('node:fs'), false],
    ['tools/machineGraph/model.ts', project('machines/x.machine.ts'), false],
    ['tools/catalog/machineCatalog.ts', project('tools/catalog/traversalSamples.ts'), false],
    ['tools/catalog/traversalSamples.ts', project('tools/catalog/samples/x.samples.ts'), true],
    // server
    ['server/routes/x.ts', project('machines/claimLifecycle.machine.ts'), true],
    ['server/routes/x.ts', project('src/api/client.ts'), false],
    ['server/routes/x.ts', project('tools/machineGraph/model.ts'), false],
    // server floors: routes call the domain, the database sits below everything
    ['server/routes/files/invoices.ts', pkg('drizzle-orm'), false],
    ['server/routes/events.ts', project('server/db/schema.ts'), false],
    ['server/routes/auth.ts', project('server/db/client.ts'), false],
    ['server/routes/events.ts', project('server/domain/claims/claimList.ts'), true],
    ['server/domain/claims/invoices.ts', pkg('drizzle-orm'), true],
    ['server/domain/claims/invoices.ts', project('server/db/schema.ts'), true],
    ['server/db/seed/index.ts', project('server/auth/passwords.ts'), false],
    ['server/db/client.ts', project('server/domain/stageStays.ts'), false],
    ['server/db/x.ts', project('server/notifications/outbox.ts'), false],
    ['server/seed/index.ts', project('server/auth/passwords.ts'), true],
    // src
    ['src/features/x/Page.tsx', project('machines/x.machine.ts'), true],
    ['src/features/x/Page.tsx', project('server/app.ts'), false],
    ['src/features/x/Page.tsx', project('tools/machineGraph/mermaid.ts'), false],
    ['src/features/flows/FlowsPage.tsx', project('tools/machineGraph/mermaid.ts'), true],
    ['src/features/flows/FlowsPage.tsx', project('tools/catalog/machineCatalog.ts'), true],
    ['src/features/flows/FlowsPage.tsx', project('tools/paths.ts'), false],
    ['src/features/flows/FlowsPage.tsx', project('tools/catalog/traversalSamples.ts'), false],
    ['src/lib/x.ts', node('node:path'), false],
    ['src/lib/x.ts', project('tests/helpers/x.ts'), false],
  ]
  for (const [file, target, allowed] of cases) {
    it(`${allowed ? 'allows' : 'refuses'} ${file} → ${targetName(target)}`, () => {
      expect(forbiddenImport(file, target) === null).toBe(allowed)
    })
  }
})
