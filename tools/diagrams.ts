/**
 * `npm run diagrams`: writes docs/machines/<id>.md for every machine of tools/catalog/machineCatalog.ts (Mermaid diagram and
 * tables, see tools/machineGraph/markdown.ts) and removes pages of machines no longer registered.
 * `npm run diagrams:check` (CI): regenerates in memory and exits 1 naming every stale, missing or leftover page;
 * it also fails when a machine file would not load in the Stately visualizer (see visualizerCheck.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { machineCatalog, type MachineCatalogEntry } from './catalog/machineCatalog'
import { renderMachineDoc, toMachineGraph } from './machineGraph'
import { checkMachineFiles } from './visualizerCheck'

export const DOCS_DIR = join(process.cwd(), 'docs', 'machines')
const GENERATED_MARK = '<!-- Generado por `npm run diagrams`'

/** File name → content of every generated page. */
export function renderDiagramPages(catalog: readonly MachineCatalogEntry[]): Map<string, string> {
  const pages = new Map<string, string>()
  for (const entry of catalog) {
    if (entry.id !== entry.machine.id) {
      throw new Error(`tools/catalog/machineCatalog.ts: la entrada "${entry.id}" registra la máquina "${entry.machine.id}"; use el mismo id`)
    }
    if (pages.has(`${entry.id}.md`)) throw new Error(`tools/catalog/machineCatalog.ts: el id "${entry.id}" está repetido`)
    pages.set(`${entry.id}.md`, renderMachineDoc({ id: entry.id, description: entry.description, graph: toMachineGraph(entry.machine) }))
  }
  return pages
}

export interface StalePage {
  file: string
  problem: 'desactualizado' | 'falta' | 'sobra'
}

/** Generated pages on disk that differ from what the machines give now. */
export function findStalePages(pages: Map<string, string>, dir: string): StalePage[] {
  const stale: StalePage[] = []
  for (const [file, content] of pages) {
    const path = join(dir, file)
    if (!existsSync(path)) stale.push({ file, problem: 'falta' })
    else if (readFileSync(path, 'utf8') !== content) stale.push({ file, problem: 'desactualizado' })
  }
  for (const file of generatedFilesIn(dir)) {
    if (!pages.has(file)) stale.push({ file, problem: 'sobra' })
  }
  return stale
}

/** Writes the pages and removes generated pages of unregistered machines; returns the files changed. */
export function writeDiagramPages(pages: Map<string, string>, dir: string): StalePage[] {
  const stale = findStalePages(pages, dir)
  mkdirSync(dir, { recursive: true })
  for (const { file, problem } of stale) {
    if (problem === 'sobra') rmSync(join(dir, file))
    else writeFileSync(join(dir, file), pages.get(file)!)
  }
  return stale
}

function generatedFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && readFileSync(join(dir, f), 'utf8').startsWith(GENERATED_MARK))
    .sort()
}

function main(): number {
  const check = process.argv.includes('--check')
  const pages = renderDiagramPages(machineCatalog)
  const where = relative(process.cwd(), DOCS_DIR)
  const files = checkMachineFiles(join(process.cwd(), 'machines'), machineCatalog)
  for (const warning of files.warnings) console.warn(`aviso: ${warning}`)
  for (const error of files.errors) console.error(`error: ${error}`)
  if (check) {
    const stale = findStalePages(pages, DOCS_DIR)
    for (const { file, problem } of stale) console.error(`${where}/${file}: ${problem}`)
    if (stale.length) console.error(`Diagramas desactualizados (${stale.length}). Ejecute \`npm run diagrams\` y confirme los cambios.`)
    else console.log(`Diagramas al día (${pages.size} máquinas).`)
    return stale.length || files.errors.length ? 1 : 0
  }
  const changed = writeDiagramPages(pages, DOCS_DIR)
  for (const { file, problem } of changed) console.log(`${where}/${file}: ${problem === 'sobra' ? 'eliminado' : 'escrito'}`)
  console.log(`${pages.size} máquinas; ${changed.length} archivos cambiados.`)
  return files.errors.length ? 1 : 0
}

if (process.argv[1] && /diagrams\.ts$/.test(process.argv[1])) process.exitCode = main()
