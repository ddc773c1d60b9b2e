/**
 * Every import of the project's own TypeScript, read with the TypeScript parser (not a regular expression, so
 * comments and strings never count): `import … from`, `import type … from`, `export … from`, side-effect
 * `import '…'`, `import('…')` and `typeof import('…')` type queries. Each specifier is resolved to what it names: a
 * file of the project, a Node built-in or a package.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

export interface ImportRef {
  /** Importing file, relative to the root, with forward slashes. */
  file: string
  line: number
  specifier: string
}

export type ImportTarget =
  | { kind: 'project'; path: string }
  | { kind: 'node'; name: string }
  | { kind: 'package'; name: string }

/** Generated or installed folders: not the project's own code. */
const SKIPPED = new Set(['node_modules', '.git', 'styled-system', 'dist', 'data', '.tmp', 'test-results', 'coverage'])

export function listSourceFiles(root: string, dir = root): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir).sort()) {
    if (SKIPPED.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...listSourceFiles(root, path))
    else if (/\.tsx?$/.test(name)) files.push(toPosix(relative(root, path)))
  }
  return files
}

export function importsOf(file: string, source: string): ImportRef[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const refs: ImportRef[] = []
  const add = (node: ts.Node, specifier: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1
    refs.push({ file, line, specifier })
  }
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) add(node, argument.text)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (ts.isStringLiteral(expression)) add(node, expression.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return refs
}

export function readImports(root: string, file: string): ImportRef[] {
  return importsOf(file, readFileSync(join(root, file), 'utf8'))
}

const NODE_BUILTINS = new Set(builtinModules)

export function resolveImport(root: string, ref: ImportRef): ImportTarget {
  const { specifier } = ref
  if (specifier.startsWith('.')) {
    return { kind: 'project', path: resolveFile(root, toPosix(relative(root, resolve(root, dirname(ref.file), specifier)))) }
  }
  // tsconfig `paths` and vite's alias make `styled-system/*` a project folder (Panda's generated code).
  if (specifier === 'styled-system' || specifier.startsWith('styled-system/')) return { kind: 'project', path: specifier }
  if (specifier.startsWith('node:')) return { kind: 'node', name: specifier }
  const name = packageName(specifier)
  if (NODE_BUILTINS.has(name)) return { kind: 'node', name }
  return { kind: 'package', name }
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/** The file a relative specifier names (`./x` → `x.ts`, `./dir` → `dir/index.ts`), or the path as written. */
function resolveFile(root: string, path: string): string {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    const absolute = join(root, candidate)
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate
  }
  return path
}

function toPosix(path: string): string {
  return path.split(sep).join('/')
}
