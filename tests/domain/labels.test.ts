import { describe, expect, it } from 'vitest'
import { claimCode, fullName, shortFileName } from '../../domain/labels'

describe('labels as the spec writes them', () => {
  it('writes the claim code as C plus the event id', () => {
    expect(claimCode(42)).toBe('C42')
    expect(claimCode('7')).toBe('C7')
  })

  it('cuts shown file names to 10 characters plus .pdf', () => {
    expect(shortFileName('Resumen medico completo.pdf')).toBe('Resumen me.pdf')
    expect(shortFileName('ine.PDF')).toBe('ine.pdf')
    // Issue 21: no space before '.pdf' where the cut falls after a word.
    expect(shortFileName('INE ambos lados.pdf')).toBe('INE ambos.pdf')
    expect(shortFileName('  Carta     .pdf')).toBe('Carta.pdf')
    expect(shortFileName('Formato   x.pdf')).toBe('Formato.pdf')
  })

  it('joins the name parts that exist', () => {
    expect(fullName({ nombre: 'Ana', nombre2: 'Sofía', apePat: 'Valenzuela', apeMat: 'Osuna' })).toBe('Ana Sofía Valenzuela Osuna')
    expect(fullName({ nombre: 'Luis', nombre2: null, apePat: ' ', apeMAt: 'Paz' })).toBe('Luis Paz')
  })
})
