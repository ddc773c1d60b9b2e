/**
 * The JWT signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in the data folder
 * (readable by the owner only), so tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export function resolveJwtSecret(configured: string, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
