/**
 * A TCP proxy in front of the portal whose connections can be cut (issue 22), as the gateway between a phone and the
 * portal does when the phone's network drops: `cut()` destroys the server's side of every open connection (the
 * server sees the upload in flight end where it was) and answers the client's side '502 Bad Gateway' before closing
 * it; new connections keep working. Why not a bare reset of the client's socket: Chromium sends a request again by
 * itself when a reused keep-alive connection resets before any answer, so the PATCH would go out a second time from
 * its first byte (with an offset the server no longer has), which is not what a drop does. And DevTools' offline
 * switch (CDP `Network.emulateNetworkConditions`) alone lets a request already sending stall rather than fail. Used
 * by the resumable-upload e2e and by `npm run bench:upload`.
 */
import { createServer, connect, type Socket } from 'node:net'

export interface CuttableProxy {
  /** http://127.0.0.1:<port>, the portal behind it. */
  url: string
  /** Cuts every open connection (see above); returns how many were cut. */
  cut: () => number
  close: () => Promise<void>
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target)
  const pairs = new Set<[Socket, Socket]>()
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('proxy: no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      const count = pairs.size
      for (const [client, upstream] of [...pairs]) {
        upstream.unpipe(client)
        upstream.destroy()
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
      }
      pairs.clear()
      return count
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy()
          upstream.destroy()
        }
        server.close(() => resolve())
      }),
  }
}
