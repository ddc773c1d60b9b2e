import { and, fromPromise, not, setup } from 'xstate'

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

/** Nested, parallel and history states, a root-level transition, a delay in milliseconds and a guard combinator. */
export const claimFlowMachine = setup({
  types: { events: {} as { type: 'claim.open' } | { type: 'doc.upload' } | { type: 'doc.approve' } | { type: 'review.finish' } | { type: 'session.expire' } },
  guards: { hasDocuments: () => true, isAdmin: () => true },
}).createMachine({
  id: 'claimFlow',
  initial: 'closed',
  on: { 'session.expire': '.expired' },
  states: {
    closed: { on: { 'claim.open': 'open' } },
    open: {
      type: 'parallel',
      states: {
        documents: {
          initial: 'empty',
          states: {
            empty: { on: { 'doc.upload': 'uploaded' } },
            uploaded: { after: { 500: 'checked' } },
            checked: { type: 'final' },
          },
        },
        review: {
          initial: 'waiting',
          states: {
            waiting: { on: { 'doc.approve': { guard: and(['hasDocuments', not('isAdmin')]), target: 'approved' } } },
            approved: {},
            hist: { type: 'history', history: 'deep' },
          },
        },
      },
      on: { 'review.finish': 'finished' },
    },
    finished: { type: 'final' },
    expired: { type: 'final' },
  },
})

/** Two routes to one final state, an event that carries data, a named delay and views with commas and quotes. */
export const doorMachine = setup({
  types: { events: {} as { type: 'door.open'; by: string } | { type: 'door.close' } | { type: 'door.force' } },
  delays: { alarmDelay: 30_000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      meta: { view: 'Puerta cerrada' },
      on: { 'door.open': 'opened', 'door.force': 'alarm' },
    },
    opened: {
      meta: { view: 'Puerta abierta, botón «Cerrar»' },
      on: { 'door.close': 'closed' },
      after: { alarmDelay: 'alarm' },
    },
    alarm: { type: 'final', meta: { view: 'Alarma: "Intruso"' } },
  },
})
