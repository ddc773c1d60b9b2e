/**
 * The anchor of `npm run bench:load`: the least a Node server can do to answer "this claim" from PostgreSQL. A bare
 * Fastify route, no auth, no validation, no envelope, a pg Pool of 10 (the portal's size, also with JIT off) and a
 * named (prepared) primary-key query. Run as its own process on its own port (ANCHOR_PORT, 0 for any); prints
 * "anchor on <port>" once it listens. The portal's one-claim route is measured as a share of its requests/s.
 */
import Fastify from 'fastify'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' })
const app = Fastify({ logger: false })

app.get<{ Params: { id: string } }>('/claim/:id', async (request, reply) => {
  const result = await pool.query({ name: 'anchor-claim', text: 'select * from claims where id_evento = $1', values: [Number(request.params.id)] })
  if (result.rows.length === 0) return reply.code(404).send({ success: false })
  return { success: true, response: result.rows[0] }
})

const shutdown = () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)

await app.listen({ port: Number(process.env.ANCHOR_PORT ?? 0), host: '127.0.0.1' })
const address = app.server.address()
console.log(`anchor on ${typeof address === 'object' && address ? address.port : '?'}`)
