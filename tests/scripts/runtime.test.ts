/**
 * Issue 25, item 1: every command runs on Node.js 24 (the npm package `node`, which npm scripts and npx find first on
 * their PATH), and `npm start` runs the compiled server (dist-server/main.mjs) with Node alone, skipping the build when
 * dist/ and dist-server/ are current.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_SERVER, REPO_ROOT, SERVER_NODE_FLAGS, spawnServer, type ServerProcess } from '../../scripts/lib/serverProcess'

const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
  scripts: Record<string, string>
}

describe('Node.js 24 for every command', () => {
  it('runs this test on Node 24, from the npm package', () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
    // npm scripts and npx put node_modules/.bin first on PATH: the binary is the `node` package's.
    expect(process.execPath.startsWith(path.join(REPO_ROOT, 'node_modules'))).toBe(true)
    expect(packageJson.devDependencies.node).toMatch(/^24\./)
    expect(packageJson.engines.node).toBe('>=24.11')
  })

  it('starts the server with Node alone: no TypeScript loader in `npm start`', () => {
    expect(packageJson.scripts.start).toContain('dist-server/main.mjs')
    expect(packageJson.scripts.start).not.toMatch(/tsx|--import|--loader/)
  })

  it('gives the server the same Node flags from `npm start` as from the scripts that spawn it', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=16'])
    for (const flag of SERVER_NODE_FLAGS) expect(packageJson.scripts.start).toMatch(new RegExp(`node [^&]*${flag} [^&]*dist-server/main\\.mjs`))
  })
})

describe('the built server', () => {
  let server: ServerProcess
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-built-'))

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/buildServer.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' })
    expect(built.status, built.stderr).toBe(0)
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG: '0', STATIC_DIR: path.join(dataDir, 'no-app') }, { built: true })
  }, 180_000)

  afterAll(async () => {
    server?.kill('SIGTERM')
    await server?.exited
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('is plain JavaScript that imports nothing of tsx, and serves with its PGlite worker and migrations', async () => {
    const bundle = readFileSync(BUILT_SERVER, 'utf8')
    expect(bundle).not.toMatch(/from ["']tsx/)
    expect(readFileSync(path.join(REPO_ROOT, 'dist-server', 'bootstrap.mjs'), 'utf8')).not.toMatch(/tsImport|from ["']tsx/)
    const cmdline = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0')
    expect(cmdline).not.toContain('tsx')
    expect(cmdline).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]))
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ success: true, response: { estado: 'listo', db: 'pglite' }, reason: '' })
  })
})

describe('npm start skips a build that is current', () => {
  it('is current only while no input changed since the build recorded its fingerprint', async () => {
    const { fingerprint, isCurrent, record } = await import('../../scripts/buildStamp.mjs')
    const root = mkdtempSync(path.join(tmpdir(), 'portal-stamp-'))
    try {
      for (const dir of ['src', 'server', 'dist', 'dist-server']) mkdirSync(path.join(root, dir))
      writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1\n')
      writeFileSync(path.join(root, 'server', 'b.ts'), 'export const b = 2\n')
      expect(isCurrent(root)).toBe(false) // never built
      writeFileSync(path.join(root, 'dist', 'index.html'), '<html></html>')
      writeFileSync(path.join(root, 'dist-server', 'main.mjs'), '')
      record(root)
      const built = fingerprint(root)
      expect(isCurrent(root)).toBe(true)
      // Outputs and modification times are not inputs.
      writeFileSync(path.join(root, 'dist', 'extra.js'), '')
      utimesSync(path.join(root, 'src', 'a.ts'), new Date(), new Date(Date.now() + 60_000))
      expect(isCurrent(root)).toBe(true)
      writeFileSync(path.join(root, 'server', 'b.ts'), 'export const b = 3\n')
      expect(fingerprint(root)).not.toBe(built)
      expect(isCurrent(root)).toBe(false)
      record(root)
      rmSync(path.join(root, 'dist-server', 'main.mjs'))
      expect(isCurrent(root)).toBe(false) // a part is missing
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
