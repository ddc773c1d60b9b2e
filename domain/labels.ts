/**
 * How the spec writes a claim code, a shown file name and a person's name (spec sections 1 and 9). Plain string
 * rules, so machines can use them as well as views; src/lib/format.ts re-exports them beside the es-MX formats.
 */

/** Claim code: C plus the event id. */
export function claimCode(idEvento: number | string): string {
  return `C${idEvento}`
}

/**
 * Shown file names are cut to 10 characters plus .pdf. Spaces at the cut are dropped ('INE ambos lados.pdf' shows
 * 'INE ambos.pdf', not 'INE ambos .pdf'); the full name goes in the title and to screen readers (src/ui/FileName).
 */
export function shortFileName(name: string): string {
  const base = name.trim().replace(/\.pdf$/i, '')
  return `${base.slice(0, 10).trimEnd()}.pdf`
}

/** Full name from the split name fields the API uses (nombre, nombre2, apePat, apeMAt/apeMat). */
export function fullName(parts: {
  nombre?: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMAt?: string | null
  apeMat?: string | null
}): string {
  return [parts.nombre, parts.nombre2, parts.apePat, parts.apeMAt ?? parts.apeMat]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')
}

/** Document status codes as the pages name them (spec section 4 'Document status codes'); 0 is an empty slot. */
export const DOCUMENT_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Pendiente',
  1: 'Cargado',
  2: 'Verificado digital',
  3: 'Rechazado digital',
  4: 'Verificado físico',
  5: 'Rechazado físico',
}
