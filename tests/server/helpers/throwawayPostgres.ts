/**
 * A throwaway PostgreSQL cluster made by a test with Debian's initdb/pg_ctl (the postgresql-15 package,
 * PG_BIN_DIR to use another), on a free loopback port, in a temporary folder removed at the end. PostgreSQL refuses
 * to run as root, so when the tests run as root (CI does) every command runs as the `postgres` user (runuser).
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../../scripts/lib/serverProcess'

const run = promisify(execFile)
export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin'
export const canMakeClusters = () => existsSync(path.join(PG_BIN_DIR, 'initdb')) && existsSync(path.join(PG_BIN_DIR, 'pg_ctl'))

export interface ThrowawayPostgres {
  url: string
  port: number
  start: () => Promise<void>
  /** `immediate` is a crash (recovery from the WAL at the next start), `fast` a clean shutdown. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  remove: () => Promise<void>
}

export async function throwawayPostgres(): Promise<ThrowawayPostgres> {
  const asRoot = userInfo().uid === 0
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-pg-'))
  const dataDir = path.join(folder, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(folder, Number(stdout.trim()), Number(gid.trim()))
  }
  const pgCommand = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN_DIR, binary), ...args]) : run(path.join(PG_BIN_DIR, binary), args)
  const port = await freePort()
  await pgCommand('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c max_connections=50`
  const start = async () => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'log'), '-w', '-t', '30', 'start'])
  }
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove: async () => {
      await stop('immediate').catch(() => undefined)
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
