/** Content sniffing, original-name cleaning and the download header: pure functions, checked directly. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isPdf, sniffImage } from '../../server/lib/sniff'
import { attachmentDisposition, sanitizeOriginalName, withPdfExtension } from '../../server/storage/fileNames'
import { claimFileIdFromUrl, claimFileUrl } from '../../server/storage/urls'
import { isStorageKey } from '../../server/storage/fileStore'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { GIF, IMAGES, makePdf } from './helpers/uploads'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

describe('content sniffing', () => {
  it('recognises a PDF by its first bytes only', async () => {
    expect(isPdf(await makePdf())).toBe(true)
    expect(isPdf(new TextEncoder().encode('%PDF-1.4\n'))).toBe(true)
    expect(isPdf(new TextEncoder().encode(' %PDF-1.4'))).toBe(false)
    expect(isPdf(new TextEncoder().encode('%PDF'))).toBe(false)
    expect(isPdf(IMAGES.png)).toBe(false)
    expect(isPdf(new Uint8Array())).toBe(false)
  })

  it('tells JPEG, PNG and WebP apart and refuses anything else', async () => {
    expect(sniffImage(IMAGES.jpg)).toBe('jpg')
    expect(sniffImage(IMAGES.png)).toBe('png')
    expect(sniffImage(IMAGES.webp)).toBe('webp')
    expect(sniffImage(GIF)).toBeNull()
    expect(sniffImage(await makePdf())).toBeNull()
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeNull()
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })
})

describe('original names', () => {
  it('drops folders, control characters and quotes, and is never empty', () => {
    expect(sanitizeOriginalName('C:\\Users\\ana\\Resumen médico.pdf')).toBe('Resumen médico.pdf')
    expect(sanitizeOriginalName('../../etc/passwd')).toBe('passwd')
    expect(sanitizeOriginalName('a"b<c>\u0000d\r\ne.pdf')).toBe('abcde.pdf')
    expect(sanitizeOriginalName('...hidden')).toBe('hidden')
    expect(sanitizeOriginalName('   ')).toBe('documento.pdf')
    expect(sanitizeOriginalName(undefined, 'factura.pdf')).toBe('factura.pdf')
    expect(withPdfExtension('ine')).toBe('ine.pdf')
    expect(withPdfExtension('INE.PDF')).toBe('INE.PDF')
  })

  it('any name gives a one-line header with a quoted ASCII name and at most 255 characters kept', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (raw) => {
        const name = sanitizeOriginalName(raw)
        expect([...name].length).toBeLessThanOrEqual(255)
        expect(name).not.toMatch(/[/\\"\u0000-\u001f]/)
        const header = attachmentDisposition(name)
        // No quote, backslash, percent or semicolon inside the quoted fallback; filename* only in RFC 5987 characters.
        expect(header).toMatch(/^attachment; filename="[\x20\x21\x23\x24\x26-\x3a\x3c-\x5b\x5d-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9%!._~-]+)?$/)
        const star = /filename\*=UTF-8''(.+)$/.exec(header)
        if (star) expect(decodeURIComponent(star[1]!)).toBe(name)
      }),
    )
  })

  it('keeps accents in filename* and transliterates the fallback', () => {
    expect(attachmentDisposition('Identificación oficial.pdf')).toBe(
      `attachment; filename="Identificacion oficial.pdf"; filename*=UTF-8''Identificaci%C3%B3n%20oficial.pdf`,
    )
    expect(attachmentDisposition('factura.pdf')).toBe('attachment; filename="factura.pdf"')
  })
})

describe('storage keys and urls', () => {
  it('only generated key shapes are keys; urls round-trip', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-'))
    try {
      const store = createLocalFileStore(dir)
      const key = await store.put(IMAGES.png, 'png')
      expect(isStorageKey(key)).toBe(true)
      expect(isStorageKey(key, ['jpg', 'webp'])).toBe(false)
      expect(await store.listKeys()).toEqual([key])
      for (const bad of ['../x.png', '2026/01/../../x.png', '/etc/passwd', `${key}/..`, key.replace('.png', '.svg')])
        expect(isStorageKey(bad)).toBe(false)
      expect(await store.open('../../etc/passwd')).toBeNull()
      await expect(store.remove('../../etc/passwd')).rejects.toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(claimFileIdFromUrl(claimFileUrl(42))).toBe(42)
    expect(claimFileIdFromUrl('https://portal.example/api/file/download/claim-file/7')).toBe(7)
    expect(claimFileIdFromUrl('/api/file/download/invoice/7')).toBeNull()
    expect(claimFileIdFromUrl('/api/file/download/claim-file/99999999999')).toBeNull()
  })
})
