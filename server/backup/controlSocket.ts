/**
 * PGlite is a database of one process: while the server runs, no other process can open its folder. So the running
 * server takes the backup itself, on request through a Unix socket in the data folder (mode 0600: only the account
 * that owns the data may ask, and nothing on the network can). `npm run backup` asks there first; with no server
 * running it opens the folder itself.
 */
import { chmodSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { writeBackup, type BackupSource } from './archive'

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock')

export interface ControlSocket {
  close: () => Promise<void>
}

export async function serveBackups(dataDir: string, source: BackupSource): Promise<ControlSocket> {
  const socketPath = controlSocketPath(dataDir)
  rmSync(socketPath, { force: true }) // left by a process that was killed
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/x-tar' })
    // A failure cuts the stream: the archive then lacks its manifest and restore refuses it.
    writeBackup(source, response).catch((err: Error) => response.destroy(err))
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve))
  chmodSync(socketPath, 0o600)
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
