/** Issue 23, item 5: the collaborator's next step for every stage, in tú, with the documents named as the spec names them. */
import { describe, expect, it } from 'vitest'
import { collaboratorNextStep, spanishList } from '../../domain/collaboratorNextStep'

const none = { '1': 0, '2': 0, '3': 0 }

describe('the collaborator’s next step', () => {
  it.each([
    [1, none, 'Sube tus tres documentos', true],
    [2, { '1': 1, '2': 0, '3': 0 }, 'Sube lo que falta: Resumen médico e Identificación oficial', true],
    [2, { '1': 0, '2': 1, '3': 1 }, 'Sube lo que falta: Formato de solicitud', true],
    [2, { '1': 1, '2': 1, '3': 0 }, 'Sube lo que falta: Identificación oficial', true],
    [3, { '1': 1, '2': 1, '3': 1 }, 'Tu ejecutivo está revisando tus documentos', false],
    [4, { '1': 2, '2': 3, '3': 2 }, 'Vuelve a subir: Resumen médico', true],
    [4, { '1': 5, '2': 2, '3': 3 }, 'Vuelve a subir: Formato de solicitud e Identificación oficial', true],
    [5, { '1': 2, '2': 4, '3': 2 }, 'Estamos asignando el proveedor que te atenderá', false],
    [6, none, 'Estamos preparando tu carta de autorización', false],
    [7, none, 'Tu proveedor está preparando su factura', false],
    [9, none, 'Estamos revisando la factura de tu proveedor', false],
    [8, none, 'Tu trámite concluyó', false],
    [10, none, 'Tu trámite fue rechazado', false],
  ])('stage %i → %s', (stage, documents, text, yours) => {
    expect(collaboratorNextStep(stage, documents)).toEqual({ text, yours })
  })

  it('joins names the Spanish way', () => {
    expect(spanishList([])).toBe('')
    expect(spanishList(['a'])).toBe('a')
    expect(spanishList(['a', 'b'])).toBe('a y b')
    expect(spanishList(['a', 'b', 'c'])).toBe('a, b y c')
    expect(spanishList(['Resumen médico', 'Identificación oficial'])).toBe('Resumen médico e Identificación oficial')
    expect(spanishList(['agua', 'hielo'])).toBe('agua y hielo')
    expect(spanishList(['padre', 'hijo'])).toBe('padre e hijo')
  })
})
