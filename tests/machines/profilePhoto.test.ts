/**
 * Model-based tests of the profile photo change. Every shortest path plus one path per remaining transition is
 * replayed on a real actor whose upload waits on a deferred promise; each state is checked for what the profile
 * shows and for the object URLs the view still has to keep (every other one was handed back with preview.discard).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  PHOTO_UPLOAD_ERROR,
  profilePhotoMachine,
  selectCanSave,
  selectIsChanging,
  selectIsSaving,
  selectPhoto,
  selectPreviewUrl,
  type ProfilePhotoEmitted,
} from '../../machines/profilePhoto.machine'
import { NOT_AN_IMAGE } from '../../machines/uploadFiles'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, itKeepsPathsFew, logicOf, namedPaths, stubs } from './drivers/deferredActors'
import { ApiError } from '../../domain/contract/envelope'

const INPUT = { photo: null }
const SAVED = '/api/file/photo/5b0c7a4e-0000-4000-8000-000000000001.png'
const SERVER_REASON = 'Error: Se requiere una imagen JPG, PNG o WebP'
const EVENTS = [
  { type: 'photo.select', previewUrl: 'blob:portal/1', fileName: 'yo.png', mimeType: 'image/png' },
  { type: 'photo.select', previewUrl: 'blob:portal/2', fileName: 'yo.webp', mimeType: 'image/webp' },
  { type: 'photo.select', previewUrl: 'blob:portal/3', fileName: 'cv.pdf', mimeType: 'application/pdf' },
  { type: 'xstate.done.actor.uploadPhoto', output: { foto: SAVED } },
  { type: 'xstate.error.actor.uploadPhoto', error: new ApiError(SERVER_REASON, 409) },
  { type: 'xstate.error.actor.uploadPhoto', error: { message: 'Failed to fetch' } },
] as const

const generated = generatePaths(profilePhotoMachine as AnyStateMachine, { events: EVENTS, input: INPUT, kind: 'shortest' })
const coverage = recordCoverage(profilePhotoMachine, { input: INPUT })

describeReachability('profilePhoto', profilePhotoMachine, generated.shortest)

describe('profilePhoto: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof profilePhotoMachine>
  afterEach(() => actor?.stop())

  itKeepsPathsFew(generated.paths, { moreThan: 5, lessThan: 300 })

  for (const [name, path] of namedPaths('profilePhoto', generated.paths)) {
    it(name, async () => {
      const stub = stubs('uploadPhoto')
      actor = createActor(profilePhotoMachine.provide({ actors: logicOf(stub) }), {
        input: INPUT,
        inspect: coverage.inspect,
      })
      const emitted: ProfilePhotoEmitted[] = []
      actor.on('*', (event) => emitted.push(event))
      actor.start()
      const created: string[] = []

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        const { alert, preview } = real.context
        expect(selectIsChanging(real)).toBe(!real.matches('viewing'))
        expect(selectIsSaving(real)).toBe(real.matches('saving'))
        // 'Guardar' once an image is previewed.
        expect(selectCanSave(real)).toBe(real.matches({ changing: 'selected' }))
        expect(selectPreviewUrl(real)).toBe(real.matches('viewing') ? null : (preview?.url ?? null))
        if (real.matches({ changing: 'selected' })) expect(['image/png', 'image/webp']).toContain(preview!.mimeType)
        if (real.matches('saving')) expect(stub.uploadPhoto.last.input).toEqual(preview)

        // The object URLs the view must keep: created and not yet discarded. Only the shown preview remains.
        // (Samples reuse URLs, so count them: each discard hands back one creation.)
        const live = [...created]
        for (const event of emitted) {
          if (event.type !== 'preview.discard') continue
          const index = live.indexOf(event.url)
          expect(index, `discarded ${event.url} that the view no longer had`).toBeGreaterThanOrEqual(0)
          live.splice(index, 1)
        }
        expect(live).toEqual(preview ? [preview.url] : [])

        const saves = emitted.filter((e) => e.type === 'photo.saved')
        expect(selectPhoto(real)).toBe(saves.length ? SAVED : null)
        expect(saves.every((e) => e.type === 'photo.saved' && e.foto === SAVED)).toBe(true)
        if (alert !== null) expect([NOT_AN_IMAGE, SERVER_REASON, PHOTO_UPLOAD_ERROR]).toContain(alert)
        if (real.matches('viewing')) expect(alert).toBeNull()
      }

      await drivePath(coverage, path, check, {
        actor: () => actor,
        stubs: stub,
        custom: {
          'photo.select': (event) => {
            created.push((event as unknown as { previewUrl: string }).previewUrl)
            actor.send(event as never)
          },
        },
      })
    })
  }
})

describe('profilePhoto: saving on a real actor', () => {
  it('emits photo.saved with response.foto so the header chip can change at once', async () => {
    const stub = stubs('uploadPhoto')
    const actor = createActor(profilePhotoMachine.provide({ actors: logicOf(stub) }), {
      input: { photo: '/api/file/photo/old.png' },
    })
    const saved: string[] = []
    actor.on('photo.saved', (event) => saved.push(event.foto))
    actor.start()
    actor.send({ type: 'photo.edit' })
    expect(selectCanSave(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'photo.select', previewUrl: 'blob:portal/9', fileName: 'yo.jpg', mimeType: 'image/jpeg' })
    actor.send({ type: 'photo.save' })
    expect(stub.uploadPhoto.last.input).toEqual({ url: 'blob:portal/9', fileName: 'yo.jpg', mimeType: 'image/jpeg' })
    stub.uploadPhoto.resolve({ foto: SAVED })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(saved).toEqual([SAVED])
    expect(actor.getSnapshot().matches('viewing')).toBe(true)
    expect(selectPhoto(actor.getSnapshot())).toBe(SAVED)
    actor.stop()
  })
})
