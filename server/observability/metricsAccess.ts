/**
 * Who may read /metrics (METRICS_ALLOW): addresses and CIDR ranges, IPv4 or IPv6, matched against the client's
 * address as the app sees it (`request.ip`, the real client behind a proxy named in TRUST_PROXY). Loopback by default.
 */
import { BlockList, isIP } from 'node:net'

export function metricsAllowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (isIP(address) === 0) throw new Error(`METRICS_ALLOW: dirección no válida: ${entry}`)
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (raw) => {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}
