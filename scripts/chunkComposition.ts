/**
 * What the sign-in's JavaScript is made of, per package (issue 24 asks for it in docs/benchmarks.md).
 *
 *   SOURCEMAPS=1 npm run build && npx tsx scripts/chunkComposition.ts [dist/prerendered/inicio.html]
 *
 * Reads the chunks a pre-rendered page names (its module script and modulepreload links), attributes every byte of
 * each chunk to the source its source map points at (a mapping segment owns the code up to the next segment of its
 * line; code with no mapping is the bundler's own), and groups the sources by package (node_modules/<package>, or
 * the app's top folder). A package's compressed size is its share of the raw bytes times the chunk's gzip -9 or
 * brotli q11 size, so the rows add up to what is sent; compression works across packages, so a row is an estimate,
 * the totals are exact. Prints Markdown.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const DIST = 'dist'
const page = process.argv[2] ?? join(DIST, 'prerendered', 'inicio.html')

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]))

/** One line of a source map's `mappings`: each segment's generated column and source index (VLQ, relative). */
function decodeLine(line: string, state: { source: number }): Array<{ column: number; source: number | undefined }> {
  const segments: Array<{ column: number; source: number | undefined }> = []
  let column = 0
  for (const text of line.split(',')) {
    if (!text) continue
    const fields: number[] = []
    let value = 0
    let shift = 0
    for (const char of text) {
      const digit = DIGIT.get(char)
      if (digit === undefined) throw new Error(`bad VLQ character ${char}`)
      value += (digit & 31) << shift
      if (digit & 32) {
        shift += 5
        continue
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
    column += fields[0] ?? 0
    if (fields.length >= 4) state.source += fields[1] ?? 0
    segments.push({ column, source: fields.length >= 4 ? state.source : undefined })
  }
  return segments
}

/** node_modules/@scope/name/… → @scope/name; src/features/auth/… → src/features/auth; anything else its folder. */
function packageOf(source: string): string {
  const path = normalize(source).replace(/\\/g, '/')
  const inModules = path.lastIndexOf('node_modules/')
  if (inModules >= 0) {
    const parts = path.slice(inModules + 'node_modules/'.length).split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  const parts = path.replace(/^(\.\.\/)+/, '').split('/')
  if (parts[0] === 'src' || parts[0] === 'machines' || parts[0] === 'domain' || parts[0] === 'contract') {
    return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, -1).join('/') || parts[0]!
  }
  return parts.slice(0, -1).join('/') || path
}

/** Raw bytes of a chunk per package, from its source map. */
function rawByPackage(file: string, code: string): Map<string, number> {
  if (!existsSync(`${file}.map`)) return new Map([['(bundler)', Buffer.byteLength(code)]])
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string }
  const lines = code.split('\n')
  const mappingLines = map.mappings.split(';')
  const sizes = new Map<string, number>()
  const add = (name: string, bytes: number) => sizes.set(name, (sizes.get(name) ?? 0) + bytes)
  const state = { source: 0 }
  lines.forEach((line, index) => {
    const segments = decodeLine(mappingLines[index] ?? '', state)
    const newline = index < lines.length - 1 ? 1 : 0
    if (segments.length === 0) return add('(bundler)', Buffer.byteLength(line) + newline)
    add('(bundler)', Buffer.byteLength(line.slice(0, segments[0]!.column)))
    segments.forEach((segment, i) => {
      const end = i + 1 < segments.length ? segments[i + 1]!.column : line.length
      const source = segment.source === undefined ? undefined : map.sources[segment.source]
      add(source === undefined ? '(bundler)' : packageOf(source), Buffer.byteLength(line.slice(segment.column, end)))
    })
    add('(bundler)', newline)
  })
  return sizes
}

const html = readFileSync(page, 'utf8')
const chunks = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
// The bundler's own helpers (its runtime, the preload helper) have no map; the app's chunks all have one with SOURCEMAPS=1.
if (!chunks.some((chunk) => existsSync(join(DIST, `${chunk}.map`)))) throw new Error('no source maps in dist/: build with SOURCEMAPS=1')
const totals = new Map<string, { raw: number; gzip: number; brotli: number; chunks: Set<string> }>()
const chunkRows: string[] = []
let all = { raw: 0, gzip: 0, brotli: 0 }
for (const chunk of chunks) {
  const file = join(DIST, chunk)
  const body = readFileSync(file)
  const gzip = gzipSync(body, { level: 9 }).length
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  all = { raw: all.raw + body.length, gzip: all.gzip + gzip, brotli: all.brotli + brotli }
  const name = chunk.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')
  chunkRows.push(`| ${name} | ${(gzip / 1024).toFixed(1)} | ${(brotli / 1024).toFixed(1)} |`)
  for (const [pkg, raw] of rawByPackage(file, body.toString('utf8'))) {
    const row = totals.get(pkg) ?? { raw: 0, gzip: 0, brotli: 0, chunks: new Set<string>() }
    row.raw += raw
    row.gzip += (raw / body.length) * gzip
    row.brotli += (raw / body.length) * brotli
    row.chunks.add(name)
    totals.set(pkg, row)
  }
}

const kib = (n: number) => (n / 1024).toFixed(1)
console.log(`Chunks of ${page.replace(`${dirname(dirname(page))}/`, '')} (KiB):\n`)
console.log('| Chunk | gzip | brotli |\n|---|---:|---:|')
console.log(chunkRows.join('\n'))
console.log(`| **total** | **${kib(all.gzip)}** | **${kib(all.brotli)}** |\n`)
console.log('Per package (KiB; compressed = share of raw bytes × the chunk\'s compressed size):\n')
console.log('| Package | raw | gzip | brotli | chunks |\n|---|---:|---:|---:|---|')
for (const [pkg, row] of [...totals].sort((a, b) => b[1].gzip - a[1].gzip)) {
  if (row.gzip < 0.05 * 1024) continue
  console.log(`| ${pkg} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} | ${[...row.chunks].join(', ')} |`)
}
const small = [...totals.values()].filter((row) => row.gzip < 0.05 * 1024)
console.log(`| ${small.length} others under 0.05 KiB | ${kib(small.reduce((s, r) => s + r.raw, 0))} | ${kib(small.reduce((s, r) => s + r.gzip, 0))} | ${kib(small.reduce((s, r) => s + r.brotli, 0))} | |`)
console.log(`| **total** | **${kib(all.raw)}** | **${kib(all.gzip)}** | **${kib(all.brotli)}** | |`)
