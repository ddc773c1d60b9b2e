/**
 * Upload benchmark of scan to PDF (issue 22): three 4,000 × 3,000 camera JPEGs, one per document of the demo
 * collaborator's claim, go through the real arranger in Debian's Chromium on the slow-4G phone profile (1.44 Mbit/s
 * down, 675 kbit/s up, 560 ms round trip, 4× CPU slowdown). Then the same three photos are sent unscaled — each
 * wrapped as it is in a PDF, so the server takes it — through the multipart call, as a portal without scanning would.
 *
 *   npm run bench:upload [-- --no-build]
 *
 * Prints, with the load average: the photos' bytes, the bytes sent (request bodies of the upload call) and their
 * ratio (target ≤ 0.15), and the time from 'Cargar documento' to 'Cargado' for the three documents against the time
 * of the three unscaled uploads (target ≤ 0.3).
 *
 * Then a resumed upload: a 3 MB PDF sent to one slot on the same slow-4G profile, through a gateway in front of the
 * portal (tests/e2e/cuttableProxy.ts) that drops the connection half way while the browser goes offline for 1.5 s;
 * back online the upload continues from the server's offset. The bytes the server received for it
 * (portal_upload_bytes_total) minus the file's size is what was sent again: target ≤ 0.2× the file.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { randomBytes } from 'node:crypto'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { Page } from 'playwright-core'
import { DEMO_COLLABORATOR } from '../server/seed'
import { CLIENT_TOKEN, ROOT, fillCollaboratorLogin, launchBrowser, newPage, startPortal, type RunningPortal } from '../tests/e2e/harness'
import { startCuttableProxy } from '../tests/e2e/cuttableProxy'

const DOCUMENTS = [
  { tipo: 1, label: 'Formato de solicitud', field: 'fileOne' },
  { tipo: 2, label: 'Resumen médico', field: 'fileTwo' },
  { tipo: 3, label: 'Identificación oficial', field: 'fileThree' },
] as const
const SLOW_4G = { offline: false, latency: 560, downloadThroughput: (1.44e6 / 8) | 0, uploadThroughput: (675e3 / 8) | 0 }
const loads = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')
const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KB`

/** A 4,000 × 3,000 photo of a printed page with a camera's sensor noise, as a phone JPEG (about 3–4 MB). */
async function cameraPhoto(page: Page, title: string): Promise<Buffer> {
  const base64 = await page.evaluate((title) => {
    const width = 4000
    const height = 3000
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const g = canvas.getContext('2d')!
    const light = g.createLinearGradient(0, 0, width, height)
    light.addColorStop(0, '#f3efe6')
    light.addColorStop(1, '#cfc9ba')
    g.fillStyle = light
    g.fillRect(0, 0, width, height)
    g.fillStyle = '#1d2433'
    g.font = 'bold 260px sans-serif'
    g.fillText(title, 300, 420)
    g.font = '96px serif'
    for (let y = 700; y < 2800; y += 150) g.fillText('Nombre, domicilio, diagnóstico, fecha y firma — 1234567890 ABCDEFG', 300, y)
    const pixels = g.getImageData(0, 0, width, height)
    let seed = 7
    for (let i = 0; i < pixels.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = (seed % 25) - 12
      for (let c = 0; c < 3; c++) pixels.data[i + c] = pixels.data[i + c]! + noise
    }
    g.putImageData(pixels, 0, 0)
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!
  }, title)
  return Buffer.from(base64, 'base64')
}

/** The photo unscaled in a PDF (what the server would take from a portal without scanning). */
async function wrapped(photo: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const image = await pdf.embedJpg(photo)
  pdf.addPage([image.width * 0.36, image.height * 0.36]).drawImage(image, { x: 0, y: 0, width: image.width * 0.36, height: image.height * 0.36 })
  return Buffer.from(await pdf.save())
}

/** A real PDF of about 3 MB (an incompressible attachment makes the weight). */
async function heavyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200]).drawText('Formato de solicitud', { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
  await doc.attach(randomBytes(3 * 1024 * 1024), 'relleno.bin', { mimeType: 'application/octet-stream' })
  return Buffer.from(await doc.save())
}

/** Bytes of uploads the server received so far (resumable PATCH bodies as they arrive). */
async function serverReceived(portal: RunningPortal): Promise<number> {
  const text = await (await fetch(`${portal.url}/metrics`)).text()
  return Number(/^portal_upload_bytes_total (\d+(?:\.\d+)?)/m.exec(text)?.[1] ?? 0)
}

/**
 * One 3 MB document on slow 4G through a gateway that drops the connection once the slot's bar passes 50 %; the
 * browser is offline for 1.5 s, then the upload resumes. Answers the file's size and the bytes the server received.
 */
async function resumedUpload(portal: RunningPortal, browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<{ file: number; received: number; cutAt: number }> {
  const proxy = await startCuttableProxy(portal.url)
  try {
    const { page, context } = await newPage(browser, proxy.url, 390, 844)
    await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
    await page.waitForURL('**/home-colaborador**')
    await page.goto(`/home-colaborador/carga-de-datos/${DEMO_COLLABORATOR.idEvento}`)
    const slot = page.getByRole('article', { name: 'Formato de solicitud' })
    await slot.getByTestId('file-input').waitFor({ state: 'attached' })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const network = (offline: boolean) => cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline })
    await network(false)
    const pdf = await heavyPdf()
    const before = await serverReceived(portal)
    await slot.getByTestId('file-input').setInputFiles({ name: 'reanudable.pdf', mimeType: 'application/pdf', buffer: pdf })
    await page.getByRole('dialog', { name: /^Vista previa/ }).getByRole('button', { name: 'Cargar documento' }).click({ timeout: 120_000 })
    const bar = slot.getByRole('progressbar')
    let percent = 0
    const deadline = Date.now() + 180_000
    while (percent < 50) {
      if (Date.now() > deadline) throw new Error(`the upload did not reach 50 % (at ${percent} %)`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      percent = Number((await bar.getAttribute('aria-valuenow', { timeout: 60_000 }).catch(() => '0')) ?? 0)
    }
    if (proxy.cut() === 0) throw new Error('nothing to cut')
    await network(true)
    const cutAt = (await serverReceived(portal)) - before
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await network(false)
    await slot.getByText('Formato de solicitud: carga terminada').waitFor({ timeout: 300_000 })
    await context.close()
    return { file: pdf.length, received: (await serverReceived(portal)) - before, cutAt }
  } finally {
    await proxy.close()
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('build failed')
  }
  const before = loads()
  const portal = await startPortal()
  const browser = await launchBrowser()
  try {
    const { page, context } = await newPage(browser, portal.url, 390, 844)
    await fillCollaboratorLogin(page, DEMO_COLLABORATOR.idColaborador, DEMO_COLLABORATOR.idEvento)
    await page.waitForURL('**/home-colaborador**')
    await page.goto(`/home-colaborador/carga-de-datos/${DEMO_COLLABORATOR.idEvento}`)
    await page.getByRole('article', { name: 'Identificación oficial' }).getByRole('button', { name: 'Cargar archivo' }).waitFor()
    const photos = [await cameraPhoto(page, 'Solicitud'), await cameraPhoto(page, 'Resumen'), await cameraPhoto(page, 'INE')]

    // Body sizes from the headers the browser sent (Playwright does not keep a File body).
    const bodies: Promise<number>[] = []
    page.on('request', (request) => {
      const resumable = request.method() === 'PATCH' && request.url().includes('/api/uploads/')
      if (resumable || (request.method() === 'POST' && request.url().includes('/api/file/add-files-to-event'))) {
        bodies.push(request.allHeaders().then((headers) => Number(headers['content-length'] ?? 0)))
      }
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

    // Scanned: pick the photo, then 'Cargar documento' → 'Cargado' (conversion and upload), one document after another.
    let scannedMs = 0
    for (const [i, document] of DOCUMENTS.entries()) {
      const slot = page.getByRole('article', { name: document.label })
      await slot.getByTestId('file-input').setInputFiles({ name: `IMG_${i}.jpg`, mimeType: 'image/jpeg', buffer: photos[i]! })
      const arranger = page.getByRole('dialog', { name: `Fotos del documento: ${document.label}` })
      await arranger.getByText('1 página').waitFor({ timeout: 120_000 })
      const start = performance.now()
      await arranger.getByRole('button', { name: 'Cargar documento' }).click()
      await slot.getByText('Cargado', { exact: true }).waitFor({ timeout: 300_000 })
      scannedMs += performance.now() - start
    }
    const scannedBytes = (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0)
    if (bodies.length < 3 || scannedBytes === 0) throw new Error(`expected 3 upload bodies or more, got ${bodies.length} (${scannedBytes} bytes)`)

    // Unscaled: the same photos in PDFs through the multipart call, one after another, on the same profile.
    const raw = await Promise.all(photos.map(wrapped))
    const rawMs = await page.evaluate(
      async ({ files, idEvento, clientToken, fields }) => {
        let total = 0
        for (const [i, base64] of files.entries()) {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          const form = new FormData()
          form.append('idEvento', String(idEvento))
          form.append(fields[i]!, new File([bytes], `foto-${i}.pdf`, { type: 'application/pdf' }))
          const start = performance.now()
          const response = await fetch('/api/file/add-files-to-event', {
            method: 'POST',
            body: form,
            headers: { authtoken: clientToken, Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
          })
          if (!response.ok) throw new Error(`unscaled upload ${i}: ${response.status} ${await response.text()}`)
          total += performance.now() - start
        }
        return total
      },
      { files: raw.map((b) => b.toString('base64')), idEvento: DEMO_COLLABORATOR.idEvento, clientToken: CLIENT_TOKEN, fields: DOCUMENTS.map((d) => d.field) },
    )
    await context.close()
    const resumed = await resumedUpload(portal, browser)

    const photoBytes = photos.reduce((sum, p) => sum + p.length, 0)
    const rawBytes = raw.reduce((sum, p) => sum + p.length, 0)
    console.log(`\n## Scan to PDF upload (npm run bench:upload), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`)
    console.log(`- Load average (1/5/15 min): before ${before}, after ${loads()}`)
    console.log('- Chromium at 390 px, slow 4G (1.44 Mbit/s down, 675 kbit/s up, 560 ms), 4× CPU slowdown; three 4,000 × 3,000 JPEGs, one per document\n')
    console.log('| Figure | Value |')
    console.log('|---|---:|')
    console.log(`| Photos (3) | ${kb(photoBytes)} (${photos.map((p) => kb(p.length)).join(', ')}) |`)
    console.log(`| Bytes sent, scanned (3 upload requests) | ${kb(scannedBytes)} |`)
    console.log(`| **Sent ÷ photos** (target ≤ 0.15) | **${(scannedBytes / photoBytes).toFixed(3)}** |`)
    console.log(`| 'Cargar documento' → 'Cargado', three documents | ${(scannedMs / 1000).toFixed(1)} s |`)
    console.log(`| Unscaled photos through the multipart call (${kb(rawBytes)}) | ${(rawMs / 1000).toFixed(1)} s |`)
    console.log(`| **Scanned time ÷ unscaled time** (target ≤ 0.3) | **${(scannedMs / rawMs).toFixed(3)}** |`)
    console.log(`| Resumed upload: file / received when cut / received in all | ${kb(resumed.file)} / ${kb(resumed.cutAt)} / ${kb(resumed.received)} |`)
    console.log(`| **Re-sent ÷ file** (received − file, target ≤ 0.2) | **${(Math.max(0, resumed.received - resumed.file) / resumed.file).toFixed(3)}** |`)
  } finally {
    await browser.close()
    await portal.close()
  }
}

await main()
