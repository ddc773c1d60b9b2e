/**
 * What `npm run backup -- FILE` does (scripts/backup.ts): with DATABASE_URL it dumps PostgreSQL and copies the files
 * itself (any number of instances may keep running); with PGlite it asks the running server through its control
 * socket, or, when none runs, opens the data folder itself. The archive is written beside FILE and renamed into place
 * once whole, so FILE is never a half backup.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { AppConfig } from '../config'
import { openDb } from '../db/client'
import { openFileStore } from '../storage/openFileStore'
import { writeBackup, type BackupManifest } from './archive'
import { controlSocketPath } from './controlSocket'
import { dumpDatabase } from './databaseDump'

/** Asks the running server for the archive; null when no server listens on the data folder's socket. */
function fromRunningServer(dataDir: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`El servidor respondió ${response.statusCode}`))
      pipeline(response, createWriteStream(file)).then(() => resolve(true), reject)
    })
    request.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(false) : reject(err)))
    request.end()
  })
}

export async function runBackup(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>, file: string): Promise<'server' | 'direct'> {
  const partial = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.partial`)
  try {
    let how: 'server' | 'direct' = 'direct'
    if (!config.databaseUrl && (await fromRunningServer(config.dataDir, partial))) how = 'server'
    else await backupDirectly(config, partial)
    renameSync(partial, file)
    return how
  } finally {
    rmSync(partial, { force: true })
  }
}

async function backupDirectly(config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>, file: string): Promise<BackupManifest> {
  const handle = await openDb(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg'), thread: 'main' })
  const store = openFileStore(config)
  try {
    const source = { kind: handle.kind, dumpDatabase: () => dumpDatabase(handle, config.databaseUrl), store }
    return await writeBackup(source, createWriteStream(file))
  } finally {
    store.close()
    await handle.close()
  }
}
