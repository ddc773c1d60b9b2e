/**
 * /api/live (issue 21 'Live updates'): the event stream of the claims the session may read. One server-sent event
 * per change of a claim (a document uploaded, commented or verified, a provider assigned, the letter or the
 * dictamen saved, an invoice uploaded or approved, a claim created); the app reads what changed again. Each event
 * has an id; a browser that reconnects sends the last one it got (`Last-Event-ID`) and receives what it missed, or
 * a `resync` event when the server no longer has it (the app then reads everything again).
 */
import { defineCall } from './call'
import { Id, Int, Strict, Type, type Static } from './schema'

/** The SSE event names of the stream. */
export const LIVE_EVENTS = {
  /** A claim the session may read changed: data is a ClaimChanged. */
  claim: 'claim',
  /** The stream is listening (sent first, without an id). */
  ready: 'ready',
  /** Events may have been missed: read everything again. */
  resync: 'resync',
} as const

/** The data of a `claim` event: which claim, and its stage after the change. */
export const ClaimChanged = Type.Object({
  idEvento: Int,
  statusId: Int,
})
export type ClaimChanged = Static<typeof ClaimChanged>

export const LiveEventsQuery = Strict({
  /** Only this claim's events; refused exactly as reading the claim is (404 unknown, 403 not the session's). */
  idEvento: Type.Optional(Id),
})
export type LiveEventsQuery = Static<typeof LiveEventsQuery>

export const liveCalls = {
  events: defineCall({
    method: 'GET',
    path: '/api/live/events',
    summary: 'Eventos del servidor (text/event-stream): cada cambio de un trámite que la sesión puede leer',
    querystring: LiveEventsQuery,
    response: ClaimChanged,
    stream: true,
  }),
}
