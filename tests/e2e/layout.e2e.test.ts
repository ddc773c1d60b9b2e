/**
 * Layout on a phone and on a desk (issue 15, 'Layout and navigation'): the claim sections ('Proceso del trámite')
 * scroll sideways at 375 px with a cue at the end that hides links and the current section in view; the side menu
 * stays in view, full height, on a long page at 1280 px; the header chip keeps the user's name at 375 px.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_COLLABORATOR } from '../../server/seed'
import { signInAs, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const ADMIN_CLAIM = `/administrador/mis-tramites/proceso-general-tramites`

async function open(width: number, height: number, role: string): Promise<Page> {
  const { context, page } = await e2e.openPage(width, height)
  e2e.contexts.push(context)
  await signInAs(page, role)
  return page
}

/** The claim sections' row, its current link and its two cues, measured in the page. */
async function sectionsRow(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Proceso del trámite' })
  await nav.getByRole('link').first().waitFor()
  return nav.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const current = element.querySelector('[aria-current=page]')!.getBoundingClientRect()
    const cue = (part: string) => element.querySelector<HTMLElement>(`[data-part=${part}]`)!
    const shown = (part: string) => getComputedStyle(cue(part)).opacity !== '0'
    return {
      currentInView: current.left >= box.left - 1 && current.right <= box.right + 1,
      startCue: shown('overflow-cue-start'),
      endCue: shown('overflow-cue-end'),
      pageWidth: document.documentElement.scrollWidth,
    }
  })
}

describe('claim sections at 375 px', () => {
  it("show a cue where sections are hidden, and 'Carta autorización' in view when it is the current one", async () => {
    const page = await open(375, 800, 'Administrativo')
    await page.goto(`${ADMIN_CLAIM}/${DEMO_COLLABORATOR.idEvento}`)
    await page.getByRole('heading', { level: 1, name: `Trámite C${DEMO_COLLABORATOR.idEvento}` }).waitFor()
    const first = await sectionsRow(page)
    expect(first).toMatchObject({ currentInView: true, startCue: false, endCue: true })
    expect(first.pageWidth).toBeLessThanOrEqual(375)

    await page.getByRole('navigation', { name: 'Proceso del trámite' }).getByRole('link', { name: 'Carta autorización' }).click()
    await page.waitForURL(`**/carta-dictaminacion/${DEMO_COLLABORATOR.idEvento}`)
    await expect.poll(() => sectionsRow(page)).toMatchObject({ currentInView: true, startCue: true })
  })

  it('show no cue at 1280 px, where every section fits', async () => {
    const page = await open(1280, 900, 'Administrativo')
    await page.goto(`${ADMIN_CLAIM}/carta-dictaminacion/${DEMO_COLLABORATOR.idEvento}`)
    await page.getByRole('heading', { level: 1, name: `Trámite C${DEMO_COLLABORATOR.idEvento}` }).waitFor()
    expect(await sectionsRow(page)).toMatchObject({ currentInView: true, startCue: false, endCue: false })
  })
})

describe('side menu at 1280 px', () => {
  it('stays in view from the top bar to the bottom of the window on a long page', async () => {
    const page = await open(1280, 600, 'Administrativo')
    await page.goto(`${ADMIN_CLAIM}/${DEMO_COLLABORATOR.idEvento}`)
    await page.getByRole('heading', { level: 1, name: `Trámite C${DEMO_COLLABORATOR.idEvento}` }).waitFor()
    const menu = page.getByRole('navigation', { name: 'Menú Principal' })
    await menu.waitFor()
    // The claim's data makes the page several windows long once it has loaded.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(400)
    await page.evaluate(() => window.scrollTo(0, 400))
    const measure = () =>
      page.evaluate(() => {
        const aside = document.querySelector('nav[aria-label="Menú Principal"]')!.closest('aside')!.getBoundingClientRect()
        const header = document.querySelector('header')!.getBoundingClientRect()
        return { top: Math.round(aside.top - header.bottom), bottom: Math.round(window.innerHeight - aside.bottom) }
      })
    await expect.poll(measure).toEqual({ top: 0, bottom: 0 })
    // Below the menu the row keeps the white column down to the footer.
    const column = await page.evaluate(() => {
      const row = document.querySelector('nav[aria-label="Menú Principal"]')!.closest('aside')!.parentElement!
      return getComputedStyle(row).backgroundImage
    })
    expect(column).toContain('linear-gradient')
    await expect(menu.getByRole('link').first().isVisible()).resolves.toBe(true)
  })
})

describe('header chip at 375 px', () => {
  it("keeps the executive's name next to the photo", async () => {
    const page = await open(375, 800, 'Ejecutivo')
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { nombre: string })
    const chip = page.getByRole('button', { name: /^Cuenta de / })
    await chip.waitFor()
    await expect(chip.getByText(user.nombre, { exact: false }).isVisible()).resolves.toBe(true)
    const box = await chip.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
  })

  it("keeps 'Admin' next to the photo", async () => {
    const page = await open(375, 800, 'Administrativo')
    const name = page.getByRole('button', { name: 'Cuenta de Admin' }).getByText('Admin', { exact: true })
    await name.waitFor()
    await expect(name.isVisible()).resolves.toBe(true)
  })
})
