/**
 * Resumable uploads in Chromium at 390 px (issue 22). The collaborator of the demo claim C300 sends 2 MB PDFs on a
 * throttled connection (CDP, 200 KB/s up):
 * - the connection is cut half way (CDP offline, and the sockets in flight dropped by a proxy in front of the portal:
 *   DevTools' offline switch alone lets a request already sending stall instead of fail); the slot says it is
 *   retrying, and back online the upload finishes from the server's offset;
 * - a reload half way cuts the upload; the slot offers to resume, picking the same file finishes it.
 * Each time the server received less than 1.2× the file's bytes (portal_upload_bytes_total).
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fillCollaboratorLogin, newPage, usePortalAndBrowser } from './harness'
import { startCuttableProxy } from './cuttableProxy'

const e2e = usePortalAndBrowser()
const STEP = { timeout: 60_000 }
const UPLOAD_PAGE = '/home-colaborador/carga-de-datos/300'

/** A real PDF of about 2 MB (an incompressible attachment makes the weight). */
async function heavyPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText(title, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
  await doc.attach(randomBytes(2 * 1024 * 1024), 'relleno.bin', { mimeType: 'application/octet-stream' })
  return Buffer.from(await doc.save())
}

async function uploadBytesReceived(): Promise<number> {
  const text = await (await fetch(`${e2e.portal.url}/metrics`)).text()
  return Number(/^portal_upload_bytes_total (\d+(?:\.\d+)?)/m.exec(text)?.[1] ?? 0)
}

/** Picks the file for a slot and confirms it in the preview ('Cargar documento'). */
async function send(page: Page, slot: Locator, name: string, bytes: Buffer) {
  await slot.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes })
  const preview = page.getByRole('dialog', { name: /^Vista previa/ })
  await preview.getByRole('button', { name: 'Cargar documento' }).click(STEP)
}

/** Waits until the slot's bar says at least `percent` %. */
async function reached(slot: Locator, percent: number) {
  await expect
    .poll(async () => Number((await slot.getByRole('progressbar').getAttribute('aria-valuenow').catch(() => '0')) ?? 0), { timeout: 60_000, interval: 200 })
    .toBeGreaterThanOrEqual(percent)
}

describe('resumable uploads', () => {
  it('a connection cut half way resumes from the server’s offset once back online; < 1.2× the bytes received', async () => {
    const proxy = await startCuttableProxy(e2e.portal.url)
    try {
      const { context, page } = await newPage(e2e.browser, proxy.url, 390, 844)
      e2e.contexts.push(context)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      const network = (offline: boolean) =>
        cdp.send('Network.emulateNetworkConditions', { offline, latency: 40, downloadThroughput: -1, uploadThroughput: 200 * 1024 })

      await fillCollaboratorLogin(page, 90251437, 300)
      await page.waitForURL((url) => url.pathname.startsWith('/home-colaborador'))
      await page.goto(UPLOAD_PAGE)

      // Where each PATCH starts (Upload-Offset): the one after the cut continues, it does not start over.
      const patchOffsets: Promise<number>[] = []
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) {
          patchOffsets.push(request.allHeaders().then((headers) => Number(headers['upload-offset'])))
        }
      })
      const bytes = await heavyPdf('Identificación oficial')
      const slot = page.getByRole('article', { name: 'Identificación oficial' })
      const before = await uploadBytesReceived()
      await network(false)
      await send(page, slot, 'ine.pdf', bytes)
      await reached(slot, 40)
      // The phone loses its network: the request sending is dropped, and nothing new goes out.
      expect(proxy.cut()).toBeGreaterThan(0)
      await network(true)
      await slot.getByText('Conexión perdida: reintentando desde lo ya enviado…').waitFor(STEP)
      const receivedWhileCut = (await uploadBytesReceived()) - before
      expect(receivedWhileCut / bytes.length).toBeGreaterThan(0.3)
      // Offline a while (the client's first retries meet no network), then back.
      await page.waitForTimeout(1_500)
      await network(false)
      await slot.getByText('Cargado', { exact: true }).waitFor(STEP)
      const received = (await uploadBytesReceived()) - before
      const offsets = await Promise.all(patchOffsets)
      expect(offsets[0]).toBe(0)
      expect(offsets.at(-1)).toBeGreaterThan(0.3 * bytes.length)
      // A restart would have sent the whole file again (≥ 1.3×); resuming sends only what the server lacked.
      expect(received / bytes.length).toBeLessThan(1.2)
      expect(received).toBeGreaterThanOrEqual(bytes.length)
    } finally {
      await proxy.close()
    }
  })

  it('a reload half way offers to resume; the same file completes from the server’s offset, < 1.2× the bytes received', async () => {
    const { context, page } = await e2e.openPage(390, 844)
    e2e.contexts.push(context)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const throttle = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', { offline, latency: 40, downloadThroughput: -1, uploadThroughput: 200 * 1024 })

    await fillCollaboratorLogin(page, 90251437, 300)
    await page.waitForURL((url) => url.pathname.startsWith('/home-colaborador'))
    await page.goto(UPLOAD_PAGE)

    // ── reload half way: the slot offers to resume, the same file finishes it ──
    const second = await heavyPdf('Resumen médico')
    const summary = page.getByRole('article', { name: 'Resumen médico' })
    const beforeSecond = await uploadBytesReceived()
    await throttle(false)
    await send(page, summary, 'resumen.pdf', second)
    await reached(summary, 30)
    await page.reload()
    await summary.getByText('Tienes una carga sin terminar de resumen.pdf (2.0 MB). Elige el mismo archivo para reanudarla.').waitFor(STEP)
    await throttle(false)
    await send(page, summary, 'resumen.pdf', second)
    await summary.getByText('Cargado', { exact: true }).waitFor(STEP)
    const receivedSecond = (await uploadBytesReceived()) - beforeSecond
    expect(receivedSecond / second.length).toBeLessThan(1.2)
    await page.screenshot({ path: 'docs/screenshots/carga-reanudable-390.png', fullPage: true })
  })
})
