import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  acceptPhoneInput,
  activoLabel,
  allowedValues,
  email,
  EMAIL_PATTERN,
  EXTERIOR_NUMBER,
  forbiddenValues,
  internalMail,
  missingPasswordItems,
  numericRange,
  password,
  passwordMatch,
  passwordStrength,
  phone,
  PHONE_PATTERN,
  POSTAL_CODE,
  required,
  select,
  WORK_LOCATIONS,
} from '../../domain/rules'

const DOMAINS = ['coppel.com', 'bancoppel.com', 'afore-coppel.com'] as const

describe('required', () => {
  it.each([[''], ['   '], [null], [undefined]])('refuses %j with "Campo requerido"', (v) => {
    expect(required(v)).toBe('Campo requerido')
  })
  it.each([['a'], [0], ['0']])('accepts %j', (v) => expect(required(v)).toBeNull())
})

describe('email', () => {
  it.each(['ana@coppel.com', 'a.b+c@sub.dominio.mx', 'X_Y-z%1@d-1.org'])('accepts %s', (v) => expect(email(v)).toBeNull())
  it.each(['ana', 'ana@', '@coppel.com', 'ana@coppel', 'ana@coppel.c', 'ana coppel@x.com', 'ana@@x.com', 'ñ@x.com'])(
    'refuses %s with "Correo inválido"',
    (v) => expect(email(v)).toBe('Correo inválido'),
  )
  it('refuses an address longer than 254 characters', () => {
    expect(email(`${'a'.repeat(250)}@x.com`)).toBe('Correo inválido')
  })
  it('lets blank pass (required is its own rule)', () => expect(email('')).toBeNull())
  it('is a valid JSON-schema pattern: it compiles with the u flag the way ajv compiles it', () => {
    expect(() => new RegExp(EMAIL_PATTERN, 'u')).not.toThrow()
    expect(new RegExp(EMAIL_PATTERN, 'u').test('ana@coppel.com')).toBe(true)
  })
})

describe('internal mail', () => {
  it('accepts each of the three domains, ignoring case', () => {
    expect(internalMail('a@coppel.com', DOMAINS)).toBeNull()
    expect(internalMail('a@BanCoppel.com', DOMAINS)).toBeNull()
    expect(internalMail('a@afore-coppel.com', DOMAINS)).toBeNull()
  })
  it('refuses another domain and lists the three configured domains', () => {
    expect(internalMail('a@gmail.com', DOMAINS)).toBe(
      'El correo solo puede ser de los dominios coppel.com, bancoppel.com, afore-coppel.com',
    )
    expect(internalMail('a@sub.coppel.com', DOMAINS)).not.toBeNull()
    expect(internalMail('a@x.mx', ['uno.mx', 'dos.mx', 'tres.mx'])).toBe('El correo solo puede ser de los dominios uno.mx, dos.mx, tres.mx')
  })
})

describe('numeric range', () => {
  it('refuses text that is not a plain number', () => {
    for (const v of ['abc', '12a', '0x10', '1e3', '--1', '1.']) expect(numericRange(v, POSTAL_CODE)).toBe('El valor ingresado debe de ser un número')
    expect(numericRange(Number.NaN, POSTAL_CODE)).toBe('El valor ingresado debe de ser un número')
  })
  it('refuses below the minimum, and (as the spec says) repeats that text above the maximum', () => {
    expect(numericRange('-1', POSTAL_CODE)).toBe('El valor ingresado es menor al permitido(min)')
    expect(numericRange(100000, POSTAL_CODE)).toBe('El valor ingresado es menor al permitido(min)')
  })
  it('accepts both ends of the range', () => {
    expect(numericRange('0', EXTERIOR_NUMBER)).toBeNull()
    expect(numericRange(99999, EXTERIOR_NUMBER)).toBeNull()
  })
  it('refuses decimals when an integer is asked for', () => {
    expect(numericRange('12.5', POSTAL_CODE, { integer: true })).toBe('El valor ingresado debe de ser un número')
    expect(numericRange('12.5', POSTAL_CODE)).toBeNull()
  })
  it('agrees with a plain comparison for every integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200000, max: 200000 }), (n) => {
        const inRange = n >= 0 && n <= 99999
        expect(numericRange(String(n), POSTAL_CODE, { integer: true }) === null).toBe(inRange)
      }),
    )
  })
})

describe('forbidden and allowed values', () => {
  it('refuses a forbidden value with "El valor introducido no es válido"', () => {
    expect(forbiddenValues('admin', ['admin', 'root'])).toBe('El valor introducido no es válido')
    expect(forbiddenValues('ana', ['admin', 'root'])).toBeNull()
  })
  it('refuses a value outside a list (work locations)', () => {
    expect(allowedValues('Oficina', WORK_LOCATIONS)).toBe('El valor introducido no es válido')
    expect(allowedValues('Call Center Revolución', WORK_LOCATIONS)).toBeNull()
  })
})

describe('phone', () => {
  it.each(['6671234567', '1', '0000000000'])('accepts %s', (v) => expect(phone(v)).toBeNull())
  it.each(['66712345678', '667-123', '66712a', ' 667', '+526671', ' '])('refuses %s with "Valor inválido"', (v) =>
    expect(phone(v)).toBe('Valor inválido'),
  )
  it('keeps the previous value when a keystroke would make it invalid', () => {
    expect(acceptPhoneInput('667', '6671')).toBe('6671')
    expect(acceptPhoneInput('667', '667a')).toBe('667')
    expect(acceptPhoneInput('6671234567', '66712345678')).toBe('6671234567')
    expect(acceptPhoneInput('6', '')).toBe('')
  })
  it('never lets the input hold anything but up to 10 digits', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 20 }), (keystrokes) => {
        let value = ''
        for (const k of keystrokes) value = acceptPhoneInput(value, value + k)
        expect(new RegExp(PHONE_PATTERN, 'u').test(value)).toBe(true)
      }),
    )
  })
})

describe('password strength', () => {
  it('lists every missing item, in the spec order', () => {
    expect(passwordStrength('a')).toEqual({
      message: 'La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres',
      missing: ['Una letra mayúscula', 'Un número', 'Un símbolo especial', '8 caracteres'],
    })
    expect(missingPasswordItems('ABCDEFGH')).toEqual(['Una letra minúscula', 'Un número', 'Un símbolo especial'])
    expect(password('Abcdefg1')).toBe('La contraseña debe de tener al menos: Un símbolo especial')
    expect(password('Ab#1')).toBe('La contraseña debe de tener al menos: 8 caracteres')
    expect(password('abcdefg#1')).toBe('La contraseña debe de tener al menos: Una letra mayúscula')
    expect(password('ABCDEFG#1')).toBe('La contraseña debe de tener al menos: Una letra minúscula')
  })
  it('accepts a password with all five items, accented letters counting as letters', () => {
    expect(passwordStrength('Prueba#2026')).toEqual({ message: null, missing: [] })
    expect(password('Ñandú#2026')).toBeNull()
  })
  it('does not count a space as a special symbol', () => {
    expect(missingPasswordItems('Abc defg1')).toEqual(['Un símbolo especial'])
  })
})

describe('password match and select', () => {
  it('refuses different passwords with "Las contraseñas no coinciden"', () => {
    expect(passwordMatch('Prueba#2026', 'Prueba#2027')).toBe('Las contraseñas no coinciden')
    expect(passwordMatch('Prueba#2026', 'Prueba#2026')).toBeNull()
  })
  it('treats "0" and blank as nothing chosen', () => {
    expect(select('0')).toBe('Campo requerido')
    expect(select(0)).toBe('Campo requerido')
    expect(select('')).toBe('Campo requerido')
    expect(select('12')).toBeNull()
  })
})

describe('activo label', () => {
  it('labels 1 Inactivo and anything else Activo', () => {
    expect(activoLabel(1)).toBe('Inactivo')
    expect(activoLabel('1')).toBe('Inactivo')
    expect(activoLabel(0)).toBe('Activo')
    expect(activoLabel(null)).toBe('Activo')
    expect(activoLabel(2)).toBe('Activo')
  })
})
