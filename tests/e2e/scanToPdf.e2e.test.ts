/**
 * Scan to PDF end to end in Chromium on a phone-sized screen (390 px; issue 22): the collaborator picks two camera
 * photos (with an EXIF block and a GPS location) for 'Identificación oficial', puts the second first, confirms with
 * 'Cargar documento', and sees the slot 'Cargado'. The stored file, downloaded through the API, is one PDF of two
 * pages in the chosen order, each page a JPEG of at most 1,700 px and 300 KB, with no EXIF anywhere. The photos are
 * drawn in the page's canvas (real JPEG encoding), the EXIF block spliced in as a camera writes it.
 */
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { holdsExif, withExifGps } from '../fixtures/exifJpeg'
import { apiGet, fillCollaboratorLogin, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()
const STEP = { timeout: 30_000 }

/** A photo of a printed page as a camera JPEG: paper, lines of 'text', a stamp; `width` × `height` px. */
async function cameraPhoto(page: Page, width: number, height: number, title: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height, title }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const g = canvas.getContext('2d')!
      const light = g.createLinearGradient(0, 0, width, height)
      light.addColorStop(0, '#f4f1ea')
      light.addColorStop(1, '#d9d4c7')
      g.fillStyle = light
      g.fillRect(0, 0, width, height)
      g.fillStyle = '#1d2433'
      g.font = `bold ${Math.round(width / 14)}px sans-serif`
      g.fillText(title, width * 0.08, height * 0.12)
      g.font = `${Math.round(width / 40)}px serif`
      for (let y = height * 0.2; y < height * 0.9; y += width / 28) g.fillText('Nombre, domicilio, clave, vigencia y firma del titular — 1234567890', width * 0.08, y)
      g.strokeStyle = '#a33'
      g.lineWidth = width / 150
      g.beginPath()
      g.arc(width * 0.75, height * 0.8, width / 10, 0, Math.PI * 2)
      g.stroke()
      return canvas.toDataURL('image/jpeg', 0.92).split(',')[1]!
    },
    { width, height, title },
  )
  return Buffer.from(withExifGps(Buffer.from(base64, 'base64')))
}

/** A stored file's bytes through the authenticated download route, as the app reads it. */
async function download(page: Page, path: string): Promise<Uint8Array> {
  const bytes = await page.evaluate(
    async ({ path, clientToken }) => {
      const response = await fetch(path, { headers: { authtoken: clientToken, Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } })
      return [...new Uint8Array(await response.arrayBuffer())]
    },
    { path, clientToken: 'e2e-client-token' },
  )
  return Uint8Array.from(bytes)
}

/** Each page's image: its pixel size and its JPEG stream's length. */
async function pageImages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  return pdf.getPages().map((page) => {
    const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as unknown as { values(): Parameters<typeof pdf.context.lookup>[0][] }
    const stream = pdf.context.lookup(xObjects.values()[0]) as PDFRawStream
    const number = (key: string) => (stream.dict.get(PDFName.of(key)) as PDFNumber).asNumber()
    return { width: number('Width'), height: number('Height'), bytes: stream.contents.length, filter: String(stream.dict.get(PDFName.of('Filter'))) }
  })
}

describe('scan to PDF', () => {
  it('two camera photos for Identificación oficial become one two-page PDF in the chosen order, light and without EXIF', async () => {
    const { context, page, errors } = await e2e.openPage(390, 844)
    const assets: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) assets.push(request.url())
    })
    try {
      await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
      await page.waitForURL('**/home-colaborador**', STEP)
      await page.goto(`/home-colaborador/carga-de-datos/${DEMO_COLLABORATOR.idEvento}`)
      const slot = page.getByRole('article', { name: 'Identificación oficial' })
      await slot.getByRole('button', { name: 'Cargar archivo' }).waitFor(STEP)
      // The scan code is not part of the page until photos are picked.
      expect(assets.filter((url) => /ScanArranger|photoScale/.test(url))).toEqual([])

      // Front (landscape) and back (portrait), as a 12-megapixel phone camera would write them.
      const front = await cameraPhoto(page, 4000, 3000, 'INE — Frente')
      const back = await cameraPhoto(page, 3000, 4000, 'INE — Reverso')
      expect(holdsExif(front) && holdsExif(back)).toBe(true)
      await slot.getByTestId('file-input').setInputFiles([
        { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: front },
        { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: back },
      ])

      const arranger = page.getByRole('dialog', { name: 'Fotos del documento: Identificación oficial' })
      await arranger.getByText('2 páginas').waitFor(STEP)
      // The back goes first.
      await arranger.getByRole('button', { name: 'Mover después: página 1' }).click()
      await expect
        .poll(() => arranger.getByRole('img', { name: 'Página 1 de 2' }).evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth))
        .toBe(true)
      await arranger.getByRole('button', { name: 'Cargar documento' }).click()
      await arranger.waitFor({ state: 'hidden', ...STEP })
      await slot.getByText('Cargado', { exact: true }).waitFor(STEP)
      // The image work ran in its worker, a same-origin file of the build.
      expect(assets.some((url) => /\/assets\/photoScale\.worker-[\w-]+\.js$/.test(url))).toBe(true)

      const info = await apiGet<{ files: { tipo: string | number; url: string; nombre: string }[] }>(page, `/api/file/get-info-by-event/${DEMO_COLLABORATOR.idEvento}`)
      const stored = info.files.find((file) => String(file.tipo) === '3')!
      expect(stored.nombre).toBe('Identificación oficial.pdf')
      const pdf = await download(page, stored.url)
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
      const images = await pageImages(pdf)
      expect(images).toHaveLength(2)
      // Back (portrait) first, then front; each scaled to 1,700 px on its long side and at most 300 KB.
      expect(images.map(({ width, height }) => ({ width, height }))).toEqual([
        { width: 1275, height: 1700 },
        { width: 1700, height: 1275 },
      ])
      for (const image of images) {
        expect(image.filter).toBe('/DCTDecode')
        expect(image.bytes).toBeLessThanOrEqual(300 * 1024)
      }
      expect(holdsExif(pdf)).toBe(false)
      expect(pdf.length).toBeLessThan((front.length + back.length) * 0.5)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
