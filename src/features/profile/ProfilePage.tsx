/**
 * Mi perfil (spec 2.11 'Profile', 4 'Profile', 8 'Profile photo failure') at /perfil/mi-perfil and
 * /administrador/mi-perfil: the photo, name, role and number (a fixed placeholder), the read-only 'Datos de perfil'
 * block (hidden for administrators) and the photo-change view (file picker, preview, Guardar).
 *
 * The profilePhoto actor owns the view ⇄ photo-change toggle, the image rule and the upload; the profileData actor
 * loads the block. When the photo is saved the actor emits `photo.saved` and the page forwards it to the session
 * (`photo.update`), so the header chip changes at once; preview object URLs are revoked when the actor discards them.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { createByteProgress, type ByteProgress } from '../uploads/byteProgress'
import { RunningUpload } from '../uploads/RunningUpload'
import { type ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  profilePhotoMachine,
  selectCanSave,
  selectIsChanging,
  selectIsSaving,
  selectPhoto,
  selectPreviewUrl,
  type UploadPhotoInput,
} from '../../../machines/profilePhoto.machine'
import { getProfileRecord, uploadProfilePhoto } from '../../api/profile'
import type { SessionUser } from '../../../domain/contract/auth'
import { useSessionActor, useSessionUser } from '../../lib/session'
import { fullName } from '../../lib/format'
import type { StaffArea } from '../../lib/profile'
import { activoLabel } from '../../../domain/rules'
import { ROLE } from '../../../domain/roles'
import { Avatar, Banner, Button, Card, FileUpload, Highlight, LoadFailed, LoadingBlock, notify, PageHeader, TextField, UploadIcon } from '../../ui'
import { readOnlyLook } from '../executives/formLook'
import { PROFILE_TEXTS as T } from './messages'
import { profileDataMachine, selectAlert, selectIsLoading, selectRecord, type ProfileRecord } from '../../../machines/profileData.machine'
import { inspect } from '../../lib/inspect'
import { fromRequest } from '../../lib/requestActor'

type PhotoActor = ActorRefFrom<typeof profilePhotoMachine>

const IMAGE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
}

export function ProfilePage(_props: { area: StaffArea }) {
  const user = useSessionUser()
  if (!user) return null
  // Another user is another profile: remount so both actors start over.
  return <Profile key={user.idUser ?? 0} user={user} />
}

function Profile({ user }: { user: SessionUser }) {
  const session = useSessionActor()
  // Picked files by preview address: the machine keeps only the address (serializable), the upload needs the bytes.
  const files = useRef(new Map<string, File>())
  // The photo's bytes while it sends (issue 22), for the progress panel.
  const [progress] = useState(createByteProgress)
  const actor = useActorRef(
    profilePhotoMachine.provide({
      actors: {
        uploadPhoto: fromRequest<{ foto: string }, UploadPhotoInput>(async ({ input, signal }) => {
          const file = files.current.get(input.url) ?? (await (await fetch(input.url, { signal })).blob())
          progress.start(file.size)
          return uploadProfilePhoto(file, input.fileName, { signal, onProgress: progress.report })
        }),
      },
    }),
    { input: { photo: user.foto ?? null }, inspect },
  )
  const changing = useSelector(actor, selectIsChanging)
  const isAdmin = user.userType === 'Administrador' || user.rol === String(ROLE.admin)

  // Subscriptions to what the actor emits (it already decided): the header chip and the preview's object URL.
  useEffect(() => {
    const saved = actor.on('photo.saved', (event) => session.send({ type: 'photo.update', foto: event.foto }))
    const discarded = actor.on('preview.discard', (event) => {
      files.current.delete(event.url)
      if (event.url.startsWith('blob:')) URL.revokeObjectURL(event.url)
    })
    return () => {
      saved.unsubscribe()
      discarded.unsubscribe()
    }
  }, [actor, session])

  const pick = (file: File) => {
    const previewUrl = URL.createObjectURL(file)
    files.current.set(previewUrl, file)
    actor.send({ type: 'photo.select', previewUrl, fileName: file.name, mimeType: file.type })
  }

  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl' })}>
      <PageHeader title={T.title} />
      {changing ? (
        <PhotoChange actor={actor} onPick={pick} progress={progress} />
      ) : (
        <>
          <Summary actor={actor} user={user} />
          {isAdmin ? null : <ProfileData idUser={user.idUser ?? 0} />}
        </>
      )}
    </div>
  )
}

function Summary({ actor, user }: { actor: PhotoActor; user: SessionUser }) {
  const photo = useSelector(actor, selectPhoto)
  const name = fullName(user)
  return (
    <Card as="section" aria-label={T.summary}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: { base: '4', md: '6' }, flexWrap: 'wrap' })}>
        <Avatar src={photo} size={96} alt={T.photoAlt(name)} />
        <div className={css({ flex: '1', minW: '48', display: 'grid', gap: '1' })}>
          <h2 className={css({ fontSize: 'xl', fontWeight: 'bold', color: 'fg.default', overflowWrap: 'anywhere' })}>
            <Highlight text={name} />
          </h2>
          <dl className={css({ display: 'grid', gap: '0.5', fontSize: 'sm', color: 'fg.muted' })}>
            <SummaryRow label={T.role} value={user.userType} />
            <SummaryRow label={T.number} value={T.placeholderNumber} />
          </dl>
        </div>
        <Button variant="secondary" startIcon={<UploadIcon size={18} />} onClick={() => actor.send({ type: 'photo.edit' })}>
          {T.changePhoto}
        </Button>
      </div>
    </Card>
  )
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className={css({ display: 'flex', gap: '1.5' })}>
      <dt>
        <Highlight text={label} />:
      </dt>
      <dd className={css({ color: 'fg.default', fontWeight: 'semibold' })}>
        <Highlight text={value} />
      </dd>
    </div>
  )
}

const dataGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })

function ProfileData({ idUser }: { idUser: number }) {
  const actor = useActorRef(
    profileDataMachine.provide({
      actors: {
        loadProfile: fromRequest<ProfileRecord, { idUser: number }>(({ input, signal }) => getProfileRecord(input.idUser, signal)),
      },
    }),
    { input: { idUser }, inspect },
  )
  const record = useSelector(actor, selectRecord)
  const alert = useSelector(actor, selectAlert)
  const loading = useSelector(actor, selectIsLoading)

  return (
    <Card as="section" title={T.dataTitle} aria-label={T.dataTitle} className={readOnlyLook}>
      {loading ? <LoadingBlock label={T.dataLoading} lines={3} /> : null}
      {alert ? (
        <LoadFailed onRetry={() => actor.send({ type: 'profile.reload' })}>{alert}</LoadFailed>
      ) : null}
      {record ? (
        <div className={dataGrid}>
          <ReadOnly label={T.name} value={fullName(record)} wide />
          <ReadOnly label={T.phone} value={record.telefono ?? ''} />
          <ReadOnly label={T.email} value={record.email ?? ''} />
          <ReadOnly label={T.status} value={activoLabel(record.activo)} />
          <ReadOnly label={T.workLocation} value={record.ubicacionLaboral ?? ''} />
        </div>
      ) : null}
    </Card>
  )
}

function ReadOnly({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <TextField
      label={label}
      value={value}
      onValueChange={() => {}}
      readOnly
      className={wide ? css({ md: { gridColumn: 'span 2' } }) : undefined}
    />
  )
}

function PhotoChange({ actor, onPick, progress }: { actor: PhotoActor; onPick: (file: File) => void; progress: ByteProgress }) {
  const preview = useSelector(actor, selectPreviewUrl)
  const photo = useSelector(actor, selectPhoto)
  const canSave = useSelector(actor, selectCanSave)
  const saving = useSelector(actor, selectIsSaving)
  const alert = useSelector(actor, (s) => s.context.alert)

  return (
    <Card as="section" title={T.changeTitle} aria-label={T.changeTitle}>
      <div className={css({ display: 'grid', gap: '5' })}>
        <div className={css({ display: 'flex', gap: '6', alignItems: 'center', flexWrap: 'wrap' })}>
          <figure className={css({ display: 'grid', justifyItems: 'center', gap: '2', m: '0' })}>
            {preview ? (
              <img
                src={preview}
                alt={T.previewAlt}
                className={css({ w: '40', h: '40', borderRadius: 'full', objectFit: 'cover', borderWidth: '2px', borderColor: 'border.primary' })}
              />
            ) : (
              <Avatar src={photo} size={160} alt={T.currentAlt} />
            )}
            <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>{preview ? T.preview : T.current}</figcaption>
          </figure>
          <div className={css({ display: 'grid', gap: '2', flex: '1', minW: '56' })}>
            <FileUpload
              label={T.pickLabel}
              buttonLabel={T.pick}
              accept={IMAGE_TYPES}
              typeCheck="caller"
              disabled={saving}
              onFile={onPick}
              onReject={(reason) => notify(reason)}
            />
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{T.pickHelp}</p>
          </div>
        </div>
        {alert ? (
          <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
            {alert}
          </Banner>
        ) : null}
        {saving ? (
          <RunningUpload label={T.sending} name={T.photoName} progress={progress} onCancel={() => actor.send({ type: 'upload.cancel' })} />
        ) : null}
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
          <Button variant="secondary" disabled={saving} onClick={() => actor.send({ type: 'photo.cancel' })}>
            {T.cancel}
          </Button>
          <Button disabled={!canSave} loading={saving} onClick={() => actor.send({ type: 'photo.save' })}>
            {T.save}
          </Button>
        </div>
      </div>
    </Card>
  )
}
