import { describe, expect, it } from 'vitest'
import { TEST_CLIENT_TOKEN, useTestApp } from './helpers/testApp'

describe('app skeleton', () => {
  const t = useTestApp()

  it('answers health without a client token and reports the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, response: { db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' }, reason: '' })
  })

  it('refuses an api call without the authtoken header before anything else', async () => {
    const res = await t.app.inject({ url: '/api/event/all' })
    expect(res.statusCode).toBe(401)
    expect(res.json().success).toBe(false)
  })

  it('answers an unknown api route with a Spanish 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { authtoken: TEST_CLIENT_TOKEN } })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, response: null, reason: 'Ruta no encontrada' })
  })
})
