/**
 * Model-based tests of the notifications machine (issue 14): every shortest path and every transition on a real
 * actor whose calls wait on deferred promises; no polling (issue 21: the event stream asks for a refresh); the
 * badge's count.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate'
import { notificationsMachine, selectFirstLoad, selectIsMarking, selectUnread } from '../../machines/notifications.machine'
import { notificationsSamples, unreadNotification } from '../../tools/catalog/samples/notifications.samples'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, replayEachPath, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const generated = generatePaths(notificationsMachine as AnyStateMachine, { events: notificationsSamples.events, kind: 'shortest' })
const coverage = recordCoverage(notificationsMachine)

/** A real actor whose two calls wait on deferred promises the test settles. */
function startActor(inspect?: (event: InspectionEvent) => void) {
  const stub = stubs('loadNotifications', 'markNotificationsRead')
  const actors = { loadNotifications: stub.loadNotifications.logic, markNotificationsRead: stub.markNotificationsRead.logic }
  const actor = createActor(notificationsMachine.provide({ actors }), { inspect }).start()
  return { stub, actor }
}

describeReachability('notifications', notificationsMachine, generated.shortest)

describe('notifications: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof notificationsMachine>
  replayEachPath(generated.paths, () => actor, async (path) => {
    const started = startActor(coverage.inspect)
    const stub = started.stub
    actor = started.actor

    const check = (model: AnyMachineSnapshot) => {
      const real = actor.getSnapshot()
      expect(real.value).toEqual(model.value)
      expect(real.context).toEqual(model.context)
      expect(selectUnread(real)).toBe(real.context.unread)
      expect(selectIsMarking(real)).toBe(real.matches('marking'))
      if (real.matches('marking')) expect(stub.markNotificationsRead.last.input).toEqual(real.context.marking)
    }

    await drivePath(coverage, path, check, { actor: () => actor, stubs: stub })
  })
})

describe('notifications: behaviour', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  const start = () => startActor()
  const settle = () => vi.advanceTimersByTimeAsync(0)

  it('never polls: it reads again only when asked (the event stream, the focus), and shows the new count', async () => {
    const { stub, actor } = start()
    expect(selectFirstLoad(actor.getSnapshot())).toBe(true)
    stub.loadNotifications.resolve({ noLeidas: 0, notificaciones: [] })
    await settle()
    expect(selectUnread(actor.getSnapshot())).toBe(0)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(stub.loadNotifications.calls).toHaveLength(1)
    actor.send({ type: 'notifications.refresh' })
    expect(stub.loadNotifications.calls).toHaveLength(2)
    stub.loadNotifications.resolve({ noLeidas: 1, notificaciones: [unreadNotification] })
    await settle()
    expect(selectUnread(actor.getSnapshot())).toBe(1)
    actor.stop()
  })

  it('marks one read, with the server’s count; a failure keeps it unread and says why', async () => {
    const { stub, actor } = start()
    stub.loadNotifications.resolve({ noLeidas: 2, notificaciones: [unreadNotification, { ...unreadNotification, idNotificacion: 42 }] })
    await settle()
    // Unknown or already read: nothing to send.
    actor.send({ type: 'notification.read', idNotificacion: 999 })
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'notification.read', idNotificacion: 41 })
    expect(stub.markNotificationsRead.last.input).toEqual({ ids: [41] })
    stub.markNotificationsRead.resolve({ noLeidas: 1 })
    await settle()
    expect(actor.getSnapshot().context.items.map((n) => n.leida)).toEqual([true, false])
    expect(selectUnread(actor.getSnapshot())).toBe(1)
    actor.send({ type: 'notification.read', idNotificacion: 41 })
    expect(actor.getSnapshot().value).toBe('ready')

    actor.send({ type: 'notifications.readAll' })
    expect(stub.markNotificationsRead.last.input).toEqual({ todas: true })
    stub.markNotificationsRead.reject(new ApiError('', 500))
    await settle()
    expect(actor.getSnapshot().context.error).toBe('No se pudo marcar como leída')
    expect(actor.getSnapshot().context.items.map((n) => n.leida)).toEqual([true, false])
    actor.send({ type: 'notifications.readAll' })
    stub.markNotificationsRead.resolve({ noLeidas: 0 })
    await settle()
    expect(actor.getSnapshot().context.items.every((n) => n.leida)).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    // Nothing unread: 'Marcar todas' is not offered.
    expect(actor.getSnapshot().can({ type: 'notifications.readAll' })).toBe(false)
    actor.stop()
  })

  it('a failed read keeps the last list and names the reason', async () => {
    const { stub, actor } = start()
    stub.loadNotifications.resolve({ noLeidas: 1, notificaciones: [unreadNotification] })
    await settle()
    actor.send({ type: 'notifications.refresh' })
    stub.loadNotifications.reject(new ApiError('', 500))
    await settle()
    expect(actor.getSnapshot().context.error).toBe('No se pudieron cargar las notificaciones')
    expect(actor.getSnapshot().context.items).toHaveLength(1)
    actor.stop()
  })
})
