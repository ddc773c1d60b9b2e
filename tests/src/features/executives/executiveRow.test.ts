/** The executives list's row rules: the full name, inactive (spec 4: activo 1), and the deactivation's edit. */
import { describe, expect, it } from 'vitest'
import { canDeactivate, deactivationPayload, executiveFullName, isInactive, type ExecutiveListItem } from '../../../../src/features/executives/executiveRow'

const ACTIVE: ExecutiveListItem = {
  idUser: 31,
  nombre: 'Laura',
  nombre2: null,
  apePat: 'Méndez',
  apeMAt: 'Ruiz',
  email: 'laura@coppel.com',
  telefono: '5512345678',
  activo: 0,
  ubicacionLaboral: 'Coorporativo Reforma',
}
const INACTIVE: ExecutiveListItem = { ...ACTIVE, idUser: 32, nombre: 'Pedro', email: 'pedro@coppel.com', activo: 1 }

describe('executive rows', () => {
  it('deactivates by editing the row as it is with active = 1 (nothing is deleted)', () => {
    expect(deactivationPayload(ACTIVE)).toEqual({
      ubicacion: 'Coorporativo Reforma',
      phone: '5512345678',
      active: 1,
      idUsuario: 31,
      nombre: 'Laura',
      email: 'laura@coppel.com',
    })
  })

  it("reads activo 1 as 'Inactivo' (spec 4), and only an active listed executive can be deactivated", () => {
    expect([ACTIVE, INACTIVE, { activo: null }].map((i) => isInactive(i))).toEqual([false, true, false])
    expect([ACTIVE, INACTIVE, undefined].map(canDeactivate)).toEqual([true, false, false])
  })

  it('joins the name parts that are there', () => {
    expect(executiveFullName(ACTIVE)).toBe('Laura Méndez Ruiz')
    expect(executiveFullName({ nombre: ' Ana ', nombre2: '', apePat: null, apeMAt: null })).toBe('Ana')
  })
})
