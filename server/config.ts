/** Runtime configuration, read once from the environment. Defaults make the embedded setup work with no setup. */
import path from 'node:path'
import { COUNT_LIMIT } from '../domain/paging'
import type { PgliteThread } from './db/pgliteClient'
import type { S3Settings } from './storage/s3FileStore'

export interface AppConfig {
  port: number
  host: string
  /** PGlite data folder and file store root. */
  dataDir: string
  /** Uploaded files in this S3-compatible bucket instead of DATA_DIR/files (S3_BUCKET and the other S3_* variables). */
  s3?: S3Settings
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string
  /** Where PGlite runs (PGLITE_THREAD): a worker thread (default), or the main thread ('main'). */
  pgliteThread: PgliteThread
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
  /**
   * How log lines are written (LOG_FORMAT): 'pretty' (pino-pretty, readable) or 'json' (one JSON object a line).
   * Default: pretty when standard output is a terminal outside production, JSON otherwise (server/observability/logging.ts).
   */
  logFormat: 'pretty' | 'json'
  /** Who may read /metrics (METRICS_ALLOW): addresses and CIDR ranges, matched against the client's address. */
  metricsAllow: string[]
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): false (default, the socket's address is the client), true (trust every
   * proxy: only when nothing can reach the server but the proxy), a hop count, or a comma-separated list of proxy
   * addresses/CIDRs. With it `request.ip` is the real client's address, read from X-Forwarded-For.
   */
  trustProxy: boolean | number | string[]
  /** Where the request rate limits live (see server/lib/rateLimit.ts). */
  rateLimitStore: 'memory' | 'database' | 'redis'
  /** Redis for the shared rate limits (REDIS_URL). */
  redisUrl?: string
  /** Prefix of every rate-limit key in Redis (REDIS_KEY_PREFIX), so several portals (or tests) can share one. */
  redisKeyPrefix: string
  /** Requests per minute per signed-in user (by token subject), or per client IP without a session. */
  rateLimitPerMinute: number
  /** Stored files with no row are removed once older than this (seconds). */
  orphanGraceSeconds: number
  /** How often the orphan sweep runs after the one at start (seconds; 0 = only at start). */
  orphanSweepSeconds: number
  /** SIGTERM: longest wait for requests in flight before the process exits anyway (milliseconds). */
  shutdownTimeoutMs: number
  /** SMTP server of the notification mails (`smtp://user:pass@host:port`); without it mails are kept, not sent. */
  smtpUrl?: string
  /** Sender of the notification mails. */
  mailFrom: string
  /** Address of the portal in the mails' links (default http://localhost:PORT). */
  publicUrl: string
  notifications: NotificationSettings
  /** Rows a list counts and pages through (COUNT_LIMIT; tests inject a small one). See domain/paging.ts. */
  listCountLimit: number
}

/** The notification worker's timing (production defaults; tests shorten them). */
export interface NotificationSettings {
  /** How often a worker looks for mails due. */
  pollMs: number
  /** Wait before the 2nd attempt; doubles with each failed attempt up to retryMaxMs. */
  retryBaseMs: number
  retryMaxMs: number
  /** After this many failed attempts the mail is recorded as failed. */
  maxAttempts: number
  /** A mail still 'sending' this long after a worker took it (the process died) is recorded as failed, never resent. */
  leaseMs: number
  /** Mails one worker takes per round. */
  batchSize: number
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  pollMs: 5_000,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
  batchSize: 20,
}

const DEFAULT_CLIENT_TOKEN = 'portal-demo-client-token'

/** TRUST_PROXY: unset/'false' → false, 'true' → true, digits → hop count, anything else → list of addresses. */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^[1-9][0-9]?$/.test(value)) return Number(value)
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

/** Loopback only: a Prometheus on the same machine (or through an SSH tunnel). */
export const DEFAULT_METRICS_ALLOW = ['127.0.0.0/8', '::1']

/** LOG_FORMAT 'pretty' or 'json'; anything else: pretty in a terminal outside production, JSON otherwise. */
export function parseLogFormat(raw: string | undefined, terminal: boolean, nodeEnv: string | undefined): 'pretty' | 'json' {
  if (raw === 'pretty' || raw === 'json') return raw
  return terminal && nodeEnv !== 'production' ? 'pretty' : 'json'
}

/** S3_BUCKET turns the S3 file store on; S3_ENDPOINT unset means AWS S3 itself (server/storage/s3FileStore.ts). */
function parseS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return undefined
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // MinIO and Ceph RGW are usually reached by path; AWS S3 (no endpoint) by the bucket's own host name.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT?.trim()),
    timeoutMs: positiveMs(env.S3_TIMEOUT_MS, 1_000),
  }
}

/** A comma-separated list; unset or empty keeps the fallback. */
const parseList = (raw: string | undefined, fallback: string[]) => {
  const items = (raw ?? '').split(',').map((item) => item.trim()).filter(Boolean)
  return items.length > 0 ? items : fallback
}

const numberOr = (raw: string | undefined, fallback: number) => {
  const value = Number(raw)
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback
}

/** A whole number of milliseconds from the environment; anything else (empty, 'abc', 0, negative) keeps the default. */
const positiveMs = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  const domains = (env.INTERNAL_EMAIL_DOMAINS ?? 'coppel.com,bancoppel.com,afore-coppel.com').split(',').map((d) => d.trim())
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    s3: parseS3(env),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD === 'main' ? 'main' : 'worker',
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
    logFormat: parseLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY), env.NODE_ENV),
    metricsAllow: parseList(env.METRICS_ALLOW, DEFAULT_METRICS_ALLOW),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // Several instances must share their counters: Redis when given, else the PostgreSQL server they share. PGlite
    // is one process, so its counters stay in memory.
    rateLimitStore: env.REDIS_URL ? 'redis' : env.DATABASE_URL ? 'database' : 'memory',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'portal-rl:',
    rateLimitPerMinute: numberOr(env.RATE_LIMIT_PER_MINUTE, 1000),
    orphanGraceSeconds: numberOr(env.ORPHAN_GRACE_SECONDS, 3600),
    orphanSweepSeconds: numberOr(env.ORPHAN_SWEEP_INTERVAL_SECONDS, 3600),
    shutdownTimeoutMs: numberOr(env.SHUTDOWN_TIMEOUT_MS, 25_000),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Portal de trámites <no-responder@localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    notifications: {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      pollMs: positiveMs(env.NOTIFY_POLL_MS, DEFAULT_NOTIFICATION_SETTINGS.pollMs),
      retryBaseMs: positiveMs(env.NOTIFY_RETRY_BASE_MS, DEFAULT_NOTIFICATION_SETTINGS.retryBaseMs),
    },
    listCountLimit: COUNT_LIMIT,
    ...overrides,
  }
}
