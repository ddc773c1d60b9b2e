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

/**
 * The types whose text Drizzle keeps (its pglite driver's parsers): timestamp, timestamptz, interval, date and the
 * arrays of numeric, timestamp, timestamptz, interval and date.
 */
const DRIZZLE_TEXT_OIDS: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]

/**
 * Worker: makes Drizzle's parsers the database's own, so a call that carries exactly them passes none. PGlite merges
 * a call's parsers into its whole table of parsers on every call (an object spread in parseResults), which was a
 * quarter of the worker's time reading one claim. Returns the options maker for that database: a call with Drizzle's
 * parsers gets none, a call without parsers gets PGlite's own back for those types, any other set its identities.
 * One difference remains: PGlite's array parsers look their element's parser up at each call, so a call without
 * parsers gets timestamp, interval and date arrays with text elements (nothing in the project makes such a call:
 * every query is Drizzle's).
 */
export function textKeepingOptions(pg: { parsers: ParserOptions }): (wire: WireQueryOptions) => QueryOptions {
  const own = Object.fromEntries(DRIZZLE_TEXT_OIDS.map((oid) => [oid, pg.parsers[oid]!]))
  for (const oid of DRIZZLE_TEXT_OIDS) pg.parsers[oid] = keepText
  const isDrizzles = (oids: readonly number[]) => oids.length === DRIZZLE_TEXT_OIDS.length && DRIZZLE_TEXT_OIDS.every((oid) => oids.includes(oid))
  return (wire) => {
    const options: QueryOptions = {}
    if (wire.rowMode) options.rowMode = wire.rowMode
    if (wire.paramTypes) options.paramTypes = wire.paramTypes
    const oids = wire.identityParserOids ?? []
    if (!isDrizzles(oids)) options.parsers = { ...own, ...Object.fromEntries(oids.map((oid) => [oid, keepText])) }
    return options
  }
}
