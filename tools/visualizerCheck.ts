/**
 * Can each machine file be pasted into the Stately visualizer (stately.ai/viz) and load unchanged?
 *
 * Errors (the file breaks the rules of STYLE.md and the visualizer): importing React, @xstate/react, ofetch or app
 * UI code; touching the DOM or browser storage (`window.`, `localStorage`, `fetch(`…); a module-level `let`
 * (state the machine could close over). Warnings: value imports other than `xstate` (project helpers, date-fns):
 * the visualizer cannot resolve them, so the pasted file needs them inlined or stubbed. Type-only imports are fine.
 * Also: every `*.machine.ts` must export a machine registered in tools/catalog/machineCatalog.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MachineCatalogEntry } from './catalog/machineCatalog'

export interface FileFindings {
  errors: string[]
  warnings: string[]
}

const FORBIDDEN_IMPORTS = [/^react(-dom)?(\/|$)/, /^@xstate\/react/, /^ofetch$/, /^@ark-ui\//, /(^|\/)src\/(ui|routes|pages|components)\//]
const FORBIDDEN_GLOBALS: Array<[RegExp, string]> = [
  [/\bwindow\./, 'window'],
  [/\b(localStorage|sessionStorage)\b/, 'almacenamiento del navegador'],
  [/\bdocument\.(querySelector|getElementById|cookie|body|createElement|location)\b/, 'document'],
  [/\bnavigator\./, 'navigator'],
  [/(^|[^.\w])fetch\(/, 'fetch'],
]

export function checkMachineSource(file: string, source: string): FileFindings {
  const findings: FileFindings = { errors: [], warnings: [] }
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  const importPattern = /^import\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm
  const valueImports: string[] = []
  for (const match of code.matchAll(importPattern)) {
    const typeOnly = Boolean(match[1]) || /^\{\s*(type\s+[\w$]+\s*,?\s*)+\}$/.test(match[2]!.trim())
    const from = match[3]!
    if (FORBIDDEN_IMPORTS.some((p) => p.test(from))) findings.errors.push(`${file}: importa "${from}"`)
    else if (!typeOnly && from !== 'xstate') valueImports.push(from)
  }
  if (valueImports.length) {
    findings.warnings.push(`${file}: para stately.ai/viz, pegar aparte o sustituir ${valueImports.join(', ')}`)
  }
  for (const [pattern, what] of FORBIDDEN_GLOBALS) {
    if (pattern.test(code)) findings.errors.push(`${file}: usa ${what}`)
  }
  if (/^let\s/m.test(code)) findings.errors.push(`${file}: declara un \`let\` de módulo (estado fuera de la máquina)`)
  return findings
}

export function checkMachineFiles(dir: string, catalog: readonly MachineCatalogEntry[]): FileFindings {
  const findings: FileFindings = { errors: [], warnings: [] }
  const registered = new Set(catalog.map((e) => e.id))
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.machine.ts')).sort()) {
    const source = readFileSync(join(dir, name), 'utf8')
    const file = `machines/${name}`
    const own = checkMachineSource(file, source)
    findings.errors.push(...own.errors)
    findings.warnings.push(...own.warnings)
    const ids = [...source.matchAll(/createMachine\(\{\s*id:\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
    if (ids.length === 0) findings.warnings.push(`${file}: no se encontró el id de la máquina`)
    for (const id of ids) {
      if (!registered.has(id)) findings.errors.push(`${file}: la máquina "${id}" no está registrada en tools/catalog/machineCatalog.ts`)
    }
  }
  return findings
}
