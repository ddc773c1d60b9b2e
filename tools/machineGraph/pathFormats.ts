import { eventText, type ListedPath, type PathListing } from './paths'

export type PathFormat = 'md' | 'json' | 'csv'
export const PATH_FORMATS: readonly PathFormat[] = ['md', 'json', 'csv']

/** Markdown for people: one table of numbered steps per path. */
function pathsToMarkdown(listing: PathListing): string {
  const out: string[] = [`# Rutas de prueba de \`${listing.machine}\``, '']
  out.push(`- Rutas más cortas: ${listing.shortest.length} (una por estado alcanzable).`)
  out.push(`- Rutas simples: ${listing.simple.length}${truncationNote(listing)}.`)
  out.push('')
  section(out, 'Rutas más cortas', listing.shortest)
  section(out, 'Rutas simples', listing.simple)
  return `${out.join('\n').trimEnd()}\n`
}

function truncationNote(listing: PathListing): string {
  return listing.simpleTruncated ? ` (RECORTADAS: ${truncationReason(listing)})` : ' (todas)'
}

function truncationReason(listing: PathListing): string {
  return listing.simpleTruncatedBy === 'budget'
    ? `la búsqueda se detuvo tras encontrar ${listing.simple.length}; la máquina tiene demasiadas rutas simples para enumerarlas, use las más cortas`
    : `hay más; se muestran las primeras ${listing.simple.length}, tope --limit ${listing.simpleLimit}`
}

function section(out: string[], title: string, paths: ListedPath[]) {
  out.push(`## ${title}`, '')
  for (const path of paths) {
    out.push(`### ${path.number}. Hasta \`${path.target}\``, '')
    out.push('| Paso | Evento | Estado alcanzado | La pantalla muestra |', '| --- | --- | --- | --- |')
    for (const step of path.steps) {
      out.push(`| ${step.number} | ${cell(eventText(step.event))} | \`${step.state}\` | ${step.view ? cell(step.view) : '—'} |`)
    }
    out.push('')
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
}

/** JSON for automation: events as objects (`type` plus data), states and views as text. */
function pathsToJson(listing: PathListing): string {
  return `${JSON.stringify(listing, null, 2)}\n`
}

/** CSV for spreadsheets: one row per step. */
function pathsToCsv(listing: PathListing): string {
  const rows: string[][] = [['tipo', 'ruta', 'destino', 'paso', 'evento', 'estado', 'pantalla']]
  const add = (kind: string, paths: ListedPath[]) => {
    for (const path of paths) {
      for (const step of path.steps) {
        rows.push([kind, String(path.number), path.target, String(step.number), eventText(step.event), step.state, step.view])
      }
    }
  }
  if (listing.simpleTruncated) {
    const note = `Rutas simples recortadas: ${truncationReason(listing)}`
    rows.push(['aviso', '', '', '', note, '', ''])
  }
  add('mas-corta', listing.shortest)
  add('simple', listing.simple)
  return `${rows.map((r) => r.map(csvField).join(',')).join('\n')}\n`
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export function formatPaths(listing: PathListing, format: PathFormat): string {
  if (format === 'json') return pathsToJson(listing)
  if (format === 'csv') return pathsToCsv(listing)
  return pathsToMarkdown(listing)
}
