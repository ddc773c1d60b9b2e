/**
 * Runtime configuration of the browser app. The server writes it into /app-config.js (loaded by index.html before
 * the app), so the client token and the partner prefix change without a rebuild.
 */
import { array, create, defaulted, number, object, string, type Infer } from 'superstruct'

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
    __PORTAL_CONFIG__?: Partial<RuntimeConfig>
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

/** Tests (and only tests) pin a configuration; pass null to go back to window.__PORTAL_CONFIG__. */
export function setRuntimeConfigForTests(config: Partial<RuntimeConfig> | null): void {
  override = config === null ? null : create(config, RuntimeConfigStruct)
}
