/** The letter form's text rules (issue 25, item 6), as the form runs them: the server runs the same specs. */
import { describe, expect, it } from 'vitest'
import { formFrom, validateLetter } from '../../machines/letterForm.machine'
import { MESSAGES } from '../../domain/rules'

const filled = () => ({ ...formFrom({} as never), nombreMedico: 'Dr. Ruiz', diagnostico: 'Fractura', medicoEsp: 'Trauma', medicoProcedimiento: 'Yeso' })

describe('letter form texts', () => {
  it('says Campo requerido for a required text of spaces only, and lets the optional one be blank', () => {
    expect(validateLetter({ ...filled(), diagnostico: '    ' }).diagnostico).toBe(MESSAGES.required)
    expect(validateLetter({ ...filled(), nombreMedico: ' \u00a0 ' }).nombreMedico).toBe(MESSAGES.required)
    expect(validateLetter({ ...filled(), observaciones: '   ' }).observaciones).toBeUndefined()
  })

  it('refuses emoji and lone surrogates, and accepts every script the letter prints', () => {
    expect(validateLetter({ ...filled(), diagnostico: 'Fractura 😀' }).diagnostico).toBe(MESSAGES.unprintable)
    expect(validateLetter({ ...filled(), nombreMedico: 'Dr. \ud800' }).nombreMedico).toBe(MESSAGES.malformedText)
    expect(validateLetter({ ...filled(), nombreMedico: 'محمد · שרה · 张伟 · 김민준 · प्रिया · Σοφία · Анна' }).nombreMedico).toBeUndefined()
  })
})
