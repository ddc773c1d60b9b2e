/**
 * Serves the built browser app and its runtime configuration. The app reads /app-config.js (an external script,
 * so the CSP needs no inline script) to learn the client token, the partner prefix and the sign-in's role catalogue
 * without a rebuild.
 * `/` and `/login-colaborador` get their pre-rendered page (the sign-in form already in the HTML, scripts/prerender.ts);
 * each role's first screen gets its page drawn as it looks while its data arrives, its code announced (landingPages);
 * unknown non-API GETs get index.html so the client router can show its own 404 page.
 *
 * Transfer and caching (measured in docs/benchmarks.md, "Web: bytes, compression and Lighthouse"):
 * - the build writes a brotli (.br) and a gzip (.gz) copy next to every text file (vite.config.ts); @fastify/static
 *   picks the best one the browser accepts (`preCompressed`), sets Content-Encoding and adds `Vary: accept-encoding`;
 * - files under /assets/ carry a content hash in their name, so a browser may keep them for a year without asking;
 * - index.html names those files, so it is revalidated on every load (`no-cache`: a 304 when unchanged), and
 *   /app-config.js is never stored (it carries configuration that may change with no rebuild);
 * - source maps are never served, even when a SOURCEMAPS=1 build left them in dist/ for an error tracker.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { userRolesCatalog } from './auth/roleCatalog'
import type { AppConfig } from './config'
import { fail } from './lib/envelope'

export const CACHE_CONTROL = {
  hashedAsset: 'public, max-age=31536000, immutable',
  document: 'no-cache',
  runtimeConfig: 'no-store',
} as const

function runtimeConfigScript(config: AppConfig): string {
  const runtime = {
    apiBase: '',
    clientToken: config.clientToken,
    partnerPrefix: config.partnerPrefix,
    partnerName: config.partnerName,
    internalEmailDomains: config.internalEmailDomains,
    maxUploadMb: config.maxUploadMb,
    // The sign-in's role list comes with the page: no request after the JavaScript ran (issue 24).
    roleCatalog: userRolesCatalog(config.partnerName),
  }
  return `window.__PORTAL_CONFIG__ = ${JSON.stringify(runtime)};\n`
}

/** The Cache-Control of a file of dist/, by where it lives (its path relative to dist/). */
function cacheControlFor(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.document
}

/**
 * The pages whose first screen the build writes into the HTML (scripts/prerender.ts), by path, as files of dist/.
 * A build without them (an older one) falls back to index.html.
 */
export const PRERENDERED_PAGES = {
  '/': 'prerendered/inicio.html',
  '/login-colaborador': 'prerendered/login-colaborador.html',
} as const

/**
 * Each role's first screen (src/lib/profile.ts, homePathForRole) has a page of its own, written by the build
 * (scripts/prerender.ts): the shell with that role's menu and the screen's heading and loading state already drawn,
 * and the chunks of the shell and of that screen announced as modulepreload, so the screen shows with the HTML and
 * its code travels beside the entry chunk (issue 24). One file per path: the menu differs by role.
 */
export const landingPageFile = (pathname: string) => `prerendered/landing${pathname}.html`

/**
 * The landing paths and their pages. The partner's dashboard is under its prefix, which is configuration: a prefix
 * changed since the build finds no file, and that path gets index.html.
 */
export function landingPages(partnerPrefix: string): Record<string, string> {
  const paths = ['/pendientes', '/administrador/pendientes', '/proveedores/pendientes', `/${partnerPrefix}/dashboard`, '/home-colaborador']
  return Object.fromEntries(paths.map((pathname) => [pathname, landingPageFile(pathname)]))
}

const isSourceMap = (url: string) => /\.map(\?|$)/.test(url)

export async function registerWebApp(app: FastifyInstance, config: AppConfig) {
  app.get('/app-config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL.runtimeConfig).type('text/javascript; charset=utf-8').send(runtimeConfigScript(config)),
  )

  const root = config.staticDir && existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : null
  if (root) {
    // Checked before @fastify/static's own routes (one per file found at start-up), so a map is never sent.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') && isSourceMap(request.url)) return reply.code(404).send(fail('Ruta no encontrada'))
    })
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // `/` is a pre-rendered page of its own (below), not index.html.
      index: false,
      preCompressed: true,
      // Set after @fastify/static's default (public, max-age=0), so this one is what the browser sees.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, filePath)))
      },
    })
  }

  if (root) {
    for (const [url, file] of Object.entries({ ...PRERENDERED_PAGES, ...landingPages(config.partnerPrefix) })) {
      const page = existsSync(path.join(root, file)) ? file : 'index.html'
      app.get(url, { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').sendFile(page))
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed file (an old page after a deploy) must fail as a 404, not load the HTML as a script.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')
    if (isPage && root) return sendIndex(reply)
    return reply.code(404).send(fail('Ruta no encontrada'))
  })
}

function sendIndex(reply: FastifyReply) {
  return reply.type('text/html; charset=utf-8').sendFile('index.html')
}
