/**
 * The anchor of `npm run bench:load`: the least a Node server can do to answer "this claim" from PostgreSQL. A bare
 * Fastify route, no auth, no validation, no envelope, a pg Pool of 10 (the portal's size, also with JIT off) and a
 * named (prepared) primary-key query. Run as its own process on its own port (ANCHOR_PORT, 0 for any); prints
 * "anchor on <port>" once it listens. The portal's one-claim route is measured as a share of its requests/s.
 *
 * `POST /upload` is the uploads' anchor (issue 27): @fastify/multipart with the portal's file size limit, each file
 * part piped to its own file on disk, answered 200. No session, no checks, no database: the least a server that
 * keeps the upload on disk does.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import Fastify from 'fastify'
import multipart from '@fastify/multipart'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' })
const app = Fastify({ logger: false })

app.get<{ Params: { id: string } }>('/claim/:id', async (request, reply) => {
  const result = await pool.query({ name: 'anchor-claim', text: 'select * from claims where id_evento = $1', values: [Number(request.params.id)] })
  if (result.rows.length === 0) return reply.code(404).send({ success: false })
  return { success: true, response: result.rows[0] }
})

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'anchor-uploads-'))
let uploaded = 0
await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } })
app.post('/upload', async (request) => {
  for await (const part of request.parts()) {
    if (part.type === 'file') await pipeline(part.file, createWriteStream(path.join(uploadDir, `${++uploaded}.pdf`)))
  }
  return { success: true }
})

const shutdown = () => {
  rmSync(uploadDir, { recursive: true, force: true })
  void app.close().then(() => pool.end()).then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)

await app.listen({ port: Number(process.env.ANCHOR_PORT ?? 0), host: '127.0.0.1' })
const address = app.server.address()
console.log(`anchor on ${typeof address === 'object' && address ? address.port : '?'}`)
