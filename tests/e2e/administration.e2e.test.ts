/**
 * Administration end to end (spec 2.6, 2.11 'Executives list', 'Provider form', 'Profile', 4, 5): on the real server
 * (fresh data folder, demo seed) and the built app in Chromium.
 * - The administrator creates an executive, signs out, and the new executive signs in.
 * - The administrator creates a medical provider choosing its place through the state → municipality →
 *   neighbourhood selects, lands on its page, edits it and is back on the list.
 * - The administrator deactivates the executive from the list's dialog, and the executive can no longer sign in.
 * - The administrator changes the profile photo (a PNG made here) and sees it in the header chip at once.
 * Every screen is photographed at 375 and 1280 px into .tmp/screens/administration/ for a look.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ROOT, demoAccount, fillRoleLogin, usePortalAndBrowser } from './harness'

const e2e = usePortalAndBrowser()

const ADMIN = demoAccount('Administrativo')
const EXECUTIVE = {
  nombre: 'Rosa Ibarra Quintero',
  phone: '6677001122',
  email: `rosa.ibarra.${Date.now()}@coppel.com`,
  password: 'Rosa#2026ok',
  ubicacion: 'Call Center Revolución',
}
const PROVIDER = {
  nombre: 'Laboratorio Clínico Tres Ríos',
  email: `tres.rios.${Date.now()}@laboratorio.mx`,
  password: 'Tres#Rios2026',
}
const SHOTS = join(ROOT, '.tmp', 'screens', 'administration')
const pathOf = (page: Page) => new URL(page.url()).pathname

/** A 16×16 PNG of one colour, made here (no fixture file): signature, IHDR, one IDAT, IEND. */
function tinyPng(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const size = 16
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())])
  const pixels = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Photographs the current page at 375 and 1280 px (full page), then restores the width. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  const original = page.viewportSize() ?? { width: 1280, height: 900 }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 960 ? 812 : 900 })
    // From the top, or the sticky header is drawn mid-page in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(original)
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  const combo = page.getByRole('combobox', { name: label, exact: true })
  await expect.poll(() => combo.isEnabled()).toBe(true)
  await combo.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function signInAsAdmin(page: Page): Promise<void> {
  await fillRoleLogin(page, ADMIN)
  await page.waitForURL('**/administrador/pendientes')
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Cuenta de/ }).click()
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

describe('administration', () => {
  it('creates an executive who can then sign in', async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await signInAsAdmin(page)
      await page.getByRole('navigation', { name: 'Menú Principal' }).getByRole('link', { name: 'Ejecutivos' }).click()
      await page.waitForURL('**/administrador/ejecutivos')
      await page.getByRole('table').waitFor()
      await shoot(page, 'ejecutivos')

      await page.getByRole('link', { name: 'Agregar ejecutivo' }).click()
      await page.waitForURL('**/ejecutivos/nuevo-ejecutivo')
      const save = page.getByRole('button', { name: 'Guardar' })
      expect(await save.isDisabled()).toBe(true)
      await page.getByLabel('Nombre', { exact: true }).fill(EXECUTIVE.nombre)
      await page.getByLabel('Teléfono', { exact: true }).fill(EXECUTIVE.phone)
      await page.getByLabel('Correo electrónico', { exact: true }).fill('rosa@gmail.com')
      await page.getByLabel('Contraseña', { exact: true }).fill('debil')
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill('otra')
      await page.getByLabel('Confirmar contraseña', { exact: true }).blur()
      // The disabled save explains itself in its tooltip.
      await page.getByTestId('save-blockers').hover()
      const tooltip = page.getByRole('tooltip').filter({ hasText: 'Existen omisiones o errores en los siguientes campos.' })
      await tooltip.waitFor()
      expect(await tooltip.getByRole('listitem').allTextContents()).toEqual([
        'Correo electrónico',
        'Estatus',
        'Ubicación laboral',
        'Contraseña',
        'Confirmar contraseña',
      ])
      await shoot(page, 'nuevo-ejecutivo-errores')

      await page.getByLabel('Correo electrónico', { exact: true }).fill(EXECUTIVE.email)
      await choose(page, 'Estatus', 'Activo')
      await choose(page, 'Ubicación laboral', EXECUTIVE.ubicacion)
      await page.getByLabel('Contraseña', { exact: true }).fill(EXECUTIVE.password)
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill(EXECUTIVE.password)
      expect(await save.isEnabled()).toBe(true)
      await save.click()
      await page.waitForURL((url) => url.pathname === '/administrador/ejecutivos')
      await page.getByText('Ejecutivo creado').waitFor()

      // Found by e-mail in the list, and its view page shows what was saved.
      await page.getByLabel('Buscar por nombre o correo electrónico').fill(EXECUTIVE.email)
      const row = page.getByRole('row').filter({ hasText: EXECUTIVE.email })
      // The header row and the one match, once the search (300 ms after typing) answered.
      await expect.poll(() => page.getByRole('row').count()).toBe(2)
      await row.waitFor()
      await row.getByRole('link', { name: 'Ver ejecutivo' }).click()
      await page.waitForURL('**/ejecutivos/ver-ejecutivo/*')
      await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe(EXECUTIVE.nombre)
      await shoot(page, 'ver-ejecutivo')
      await page.getByRole('link', { name: 'Editar' }).click()
      await page.waitForURL('**/ejecutivos/editar-ejecutivo/*')
      await expect.poll(() => page.getByLabel('Teléfono', { exact: true }).inputValue()).toBe(EXECUTIVE.phone)
      await shoot(page, 'editar-ejecutivo')

      await signOut(page)
      await fillRoleLogin(page, { role: 'Ejecutivo', email: EXECUTIVE.email, password: EXECUTIVE.password })
      await page.waitForURL('**/pendientes')
      expect(await page.getByRole('button', { name: /^Cuenta de/ }).textContent()).toContain('Rosa')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('creates a medical provider through the three location selects, then edits it', async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await signInAsAdmin(page)
      await page.goto('/administrador/proveedores')
      await page.getByRole('table', { name: 'Proveedores registrados' }).waitFor()
      await shoot(page, 'proveedores')
      await page.getByRole('link', { name: 'Agregar proveedor' }).click()
      await page.waitForURL('**/proveedores/nuevo-proveedor')
      await page.getByRole('heading', { name: 'Nuevo proveedor', level: 1 }).waitFor()

      await choose(page, 'Tipo de proveedor', 'Médico')
      await page.getByLabel('Nombre del proveedor').fill(PROVIDER.nombre)
      await choose(page, 'Estatus', 'Activo')
      await choose(page, 'Servicio', 'Estudios de laboratorio')
      await page.getByLabel('Nivel', { exact: true }).fill('Segundo nivel')
      await page.getByLabel('Tipo de especialidad').fill('Diagnóstico')
      await page.getByLabel('Especialidad', { exact: true }).fill('Análisis clínicos')
      await page.getByLabel('Costo').fill('650.50')
      await page.getByLabel('Estudio').fill('Biometría hemática')
      await choose(page, 'Estado', 'Sinaloa')
      await choose(page, 'Municipio', 'Culiacán')
      const colonia = page.getByRole('combobox', { name: 'Colonia', exact: true })
      await expect.poll(() => colonia.isEnabled()).toBe(true)
      await colonia.click()
      const firstColonia = page.getByRole('option').first()
      const coloniaName = (await firstColonia.textContent())?.trim() ?? ''
      await firstColonia.click()
      await page.getByLabel('Calle').fill('Av. Álvaro Obregón')
      await page.getByLabel('Número exterior').fill('1250')
      await page.getByLabel('Código postal').fill('80000')
      await page.getByLabel('Teléfono 1').fill('6677123456')
      await page.getByLabel('Horarios').fill('Lunes a sábado de 7 a 15 h')
      await page.getByLabel('Correo electrónico').fill(PROVIDER.email)
      await page.getByLabel('Observaciones').fill('Frente al parque Revolución')
      await page.getByLabel('Contraseña', { exact: true }).fill(PROVIDER.password)
      await page.getByLabel('Confirmar contraseña').fill(PROVIDER.password)
      await shoot(page, 'nuevo-proveedor')
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()

      // After create: the new provider's view page.
      await page.waitForURL('**/proveedores/ver-proveedor/*')
      await page.getByRole('heading', { name: 'Datos del proveedor', level: 1 }).waitFor()
      await expect.poll(() => page.getByLabel('Nombre del proveedor').inputValue()).toBe(PROVIDER.nombre)
      expect(await page.getByRole('combobox', { name: 'Estado', exact: true }).textContent()).toContain('Sinaloa')
      expect(await page.getByRole('combobox', { name: 'Municipio', exact: true }).textContent()).toContain('Culiacán')
      expect(await page.getByRole('combobox', { name: 'Colonia', exact: true }).textContent()).toContain(coloniaName)
      expect(await page.getByLabel('Nombre del proveedor').getAttribute('readonly')).not.toBeNull()
      await shoot(page, 'ver-proveedor')

      await page.getByRole('link', { name: 'Editar' }).click()
      await page.waitForURL('**/proveedores/editar-proveedor/*')
      await expect.poll(() => page.getByLabel('Horarios').inputValue()).toBe('Lunes a sábado de 7 a 15 h')
      await page.getByLabel('Horarios').fill('Lunes a domingo, 24 horas')
      await shoot(page, 'editar-proveedor')
      await page.getByRole('button', { name: 'Guardar cambios' }).click()

      // After edit: the list, where the provider is found by name (case-sensitive).
      await page.waitForURL((url) => url.pathname === '/administrador/proveedores')
      await page.getByLabel('Buscar por nombre del proveedor').fill('tres ríos')
      await page.getByText('Ningún proveedor coincide con «tres ríos».').waitFor()
      await page.getByLabel('Buscar por nombre del proveedor').fill('Tres Ríos')
      const row = page.getByRole('row').filter({ hasText: PROVIDER.nombre })
      await row.waitFor()
      expect(await row.textContent()).toContain('Activo')
      await row.getByRole('link', { name: 'Editar proveedor' }).click()
      await expect.poll(() => page.getByLabel('Horarios').inputValue()).toBe('Lunes a domingo, 24 horas')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('deactivates the executive, who can no longer sign in', async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await signInAsAdmin(page)
      await page.goto('/administrador/ejecutivos')
      await page.getByLabel('Buscar por nombre o correo electrónico').fill(EXECUTIVE.nombre)
      const row = page.getByRole('row').filter({ hasText: EXECUTIVE.email })
      await row.waitFor()
      await row.getByRole('button', { name: 'Desactivar ejecutivo' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain(EXECUTIVE.nombre)
      await shoot(page, 'desactivar-ejecutivo')
      await dialog.getByRole('button', { name: 'Desactivar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => row.textContent()).toContain('Inactivo')
      // Inactive now: the action refuses and says why (issue 21), focusable so its tooltip can show.
      expect(await row.getByRole('button', { name: 'Desactivar ejecutivo' }).getAttribute('aria-disabled')).toBe('true')

      await signOut(page)
      await fillRoleLogin(page, { role: 'Ejecutivo', email: EXECUTIVE.email, password: EXECUTIVE.password })
      await page.getByRole('alert').waitFor()
      expect(pathOf(page)).toBe('/')
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
      expect(errors.filter((e) => !e.includes('401') && !e.includes('403'))).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('changes the profile photo and shows it in the header chip at once', async () => {
    const { context, page, errors } = await e2e.openPage()
    try {
      await signInAsAdmin(page)
      await page.getByRole('button', { name: /^Cuenta de/ }).click()
      await page.getByRole('menuitem', { name: 'Perfil' }).click()
      await page.waitForURL('**/administrador/mi-perfil')
      await page.getByRole('region', { name: 'Resumen del perfil' }).waitFor()
      expect(await page.getByRole('region', { name: 'Datos de perfil' }).count()).toBe(0)
      await shoot(page, 'mi-perfil-administrador')

      await page.getByRole('button', { name: 'Cambiar foto' }).click()
      await page.getByRole('region', { name: 'Cambiar foto de perfil' }).waitFor()
      await shoot(page, 'cambiar-foto')
      await page.getByTestId('file-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: tinyPng([22, 163, 74]) })
      await page.getByRole('img', { name: 'Vista previa de la nueva foto' }).waitFor()
      await shoot(page, 'cambiar-foto-vista-previa')
      await page.getByRole('button', { name: 'Guardar', exact: true }).click()

      await page.getByRole('region', { name: 'Resumen del perfil' }).waitFor()
      const chipImage = page.getByRole('button', { name: /^Cuenta de/ }).locator('img')
      await chipImage.waitFor()
      const src = await chipImage.getAttribute('src')
      expect(src).toMatch(/^\/api\/file\/photo\//)
      // The browser really loaded it: a 16-pixel-wide image.
      await expect.poll(() => chipImage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16)
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').foto)).toBe(src)
      await shoot(page, 'mi-perfil-con-foto')

      // The executive's profile shows the data block.
      await signOut(page)
      await fillRoleLogin(page, demoAccount('Ejecutivo'))
      await page.waitForURL('**/pendientes')
      await page.goto('/perfil/mi-perfil')
      const data = page.getByRole('region', { name: 'Datos de perfil' })
      await expect.poll(() => data.getByLabel('Correo electrónico').inputValue()).toBe('ejecutivo@coppel.com')
      await shoot(page, 'mi-perfil-ejecutivo')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
