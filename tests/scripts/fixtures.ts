import { fromPromise, setup } from 'xstate'

/**
 * Small machines for the tooling tests: one with a guard, an invoke, a named delay, an `always` and a final state;
 * one with nested, parallel and history states and a delay in milliseconds.
 */
export const requestMachine = setup({
  types: { events: {} as { type: 'form.submit' } | { type: 'form.back' } },
  guards: { isComplete: () => true, isBlocked: () => false },
  actors: {
    sendRequest: fromPromise<void>(async () => {
      throw new Error('not provided')
    }),
  },
  delays: { toastDuration: 3000 },
}).createMachine({
  id: 'request',
  initial: 'editing',
  states: {
    editing: {
      meta: { view: 'Formulario con el botón «Enviar»' },
      on: { 'form.submit': [{ guard: 'isBlocked', target: 'blocked' }, { guard: 'isComplete', target: 'sending' }] },
    },
    blocked: { type: 'final' },
    sending: {
      meta: { view: 'Botón deshabilitado con «Enviando…»' },
      invoke: { id: 'sendRequest', src: 'sendRequest', onDone: 'sent', onError: 'editing' },
      on: { 'form.back': 'editing' },
    },
    sent: { meta: { description: 'La solicitud llegó' }, after: { toastDuration: 'closing' } },
    closing: { always: 'done' },
    done: { type: 'final' },
  },
})
