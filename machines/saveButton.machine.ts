/**
 * The save button of a form (spec section 4 'Save button'): base, then loading while the form saves, then ok; any
 * edit returns it to base. On ok the 'saved' indicator shows for 300 ms. The form that owns the save drives it
 * with `save.start`, `save.succeed`, `save.fail` and `form.edit` (letterForm invokes it as child `saveButton`).
 *
 * States: base → loading → ok (savedIndicator 300 ms → steady) ; loading → base on failure ; ok → base on edit.
 */
import { setup, type SnapshotFrom } from 'xstate'

// Not exported: tests assert the spec's own number (tests/machines/specTimings.test.ts), never this constant.
const SAVE_BUTTON_DELAYS = { savedIndicator: 300 } as const

export type SaveButtonEvent =
  | { type: 'save.start' }
  | { type: 'save.succeed' }
  | { type: 'save.fail' }
  | { type: 'form.edit' }

export const saveButtonMachine = setup({
  types: {
    events: {} as SaveButtonEvent,
  },
  delays: SAVE_BUTTON_DELAYS,
}).createMachine({
  id: 'saveButton',
  initial: 'base',
  states: {
    base: {
      meta: { view: 'Botón «Guardar»' },
      on: { 'save.start': 'loading' },
    },
    loading: {
      description: 'El formulario dueño del botón está guardando.',
      meta: { view: 'Botón «Guardando…» con indicador de carga' },
      on: {
        'save.succeed': 'ok',
        'save.fail': 'base',
      },
    },
    ok: {
      description: 'Guardado con éxito; una edición devuelve el botón a base.',
      meta: { view: 'Botón «Guardado» con icono de check' },
      initial: 'showingSaved',
      on: { 'form.edit': 'base' },
      states: {
        showingSaved: {
          meta: { view: 'Aviso «Carta guardada» junto al botón (300 ms)' },
          after: { savedIndicator: 'steady' },
        },
        steady: { meta: { view: 'Aviso «Carta guardada» ya oculto' } },
      },
    },
  },
})

export type SaveButtonSnapshot = SnapshotFrom<typeof saveButtonMachine>
export type SaveButtonLook = 'base' | 'loading' | 'ok'

export const selectSaveButtonLook = (snapshot: SaveButtonSnapshot): SaveButtonLook =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('ok') ? 'ok' : 'base'

/** The 'saved' indicator, shown for 300 ms after a save. */
export const selectSavedIndicator = (snapshot: SaveButtonSnapshot): boolean => snapshot.matches({ ok: 'showingSaved' })
