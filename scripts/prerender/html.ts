/** The pure part of scripts/prerender.ts: which chunks a build entry needs, and a page's HTML from the template. */

/** Where the app mounts in index.html (Vite keeps it as written). */
export const ROOT_MARKER = '<div id="root"></div>'

/** What the build's manifest (dist/.vite/manifest.json) says of each source module that became a chunk. */
type Manifest = Record<string, { file: string; imports?: string[] }>

/**
 * Every file a manifest entry loads before it runs: its own chunk and, transitively, the chunks it imports
 * statically (not its dynamic imports: those wait until used). In load order, each once.
 */
export function chunksOfEntry(manifest: Manifest, entry: string): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`el manifiesto de la compilación no tiene ${key}`)
    for (const imported of chunk.imports ?? []) visit(imported)
    files.push(chunk.file)
  }
  visit(entry)
  return files
}

export interface PageParts {
  /** The markup React renders for the page, put inside #root. */
  markup: string
  /** The page's document title ('Iniciar sesión · Portal de trámites'), in place of the template's; null keeps it. */
  title?: string | null
  /** The path the markup was rendered for: main.tsx hydrates only there. */
  prerenderedFor?: string
  /**
   * A role's first screen drawn for its path: main.tsx hydrates it with the screen (its chunk name) once its code
   * is there, and adds the user's name after (src/lib/hydrating.ts).
   */
  landing?: { path: string; screen: string }
  /** Chunk files (relative to dist/) to announce in the head, besides those index.html already names. */
  modulePreloads: string[]
  /**
   * 'low' for chunks the drawn page does not wait for (a first screen's, drawn already): the style sheet the page
   * needs to show goes first on a slow link, and Lighthouse does not count them as blocking the first paint.
   */
  preloadPriority?: 'low'
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

export function withPage(template: string, parts: PageParts): string {
  if (!template.includes(ROOT_MARKER)) throw new Error(`la plantilla no tiene ${ROOT_MARKER}`)
  const links = parts.modulePreloads
    .map((file) => `/${file}`)
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `\n    <link rel="modulepreload" crossorigin href="${escapeAttribute(href)}"${parts.preloadPriority ? ` fetchpriority="${parts.preloadPriority}"` : ''}>`)
    .join('')
  const marker =
    parts.prerenderedFor !== undefined
      ? ` data-prerendered="${escapeAttribute(parts.prerenderedFor)}"`
      : parts.landing
        ? ` data-landing="${escapeAttribute(parts.landing.path)}" data-landing-screen="${escapeAttribute(parts.landing.screen)}"`
        : ''
  const titled = parts.title ? template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(parts.title!)}</title>`) : template
  return titled
    .replace(/\n\s*<\/head>/, (end) => `${links}${end}`)
    .replace(ROOT_MARKER, () => `<div id="root"${marker}>${parts.markup}</div>`)
}
