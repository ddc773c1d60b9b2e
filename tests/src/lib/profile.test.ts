import { describe, expect, it } from 'vitest'
import { activeMenuEntry, menuEntriesFor, profileLabel } from '../../../src/lib/menu'
import { canOpenPath, homePathForRole, profileKindFromPath, signInPathFor } from '../../../src/lib/profile'

describe('profile from the URL path (spec 1)', () => {
  it.each([
    ['/home-colaborador/carga-de-datos/3', 'collaborator'],
    ['/administrador/proveedores', 'admin'],
    ['/proveedores/mis-tramites', 'provider'],
    ['/coppel/dashboard', 'partner'],
    ['/coppel', 'partner'],
    ['/coppelito', 'executive'],
    ['/mis-tramites', 'executive'],
    ['/ejecutivo/mis-tramites/proceso-general-tramites/4', 'executive'],
    ['/', 'executive'],
  ] as const)('%s → %s', (path, kind) => {
    expect(profileKindFromPath(path, 'coppel')).toBe(kind)
  })

  it('uses the configured partner prefix and name', () => {
    expect(profileKindFromPath('/liverpool/dashboard', 'liverpool')).toBe('partner')
    expect(profileKindFromPath('/coppel/dashboard', 'liverpool')).toBe('executive')
    expect(profileLabel('partner', 'Liverpool')).toBe('Liverpool')
    expect(menuEntriesFor('partner', 'liverpool')).toEqual([expect.objectContaining({ label: 'Trámites', to: '/liverpool/dashboard' })])
  })
})

describe('homes and guards (spec 2.3, 6)', () => {
  it('sends each stored role code to its home', () => {
    expect(['0', '1', '2', '3', '4', 9].map((rol) => homePathForRole(rol, 'coppel'))).toEqual([
      '/pendientes',
      '/administrador/pendientes',
      '/home-colaborador',
      '/proveedores/pendientes',
      '/coppel/dashboard',
      '/coppel/dashboard',
    ])
  })

  it('lets each role open only its own area, and the profile page to staff', () => {
    expect(canOpenPath('/administrador/facturas', '1', 'coppel')).toBe(true)
    expect(canOpenPath('/administrador/facturas', '0', 'coppel')).toBe(false)
    expect(canOpenPath('/perfil/mi-perfil', '4', 'coppel')).toBe(true)
    expect(canOpenPath('/perfil/mi-perfil', '2', 'coppel')).toBe(false)
    expect(signInPathFor('/home-colaborador', 'coppel')).toBe('/login-colaborador')
    expect(signInPathFor('/reportes', 'coppel')).toBe('/')
  })

  it('highlights the longest matching entry only', () => {
    const entries = menuEntriesFor('admin', 'coppel')
    expect(activeMenuEntry(entries, '/administrador/mis-tramites/proceso-general-tramites/1')?.label).toBe('Mis trámites')
    expect(activeMenuEntry(entries, '/administrador/mis-tramitesx')).toBeUndefined()
    expect(activeMenuEntry(entries, '/administrador/inicio-de-cobertura/')?.label).toBe('Inicio de cobertura')
  })
})
