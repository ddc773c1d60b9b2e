/**
 * The error handler's safety net for text the database cannot store: a driver error with PostgreSQL's code 22021
 * (a NUL or a character outside UTF-8) or 22P05, raised directly or wrapped by Drizzle (code on `cause`), answers 400
 * in the envelope instead of 500. Any other unexpected error still answers 500.
 */
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { registerErrorHandler } from '../../server/lib/errorHandler'

const app = Fastify({ logger: false })
registerErrorHandler(app)
const withCode = (code: string) => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code })
app.get('/direct/:code', async (request) => {
  throw withCode((request.params as { code: string }).code)
})
app.get('/wrapped/:code', async (request) => {
  throw new Error('Failed query: insert into …', { cause: withCode((request.params as { code: string }).code) })
})
afterAll(async () => app.close())

describe('text the database cannot store', () => {
  it.each(['/direct/22021', '/direct/22P05', '/wrapped/22021', '/wrapped/22P05'])('%s → 400 with a Spanish reason', async (url) => {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Contiene caracteres no permitidos' })
  })

  it('another database error is still a 500 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/wrapped/23505' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Ocurrió un error inesperado' })
  })
})
