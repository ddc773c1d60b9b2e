/** Runtime configuration, read once from the environment. Defaults make the embedded setup work with no setup. */
import path from 'node:path'

export interface AppConfig {
  port: number
  host: string
  /** PGlite data folder and file store root. */
  dataDir: string
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string
  /** Optional schema for PostgreSQL (tests run each in a fresh one). */
  databaseSchema?: string
  /** Fixed client header value (`authtoken`). */
  clientToken: string
  jwtSecret: string
  /** Access token lifetime in seconds (10 minutes). */
  accessTokenTtl: number
  maxUploadMb: number
  partnerPrefix: string
  partnerName: string
  internalEmailDomains: [string, string, string]
  /** Folder with the built app; not served when absent. */
  staticDir?: string
  logger: boolean
}

export const DEFAULT_CLIENT_TOKEN = 'portal-demo-client-token'

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  const domains = (env.INTERNAL_EMAIL_DOMAINS ?? 'coppel.com,bancoppel.com,afore-coppel.com').split(',').map((d) => d.trim())
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientToken: env.CLIENT_TOKEN ?? DEFAULT_CLIENT_TOKEN,
    // A per-data-folder secret is generated on first start when JWT_SECRET is not set (see server/auth/secret.ts).
    jwtSecret: env.JWT_SECRET ?? '',
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 600),
    maxUploadMb: Number(env.MAX_UPLOAD_MB ?? 10),
    partnerPrefix: env.PARTNER_PREFIX ?? 'coppel',
    partnerName: env.PARTNER_NAME ?? 'Coppel',
    internalEmailDomains: [domains[0] ?? 'coppel.com', domains[1] ?? 'bancoppel.com', domains[2] ?? 'afore-coppel.com'],
    staticDir: env.STATIC_DIR ?? path.resolve('dist'),
    logger: env.LOG !== '0' && env.NODE_ENV !== 'test',
    ...overrides,
  }
}
