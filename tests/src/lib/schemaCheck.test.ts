/**
 * The start-up check without superstruct (src/lib/schemaCheck.ts) gives the verdicts of the API helper's check
 * (src/api/structOf.ts) on the contract's schemas it is used with and on the rules they contain.
 */
import { is } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { CollaboratorLoginBody, LoginBody, SessionUser } from '../../../domain/contract/auth'
import { RoleCatalog } from '../../../domain/contract/catalog'
import { structOf } from '../../../src/api/structOf'
import { matchesSchema } from '../../../src/lib/schemaCheck'
import { USERS } from '../helpers/testSession'

const CASES: Array<[string, object, unknown[]]> = [
  [
    'SessionUser',
    SessionUser,
    [
      ...Object.values(USERS),
      { ...USERS.executive, extra: 'a newer server may add fields' },
      { ...USERS.executive, foto: null },
      { ...USERS.executive, foto: 3 },
      { ...USERS.executive, rol: '9' },
      { ...USERS.executive, rol: 0 },
      { ...USERS.executive, idUser: 1.5 },
      { ...USERS.executive, idColaborador: undefined },
      Object.fromEntries(Object.entries(USERS.executive).filter(([key]) => key !== 'email')),
      { nombre: 3 },
      null,
      [],
      'texto',
    ],
  ],
  ['RoleCatalog', RoleCatalog, [{ Ejecutivo: 0, Administrativo: 1 }, {}, { Ejecutivo: '0' }, { Ejecutivo: 0.5 }, null, 'x']],
  [
    'LoginBody (lengths and bounds)',
    LoginBody,
    [
      { email: 'a@b.mx', password: 'x', role: 0 },
      { email: '', password: 'x', role: 0 },
      { email: `${'a'.repeat(300)}@b.mx`, password: 'x', role: 0 },
      { email: 'a@b.mx', password: 'x', role: 5 },
      { email: 'a@b.mx', password: 'x', role: -1 },
    ],
  ],
  ['CollaboratorLoginBody', CollaboratorLoginBody, [{ idColaborador: 1, numProcedure: 2 }, { idColaborador: -1, numProcedure: 2 }, { idColaborador: 1 }]],
]

describe('schemaCheck agrees with the API helper', () => {
  it('refuses what the contract refuses', () => {
    expect(matchesSchema(SessionUser, USERS.admin)).toBe(true)
    expect(matchesSchema(SessionUser, { ...USERS.admin, rol: '9' })).toBe(false)
    expect(matchesSchema(RoleCatalog, { Ejecutivo: '0' })).toBe(false)
  })

  for (const [name, schema, values] of CASES) {
    it(name, () => {
      for (const value of values) {
        expect(matchesSchema(schema, value), JSON.stringify(value)).toBe(is(value, structOf(schema)))
      }
    })
  }
})
