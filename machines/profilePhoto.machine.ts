/**
 * profilePhoto: the photo part of /perfil/mi-perfil and /administrador/mi-perfil (spec 2.11 'Profile', 4 'Profile',
 * 8 'Profile photo failure').
 *
 * States: `viewing` ⇄ `changing` (`empty` → `selected`, the file picker and the preview) → `saving` → `viewing`.
 * On success the machine keeps the new address and emits `photo.saved { foto }`: the app forwards it to the session
 * (`photo.update`) so the header chip changes at once. A failure returns to `changing.selected` with the server's
 * reason or 'Error al subir la foto'.
 *
 * The view creates the preview's object URL (`URL.createObjectURL(file)`) and sends it with `photo.select`; the
 * machine keeps only that string. The app's `uploadPhoto` reads the bytes back with `fetch(previewUrl)` and posts
 * them. Whenever a preview is no longer shown the machine emits `preview.discard { url }` so the view can revoke it.
 */
import { assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { failureReason } from './failureReason'
import { isImageFile, NOT_AN_IMAGE } from './uploadFiles'
import { alertDismissal, alertGuards } from './pageAlert'

export const PHOTO_UPLOAD_ERROR = 'Error al subir la foto'

interface PhotoPreview {
  url: string
  fileName: string
  mimeType: string
}

export interface ProfilePhotoInput {
  /** The photo's current address (the header chip's), null for the default image. */
  photo: string | null
}

export interface ProfilePhotoContext {
  photo: string | null
  preview: PhotoPreview | null
  alert: string | null
}

export type UploadPhotoInput = PhotoPreview

export type ProfilePhotoEvent =
  | { type: 'photo.edit' }
  | { type: 'photo.cancel' }
  | { type: 'photo.select'; previewUrl: string; fileName: string; mimeType: string }
  | { type: 'photo.save' }
  /** 'Cancelar carga' while the photo is sending (issue 22): the upload stops, the picked photo stays to save again. */
  | { type: 'upload.cancel' }
  | { type: 'alert.dismiss' }

export type ProfilePhotoEmitted = { type: 'photo.saved'; foto: string } | { type: 'preview.discard'; url: string }

export const profilePhotoMachine = setup({
  types: {
    context: {} as ProfilePhotoContext,
    events: {} as ProfilePhotoEvent,
    input: {} as ProfilePhotoInput,
    emitted: {} as ProfilePhotoEmitted,
  },
  actors: {
    uploadPhoto: toBeProvided<{ foto: string }, UploadPhotoInput>('uploadPhoto'),
  },
  guards: {
    isImageFile: ({ event }) => event.type === 'photo.select' && isImageFile({ name: event.fileName, type: event.mimeType }),
    ...alertGuards,
  },
  actions: {
    discardPreview: enqueueActions(({ context, enqueue }) => {
      if (context.preview) enqueue.emit({ type: 'preview.discard', url: context.preview.url })
    }),
    clearPreview: assign({ preview: null }),
    // A refused file's preview is not kept either.
    discardSelected: emit(({ event }) => ({ type: 'preview.discard' as const, url: event.type === 'photo.select' ? event.previewUrl : '' })),
    storePreview: assign(({ event }) => {
      if (event.type !== 'photo.select') return {}
      return { preview: { url: event.previewUrl, fileName: event.fileName, mimeType: event.mimeType }, alert: null }
    }),
    storePhoto: assign((_, params: { foto: string }) => ({ photo: params.foto })),
    emitSaved: emit((_, params: { foto: string }) => ({ type: 'photo.saved' as const, foto: params.foto })),
    showAlert: assign((_, params: { message: string }) => ({ alert: params.message })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'profilePhoto',
  context: ({ input }) => ({ photo: input.photo, preview: null, alert: null }),
  initial: 'viewing',
  on: alertDismissal,
  states: {
    viewing: {
      meta: { view: '«Mi perfil»: foto, nombre, rol y número «0000000», botón «Cambiar foto»' },
      on: { 'photo.edit': 'changing' },
    },
    changing: {
      description: 'Pantalla de cambio de foto: selector de archivo y vista previa.',
      meta: { view: '«Cambiar foto de perfil» con «Elegir imagen», «Cancelar» y «Guardar»' },
      initial: 'empty',
      on: {
        'photo.select': [
          { guard: 'isImageFile', target: '.selected', actions: ['discardPreview', 'storePreview'] },
          { actions: ['discardSelected', { type: 'showAlert', params: { message: NOT_AN_IMAGE } }] },
        ],
        'photo.cancel': { target: 'viewing', actions: ['discardPreview', 'clearPreview', 'dismissAlert'] },
      },
      states: {
        empty: { meta: { view: '«Foto actual»; «Guardar» deshabilitado; un archivo no imagen muestra «Error: Se requiere una imagen JPG, PNG o WebP»' } },
        selected: {
          meta: { view: '«Vista previa» de la nueva foto y «Guardar» habilitado; tras un fallo, alerta con el motivo o «Error al subir la foto»' },
          on: { 'photo.save': '#profilePhoto.saving' },
        },
      },
    },
    saving: {
      meta: { view: '«Guardar» con indicador de carga, la barra «1.2 de 3.0 MB», tiempo restante y «Cancelar carga»; «Cancelar» deshabilitado' },
      entry: 'dismissAlert',
      // Leaving the state stops the transport, which cancels the upload on the server.
      on: { 'upload.cancel': 'changing.selected' },
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => context.preview!,
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'storePhoto', params: ({ event }) => ({ foto: event.output.foto }) },
            { type: 'emitSaved', params: ({ event }) => ({ foto: event.output.foto }) },
            'discardPreview',
            'clearPreview',
          ],
        },
        onError: {
          target: 'changing.selected',
          actions: { type: 'showAlert', params: ({ event }) => ({ message: failureReason(event.error, PHOTO_UPLOAD_ERROR) }) },
        },
      },
    },
  },
})

export type ProfilePhotoSnapshot = SnapshotFrom<typeof profilePhotoMachine>

/** The photo-change screen shows (file picker, preview, Guardar); otherwise the profile view. */
export const selectIsChanging = (snapshot: ProfilePhotoSnapshot): boolean => snapshot.matches('changing') || snapshot.matches('saving')
export const selectIsSaving = (snapshot: ProfilePhotoSnapshot): boolean => snapshot.matches('saving')
export const selectCanSave = (snapshot: ProfilePhotoSnapshot): boolean => snapshot.can({ type: 'photo.save' })
export const selectPreviewUrl = (snapshot: ProfilePhotoSnapshot): string | null => snapshot.context.preview?.url ?? null
/** What the profile shows: the saved photo, or null for the default image. */
export const selectPhoto = (snapshot: ProfilePhotoSnapshot): string | null => snapshot.context.photo
