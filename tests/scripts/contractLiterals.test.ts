/**
 * The client build's contract literals (scripts/vite/contractLiterals.ts): what the app gets in place of a TypeBox
 * module is that module's values written out, the answers checked exactly as with the TypeBox schemas, and nothing
 * the app cannot do without is lost.
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { forTheApp, isJsonData, literalModule } from '../../scripts/vite/contractLiterals'
import { structOf } from '../../src/api/structOf'
import * as auth from '../../domain/contract/auth'
import * as envelope from '../../domain/contract/envelope'
import * as session from '../../domain/contract/session'

const sourceOf = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)

/** The `export const name = <literal>` lines of a generated module, parsed back. */
function literalsOf(code: string): Record<string, unknown> {
  const entries = [...code.matchAll(/^export const (\w+) = (.*)$/gm)].map((match) => [match[1]!, JSON.parse(match[2]!)])
  return Object.fromEntries(entries)
}

describe('contract literals', () => {
  it('writes the calls the app reads as method, path and answer schema, the same schema the server uses', () => {
    const literals = literalsOf(literalModule(sourceOf('domain/contract/auth.ts'), auth))
    const login = (literals.authCalls as Record<string, Record<string, unknown>>).login!
    expect(Object.keys(login).sort()).toEqual(['method', 'path', 'response'])
    expect(login.method).toBe('POST')
    expect(login.path).toBe('/api/auth/login')
    expect(login.response).toEqual(JSON.parse(JSON.stringify(auth.authCalls.login.response)))
    // A schema that is not a call is written whole.
    const sessionLiterals = literalsOf(literalModule(sourceOf('domain/contract/session.ts'), session))
    expect(sessionLiterals.SessionUser).toEqual(JSON.parse(JSON.stringify(session.SessionUser)))
  })

  it('checks an answer exactly as the TypeBox schema does', () => {
    const literals = literalsOf(literalModule(sourceOf('domain/contract/session.ts'), session))
    const fromLiteral = structOf(literals.SessionUser as object)
    const fromTypeBox = structOf(session.SessionUser)
    const user = {
      idUser: 7, nombre: 'Ana', nombre2: '', apePat: 'Ruiz', apeMAt: '', email: 'ana@example.com', foto: null,
      userType: 'Ejecutivo', rol: '1', idColaborador: null, idEvento: null, idProveedor: null,
    }
    expect(fromTypeBox.is(user)).toBe(true)
    for (const answer of [user, { ...user, idUser: 'siete' }, { ...user, rol: '9' }, { ...user, email: undefined }, null]) {
      expect(fromLiteral.is(answer)).toBe(fromTypeBox.is(answer))
    }
  })

  it('keeps re-exported code and leaves out builders, so the app imports ApiError but never TypeBox', () => {
    const code = literalModule(sourceOf('domain/contract/envelope.ts'), envelope)
    expect(code).toContain("export { ApiError, failureReason } from './apiError'")
    expect(code).toContain('// Left out (code, not data): Envelope')
    expect(code).not.toMatch(/typebox|\.\/schema/)
    expect(literalsOf(code).ErrorEnvelope).toEqual(JSON.parse(JSON.stringify(envelope.ErrorEnvelope)))
  })

  it('says which values a literal can hold', () => {
    expect(isJsonData({ a: [1, 'b', null, { c: true }], d: undefined })).toBe(true)
    expect(isJsonData({ f: () => 1 })).toBe(false)
    expect(isJsonData([Number.NaN])).toBe(false)
    expect(isJsonData(new Date(0))).toBe(false)
    expect(forTheApp([{ method: 'GET', path: '/api/x', summary: 'x', querystring: {}, response: { type: 'null' } }])).toEqual([
      { method: 'GET', path: '/api/x', response: { type: 'null' } },
    ])
  })
})
