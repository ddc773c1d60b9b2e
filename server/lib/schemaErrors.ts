/**
 * Turns the first JSON-schema error of a request into a reason worded like the form's tooltip: 'Etiqueta: mensaje'
 * with the messages of spec section 5, so an API client and a person at the form read the same text. Used as the
 * route option `schemaErrorFormatter`; it returns an AppError, which the app's error handler answers as 400.
 */
import type { FastifySchemaValidationError } from 'fastify'
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from '../../domain/rules'
import { AppError, badRequest } from './errors'
import { labelOf, type FieldLabels } from '../../domain/contract/labels'
import { PHONE_10_PATTERN } from '../../domain/contract/claims'
import { NO_NUL_PATTERN } from '../../domain/contract/schema'



export type { FieldLabels }

function messageFor(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
    case 'minLength':
      return MESSAGES.required
    case 'type': {
      const type = String(params.type ?? '')
      return type.includes('integer') || type.includes('number') ? MESSAGES.notANumber : 'Tipo de dato inválido'
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return MESSAGES.belowMinimum
    case 'maximum':
    case 'exclusiveMaximum':
      return MESSAGES.aboveMaximum
    case 'maxLength':
      return `El texto excede ${String(params.limit ?? '')} caracteres`
    case 'pattern':
      if (params.pattern === EMAIL_PATTERN) return MESSAGES.email
      if (params.pattern === PHONE_PATTERN || params.pattern === PHONE_10_PATTERN) return MESSAGES.phone
      if (params.pattern === NO_NUL_PATTERN) return 'Contiene caracteres no permitidos'
      return 'Formato inválido'
    case 'format':
      return params.format === 'date' ? 'Fecha inválida (AAAA-MM-DD)' : 'Formato inválido'
    case 'enum':
    case 'const':
      return MESSAGES.forbiddenValue
    case 'minProperties':
      return 'No se recibió ningún dato'
    default:
      return 'Dato inválido'
  }
}

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return String(params.missingProperty ?? '')
  return (error.instancePath || '').replace(/^\//, '').split('/')[0] ?? ''
}

function reasonForSchemaErrors(errors: FastifySchemaValidationError[], labels: FieldLabels): string {
  const first = errors[0]
  if (!first) return 'Datos inválidos'
  if (first.keyword === 'additionalProperties') {
    const extra = String((first.params as Record<string, unknown>).additionalProperty ?? '')
    return `Campo no permitido: ${extra}`
  }
  const field = fieldOf(first)
  const label = labelOf(labels, field)
  const message = messageFor(first)
  return label ? `${label}: ${message}` : message
}

/** A route's `schemaErrorFormatter` with the labels of its form. */
export const schemaErrorFormatter =
  (labels: FieldLabels) =>
  (errors: FastifySchemaValidationError[]): AppError =>
    badRequest(reasonForSchemaErrors(errors, labels))
