/**
 * Contract tests: a call of domain/contract made for real against the API on the test database, and its JSON
 * answer checked with exactly the struct the app checks it with (src/api/structOf.ts), so a server answer the app
 * would call malformed fails here first.
 */
import type { FastifyInstance } from 'fastify'
import { validate, type Struct } from 'superstruct'
import { expect } from 'vitest'
import { pathOf, type CallSpec, type ResponseOf } from '../../domain/contract/call'
import { Envelope, ErrorEnvelope } from '../../domain/contract/envelope'
import { EnvelopeStruct } from '../../src/api/schemas'
import { structFor, structOf } from '../../src/api/structOf'

export interface ContractRequest {
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  body?: object
  headers: Record<string, string>
  /** Sign-in routes are rate limited per address. */
  remoteAddress?: string
}

/** Which calls of a group a test file has made, to check that none is left out. */
export class CallLog {
  private readonly made = new Set<string>()

  constructor(private readonly calls: Record<string, CallSpec>) {}

  record(call: CallSpec) {
    const name = Object.keys(this.calls).find((key) => this.calls[key] === call)
    if (name) this.made.add(name)
  }

  missing(): string[] {
    return Object.keys(this.calls).filter((name) => !this.made.has(name))
  }
}

/** Makes the call; answers the HTTP status and the parsed JSON body. */
export async function request(app: FastifyInstance, call: CallSpec, input: ContractRequest, log?: CallLog) {
  log?.record(call)
  const res = await app.inject({
    method: call.method,
    url: pathOf(call, input.params),
    query: input.query ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers: input.headers,
    payload: input.body,
    remoteAddress: input.remoteAddress,
  })
  const body: unknown = res.json()
  return { status: res.statusCode, body }
}

/** The answer passes the app's check of this call's success envelope. */
export function expectAppAccepts(call: CallSpec, answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const [error] = validate(answer.body, structOf(Envelope(call.response)))
  expect(error?.message, `${call.method} ${call.path}: ${JSON.stringify(answer.body)}`).toBeUndefined()
}

/** A refusal is the error envelope with a Spanish reason. */
export function expectRefusal(answer: { status: number; body: unknown }, status: number) {
  expect(answer.status).toBe(status)
  const [error] = validate(answer.body, structOf(ErrorEnvelope))
  expect(error?.message).toBeUndefined()
}

/** Makes the call and checks the app accepts its answer; resolves with the answer's `response`, as the app reads it. */
export async function requestAccepted<C extends CallSpec>(
  app: FastifyInstance,
  call: C,
  input: ContractRequest,
  log?: CallLog,
): Promise<ResponseOf<C>> {
  const answer = await request(app, call, input, log)
  expectAppAccepts(call, answer)
  const [, envelope] = validate(answer.body, EnvelopeStruct)
  const struct: Struct<ResponseOf<C>, unknown> = structFor<C['response']>(call.response)
  const [error, response] = validate(envelope?.response, struct)
  if (error) throw error
  return response
}
