/**
 * Runtime configuration of the browser app. The server writes it into /app-config.js (loaded by index.html before
 * the app), so the client token and the partner prefix change without a rebuild. It also carries the sign-in's role
 * catalogue (`roleCatalog`), so the form has its choices with the page, not after a request (issue 24).
 */
import { RoleCatalog } from '../../domain/contract/roleCatalog'
import { matchesSchema } from './schemaCheck'

export interface RuntimeConfig {
  apiBase: string
  clientToken: string
  partnerPrefix: string
  partnerName: string
  internalEmailDomains: string[]
  maxUploadMb: number
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '',
  clientToken: '',
  partnerPrefix: 'coppel',
  partnerName: 'Coppel',
  internalEmailDomains: ['coppel.com', 'bancoppel.com', 'afore-coppel.com'],
  maxUploadMb: 10,
}

const isText = (value: unknown): value is string => typeof value === 'string'

/** Each key takes the given value when it has the default's type (a list of texts for the domains), the default otherwise. */
const KEEPS: { [K in keyof RuntimeConfig]: (value: unknown) => boolean } = {
  apiBase: isText,
  clientToken: isText,
  partnerPrefix: isText,
  partnerName: isText,
  internalEmailDomains: (value) => Array.isArray(value) && value.every(isText),
  maxUploadMb: (value) => typeof value === 'number' && !Number.isNaN(value),
}

/** The configuration from what a script or a test gave: known keys of the right type, defaults for the rest. */
function withDefaults(given: Record<string, unknown>): RuntimeConfig {
  const config: Record<string, unknown> = { ...DEFAULTS }
  for (const key of Object.keys(DEFAULTS) as Array<keyof RuntimeConfig>) {
    if (given[key] !== undefined && KEEPS[key](given[key])) config[key] = given[key]
  }
  return config as unknown as RuntimeConfig
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: Partial<RuntimeConfig> & { roleCatalog?: unknown }
  }
}

let override: RuntimeConfig | null = null

function fromWindow(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? {} : (window.__PORTAL_CONFIG__ ?? {})
  // Unknown keys are dropped so an older server's script can never break the app.
  return withDefaults(raw)
}

/** The configuration in effect (read on every call: cheap, and tests may change it). */
export function getRuntimeConfig(): RuntimeConfig {
  return override ?? fromWindow()
}

/**
 * The role catalogue the server wrote into the page, checked at the boundary like any API answer (the contract's
 * RoleCatalog); null when absent or malformed (an older server, a test), and the sign-in then asks the API.
 */
export function pageRoleCatalog(): RoleCatalog | null {
  const value = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__?.roleCatalog
  return value !== undefined && matchesSchema(RoleCatalog, value) ? (value as RoleCatalog) : null
}

/** Tests (and only tests) pin a configuration; pass null to go back to window.__PORTAL_CONFIG__. */
export function setRuntimeConfigForTests(config: Partial<RuntimeConfig> | null): void {
  override = config === null ? null : withDefaults(config)
}
