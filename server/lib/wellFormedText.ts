/**
 * Every text a request carries (path, query, JSON body at any depth, keys included) must be well-formed UTF-16: a
 * lone surrogate — half of an emoji cut by a broken client, or "\ud800" written into JSON on purpose — is not a
 * character, cannot be printed, and PostgreSQL stores it as U+FFFD or refuses it depending on the path. Refused
 * before any route runs, with 400 and the domain's Spanish message. (Multipart fields and file names cannot carry
 * one: busboy decodes UTF-8, which has no surrogates.)
 */
import type { FastifyInstance } from 'fastify'
import { MESSAGES, wellFormedText } from '../../domain/rules'
import { badRequest } from './errors'

function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return wellFormedText(value) !== null
  if (typeof value !== 'object' || value === null || depth > 32) return false
  if (Array.isArray(value)) return value.some((item) => hasLoneSurrogate(item, depth + 1))
  return Object.entries(value).some(([key, item]) => hasLoneSurrogate(key) || hasLoneSurrogate(item, depth + 1))
}

export function registerWellFormedText(app: FastifyInstance) {
  // A callback hook (every request, nothing to wait for): an async one costs a promise and a microtask turn.
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasLoneSurrogate(request.params) || hasLoneSurrogate(request.query) || hasLoneSurrogate(request.body))
      return done(badRequest(MESSAGES.malformedText))
    done()
  })
}
