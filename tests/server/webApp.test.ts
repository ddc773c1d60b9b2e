/**
 * Serving the built app (server/webApp.ts): precompressed files with the encoding the browser asked for and
 * `Vary: accept-encoding`, a year of caching for hashed assets, index.html revalidated, /app-config.js never stored,
 * source maps never served, and a missing asset a 404 rather than the HTML page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLE } from '../../domain/roles'
import { homePathForRole } from '../../src/lib/profile'
import { CACHE_CONTROL, landingPages } from '../../server/webApp'
import { TEST_CLIENT_TOKEN, buildTestApp, type TestApp } from './helpers/testApp'

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})\n`
const HTML = '<!doctype html><html lang="es-MX"><head><title>Portal de trámites</title></head><body><div id="root"></div></body></html>\n'

const SIGN_IN_HTML = HTML.replace('<div id="root"></div>', '<div id="root" data-prerendered="/"><form>Iniciar sesión</form></div>')
const QUEUE_HTML = HTML.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/QueuePage-AbC123.js"></head>')

let dist: string
let t: TestApp

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  const write = (name: string, body: string) => {
    writeFileSync(path.join(dist, name), body)
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body))
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body))
  }
  write('index.html', HTML)
  mkdirSync(path.join(dist, 'prerendered'))
  write('prerendered/inicio.html', SIGN_IN_HTML)
  mkdirSync(path.join(dist, 'prerendered', 'landing', 'administrador'), { recursive: true })
  for (const page of ['/pendientes', '/administrador/pendientes']) write(`prerendered/landing${page}.html`, QUEUE_HTML.replace('</head>', `<meta name="page" content="${page}"></head>`))
  write('assets/index-AbC123.js', SCRIPT)
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.map'), '{"version":3}')
  t = await buildTestApp({ staticDir: dist })
})

afterAll(async () => {
  await t?.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('hashed assets', () => {
  it('are sent as brotli when the browser takes it, gzip otherwise, plain last, always with Vary', async () => {
    const br = await get('/assets/index-AbC123.js', 'br, gzip')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT)

    const gz = await get('/assets/index-AbC123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT)

    const plain = await get('/assets/index-AbC123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)

    for (const answer of [br, gz, plain]) expect(answer.headers.vary).toMatch(/accept-encoding/i)
  })

  it('may be kept for a year', async () => {
    const answer = await get('/assets/index-AbC123.js', 'br')
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('a missing one is a 404, not the HTML page', async () => {
    const answer = await get('/assets/index-Old999.js', 'br')
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toMatch(/json/)
  })

  it('source maps are never served', async () => {
    expect((await get('/assets/index-AbC123.js.map')).statusCode).toBe(404)
    expect((await get('/assets/index-AbC123.js.map?x=1')).statusCode).toBe(404)
  })
})

describe('pages and configuration', () => {
  it('/ is its pre-rendered page, compressed and revalidated on every load', async () => {
    const answer = await get('/', 'br, gzip')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/text\/html/)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SIGN_IN_HTML)
  })

  it('a pre-rendered page the build did not write falls back to index.html', async () => {
    const answer = await get('/login-colaborador')
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe(HTML)
  })

  it("each role's first screen gets the page announcing its code; one the build did not write falls back to index.html", async () => {
    for (const url of ['/pendientes', '/administrador/pendientes']) {
      const answer = await get(url, 'br, gzip')
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(QUEUE_HTML.replace('</head>', `<meta name="page" content="${url}"></head>`))
    }
    expect((await get('/proveedores/pendientes')).body).toBe(HTML)
    expect((await get('/home-colaborador')).body).toBe(HTML)
  })

  it('every role lands on a path that has a landing page', () => {
    const pages = landingPages('coppel')
    for (const rol of Object.values(ROLE)) expect(pages[homePathForRole(rol, 'coppel')], String(rol)).toBeDefined()
  })

  it('index.html (at any other app route) is compressed and revalidated on every load', async () => {
    for (const url of ['/home', '/administrador/mis-tramites']) {
      const answer = await get(url, 'br, gzip')
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['content-type'], url).toMatch(/text\/html/)
      expect(answer.headers['content-encoding'], url).toBe('br')
      expect(answer.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(HTML)
    }
  })

  it('/app-config.js is never stored', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/app-config.js', headers: { authtoken: TEST_CLIENT_TOKEN } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('/app-config.js carries the sign-in role catalogue, the same as GET /api/catalog/userRoles', async () => {
    const script = (await t.app.inject({ method: 'GET', url: '/app-config.js' })).body
    const sandbox: { window: { __PORTAL_CONFIG__?: { roleCatalog?: unknown } } } = { window: {} }
    new Function('window', script)(sandbox.window)
    expect(sandbox.window.__PORTAL_CONFIG__?.roleCatalog).toEqual({ Ejecutivo: 0, Administrativo: 1, Proveedores: 3, Coppel: 4 })
    const api = await t.app.inject({ url: '/api/catalog/userRoles', headers: { authtoken: TEST_CLIENT_TOKEN } })
    expect(api.json().response).toEqual(sandbox.window.__PORTAL_CONFIG__?.roleCatalog)
  })

  it('unknown API routes stay JSON 404s', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/nada', headers: { authtoken: TEST_CLIENT_TOKEN } })
    expect(answer.statusCode).toBe(404)
  })
})

describe('the rate limit', () => {
  it("does not count the build's hashed files, which a page loads by the dozen; pages and the API still count", async () => {
    const limited = await buildTestApp({ staticDir: dist, rateLimitPerMinute: 3 })
    try {
      for (let i = 0; i < 6; i++) {
        const asset = await limited.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' })
        expect(asset.statusCode).toBe(200)
      }
      const pages = []
      for (let i = 0; i < 4; i++) pages.push((await limited.app.inject({ method: 'GET', url: '/' })).statusCode)
      expect(pages).toEqual([200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
