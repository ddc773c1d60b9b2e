/**
 * Maps every failure to a 4xx/5xx with the envelope and a Spanish reason. Validation, body-size, content-type and
 * JSON errors are the client's fault (4xx); only truly unexpected errors are 500, with a generic text.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from './errors'
import { fail } from './envelope'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './databaseUnavailable'
import { FILE_STORE_UNAVAILABLE, FileStoreUnavailable } from './fileStoreUnavailable'

function validationReason(err: FastifyError): string {
  const first = err.validation?.[0]
  if (!first) return 'Datos inválidos'
  const where = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.')
  const field = where
  switch (first.keyword) {
    case 'required': {
      const missing = (first.params as { missingProperty?: string }).missingProperty ?? ''
      return `Campo requerido: ${missing}`
    }
    case 'additionalProperties': {
      const extra = (first.params as { additionalProperty?: string }).additionalProperty ?? ''
      return `Campo no permitido: ${extra}`
    }
    case 'type':
      return `Tipo de dato inválido en ${field || 'la solicitud'}`
    case 'minimum':
    case 'exclusiveMinimum':
      return `El valor ingresado es menor al permitido en ${field}`
    case 'maximum':
    case 'exclusiveMaximum':
      return `El valor ingresado es mayor al permitido en ${field}`
    case 'maxLength':
      return `El texto es demasiado largo en ${field}`
    case 'minLength':
      return `Campo requerido: ${field}`
    case 'format':
    case 'pattern':
      return `Formato inválido en ${field}`
    case 'enum':
    case 'const':
      return `El valor introducido no es válido en ${field}`
    default:
      return `Datos inválidos en ${field || 'la solicitud'}`
  }
}

/** The answer to a text the database cannot store. */
const UNSTORABLE_TEXT = 'Contiene caracteres no permitidos'

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send(fail(err.reason))
    if (err.validation) return reply.code(400).send(fail(validationReason(err)))
    const code = err.code ?? ''
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413)
      return reply.code(413).send(fail('El archivo excede el tamaño permitido'))
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415)
      return reply.code(415).send(fail('Tipo de contenido no soportado'))
    if (code === 'FST_ERR_RATE_LIMIT' || err.statusCode === 429)
      return reply.code(429).send(fail('Demasiadas solicitudes; hay que esperar unos minutos para intentarlo de nuevo'))
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return reply.code(err.statusCode).send(fail('Solicitud inválida'))
    // A text PostgreSQL cannot store (NUL, or a character outside UTF-8) that slipped past a schema: the input's fault.
    // Drizzle wraps the driver's error, whose code is then on `cause`.
    const databaseCode = code || String((err.cause as { code?: unknown } | undefined)?.code ?? '')
    if (databaseCode === '22021' || databaseCode === '22P05') return reply.code(400).send(fail(UNSTORABLE_TEXT))
    // The S3 server unreachable (server/lib/fileStoreUnavailable.ts); before the database check, whose socket error
    // codes (ECONNREFUSED…) its cause may carry.
    if (err instanceof FileStoreUnavailable) {
      request.log.warn(err.message)
      return reply.code(503).header('retry-after', '2').send(fail(FILE_STORE_UNAVAILABLE))
    }
    // PostgreSQL restarting or unreachable: not a bug of ours, and the client may retry (server/lib/databaseUnavailable.ts).
    if (isDatabaseUnavailable(err)) {
      request.log.warn(`base de datos no disponible: ${err.message}`)
      return reply.code(503).header('retry-after', '2').send(fail(DATABASE_UNAVAILABLE))
    }
    request.log.error(err)
    return reply.code(500).send(fail('Ocurrió un error inesperado'))
  })
}
