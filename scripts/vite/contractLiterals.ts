/**
 * The app's build gets the API contract as the JSON Schema it evaluates to, not as the TypeBox code that builds it.
 *
 * domain/contract is written once in TypeBox (the server registers its routes from it, /api/docs publishes it), and
 * the app checks every answer against the same schemas (src/api/structOf.ts). TypeBox's builders are only needed
 * to *make* those schemas, yet importing the contract made every page, the sign-in included, download and run
 * them: about 12.5 KiB gzip of the sign-in's JavaScript (issue 24). So, in the client build only, each contract
 * module that imports TypeBox (or ./schema) is evaluated at build time (tsx, the module as written) and replaced by
 * its exports as literals: the schemas the app checks answers with are the very objects the server uses, written
 * out. A call keeps what the app reads of it (method, path, the answer's schema); its request schemas and summary
 * are the server's.
 *
 * What cannot be a literal (builder functions such as `Strict`, TypeBox's `Type`) is left out, so a client module
 * that imports one fails the build (missing export) instead of shipping TypeBox again; code the app does need
 * (`ApiError`) lives in a module of its own that the contract module re-exports, and re-exports are kept as written.
 * The dev server, the pre-render (an SSR load) and the tests read the TypeScript modules themselves.
 */
import { relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import ts from 'typescript'
import type { Plugin } from 'vite'

const CONTRACT_DIR = fileURLToPath(new URL('../../domain/contract/', import.meta.url))
/** The modules that build schemas at run time: TypeBox itself and the contract's building blocks. */
const BUILDERS = new Set(['typebox', './schema'])

/** Plain JSON data (what a literal can say exactly): no functions, class instances, undefined in arrays, NaN. */
export function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isJsonData)
  if (typeof value !== 'object') return false
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  return Object.values(value).every((field) => field === undefined || isJsonData(field))
}

/** What the app reads of a call (src/api/client.ts): where to send it and what the answer holds. */
const CALL_FIELDS_THE_APP_READS = ['method', 'path', 'response', 'file', 'stream']

const isCall = (value: object): value is Record<string, unknown> =>
  'method' in value && 'response' in value && typeof (value as { path?: unknown }).path === 'string'

/**
 * The value as the app needs it: a call (domain/contract/call.ts `CallSpec`) keeps only what the app reads of it.
 * Its request schemas and summary are the server's (it checks requests with them; /api/docs shows them), and they
 * were about half of a call's text.
 */
export function forTheApp(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forTheApp)
  if (typeof value !== 'object' || value === null) return value
  if (isCall(value)) {
    return Object.fromEntries(CALL_FIELDS_THE_APP_READS.filter((name) => name in value).map((name) => [name, value[name]]))
  }
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, forTheApp(field)]))
}

/** Whether the module imports a schema builder as a value (`import type` only gives types, which cost nothing). */
function buildsSchemas(source: ts.SourceFile): boolean {
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      !statement.importClause?.isTypeOnly &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      BUILDERS.has(statement.moduleSpecifier.text),
  )
}

/**
 * The module's replacement: its `export … from` statements as written, then every other export whose value is JSON
 * data as a literal. Exported from `exports` (the evaluated module).
 */
export function literalModule(source: ts.SourceFile, exports: Record<string, unknown>): string {
  const reExported = new Set<string>()
  const lines = [`// ${relative(process.cwd(), source.fileName)}, evaluated at build time (scripts/vite/contractLiterals.ts).`]
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      throw new Error(`${source.fileName}: export * cannot be kept`)
    }
    for (const element of statement.exportClause.elements) reExported.add(element.name.text)
    lines.push(statement.getText(source))
  }
  const left: string[] = []
  for (const [name, value] of Object.entries(exports)) {
    if (reExported.has(name)) continue
    if (isJsonData(value)) lines.push(`export const ${name} = ${JSON.stringify(forTheApp(value))}`)
    else left.push(name)
  }
  if (left.length > 0) lines.push(`// Left out (code, not data): ${left.join(', ')}`)
  return `${lines.join('\n')}\n`
}

export function contractLiterals(): Plugin {
  return {
    name: 'portal:contract-literals',
    apply: 'build',
    // Before TypeScript is stripped: the source is read as TypeScript.
    enforce: 'pre',
    async transform(code, id, options) {
      const file = id.split('?')[0]!
      if (options?.ssr || !file.startsWith(CONTRACT_DIR) || !file.endsWith('.ts')) return null
      const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
      if (!buildsSchemas(source)) return null
      const exports = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>
      return { code: literalModule(source, exports), map: null }
    },
  }
}
