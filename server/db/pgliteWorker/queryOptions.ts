/**
 * Query options across the thread boundary. Parsers are functions, which cannot be sent; the only ones the project
 * passes are Drizzle's, which keep the text of timestamps, dates, intervals and their arrays as it is
 * (drizzle-orm/pglite/session.js). So a parser that gives back its input unchanged travels as its type OID and the
 * worker installs the same identity parser; any other parser, and the options that hold functions or blobs, are
 * refused instead of silently dropped.
 */
import type { ParserOptions, QueryOptions } from '@electric-sql/pglite'
import type { WireQueryOptions } from './protocol'

const SENDABLE = new Set(['rowMode', 'paramTypes', 'parsers'])
// Two different texts: a parser that answers both with themselves keeps every text as it is.
const PROBES = ['\u0000sonda-a', '\u0000sonda-b'] as const

/** Main thread: the options as they can be sent, or an error naming what cannot cross. */
export function toWireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {}
  const refused = Object.keys(options).filter((key) => !SENDABLE.has(key) && options[key as keyof QueryOptions] !== undefined)
  if (refused.length > 0) throw new Error(`PGlite en hilo de trabajo: las opciones ${refused.join(', ')} no pueden cruzar de hilo`)
  const wire: WireQueryOptions = {}
  if (options.rowMode) wire.rowMode = options.rowMode
  if (options.paramTypes) wire.paramTypes = options.paramTypes
  if (options.parsers) wire.identityParserOids = identityParserOids(options.parsers)
  return wire
}

function identityParserOids(parsers: ParserOptions): number[] {
  return Object.entries(parsers).map(([key, parser]) => {
    const oid = Number(key)
    if (!PROBES.every((probe) => parser(probe, oid) === probe)) {
      throw new Error(`PGlite en hilo de trabajo: el parser del tipo ${key} transforma el valor y no puede cruzar de hilo`)
    }
    return oid
  })
}

const keepText = (value: string) => value

/** Worker: the options PGlite gets. */
export function fromWireOptions(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {}
  if (wire.rowMode) options.rowMode = wire.rowMode
  if (wire.paramTypes) options.paramTypes = wire.paramTypes
  if (wire.identityParserOids) options.parsers = Object.fromEntries(wire.identityParserOids.map((oid) => [oid, keepText]))
  return options
}
