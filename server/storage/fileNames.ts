/**
 * Original file names are only data: kept (cleaned) for display and for the download's suggested name, never
 * used as a path. The header value is built from the cleaned name with an ASCII fallback plus the RFC 6266 /
 * RFC 5987 `filename*` form, so accents survive in browsers and nothing can break out of the header.
 */

const MAX_NAME_LENGTH = 255

/** Removes any folder part, control characters and quotes; trims; at most 255 characters; never empty. */
export function sanitizeOriginalName(raw: string | undefined | null, fallback = 'documento.pdf'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|*?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if (!cleaned) return fallback
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('')
}

/** The name with `.pdf` appended when it lacks it (the bytes served are always a PDF). */
export function withPdfExtension(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`
}

const ASCII_FALLBACK_UNSAFE = /[^\x20-\x7e]|["\\%;]/g

/** `attachment; filename="…"; filename*=UTF-8''…` for a (sanitised) name. */
export function attachmentDisposition(name: string): string {
  const clean = sanitizeOriginalName(name)
  const ascii = clean
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(ASCII_FALLBACK_UNSAFE, '_')
  const header = `attachment; filename="${ascii}"`
  if (ascii === clean) return header
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${header}; filename*=UTF-8''${encoded}`
}
