/**
 * Runtime configuration of the browser app. The server writes it into /app-config.js (loaded by index.html before
 * the app), so the client token and the partner prefix change without a rebuild. It also carries the sign-in's role
 * catalogue (`roleCatalog`), so the form has its choices with the page, not after a request (issue 24).
 */
import { array, create, defaulted, is, number, object, string, type Infer } from 'superstruct'
import { RoleCatalog } from '../../domain/contract/catalog'
import { structFor } from '../api/structOf'

const RuntimeConfigStruct = object({
  apiBase: defaulted(string(), ''),
  clientToken: defaulted(string(), ''),
  partnerPrefix: defaulted(string(), 'coppel'),
  partnerName: defaulted(string(), 'Coppel'),
  internalEmailDomains: defaulted(array(string()), ['coppel.com', 'bancoppel.com', 'afore-coppel.com']),
  maxUploadMb: defaulted(number(), 10),
})

export type RuntimeConfig = Infer<typeof RuntimeConfigStruct>

declare global {
  interface Window {
    __PORTAL_CONFIG__?: Partial<RuntimeConfig> & { roleCatalog?: unknown }
  }
}

let override: RuntimeConfig | null = null

function fromWindow(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? {} : (window.__PORTAL_CONFIG__ ?? {})
  try {
    // Unknown keys are dropped so an older server's script can never break the app.
    const known = Object.fromEntries(Object.entries(raw).filter(([key]) => key in RuntimeConfigStruct.schema))
    return create(known, RuntimeConfigStruct)
  } catch {
    return create({}, RuntimeConfigStruct)
  }
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
  return value !== undefined && is(value, structFor(RoleCatalog)) ? value : null
}

/** Tests (and only tests) pin a configuration; pass null to go back to window.__PORTAL_CONFIG__. */
export function setRuntimeConfigForTests(config: Partial<RuntimeConfig> | null): void {
  override = config === null ? null : create(config, RuntimeConfigStruct)
}
