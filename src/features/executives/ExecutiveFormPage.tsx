/**
 * The executive form (spec 2.6, 5 'Executive form', 8) at /administrador/ejecutivos/nuevo-ejecutivo,
 * /editar-ejecutivo/{id} and /ver-ejecutivo/{id}, on the executiveForm actor. The machine loads the record, holds
 * the values, applies the rules of src/lib/rules (messages in each field's warning tooltip, the password's missing
 * items, 'Las contraseñas no coinciden', the company domains of the runtime configuration), gates 'Guardar' and
 * saves; once it is done the view goes back to the list. The view only renders slices and sends events.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  ACTIVO_OPTIONS,
  EXECUTIVE_LABELS,
  WORK_LOCATIONS,
  executiveFormMachine,
  selectCanSave,
  selectFieldErrors,
  selectIsLoading,
  selectIsReadOnly,
  selectIsSaving,
  selectPasswordMissing,
  selectSaveBlockers,
  selectVisibleErrors,
} from '../../../machines/executiveForm.machine'
import type { FormMode } from '../../lib/profile'
import { MESSAGES, type ExecutiveField } from '../../../domain/rules'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { Banner, ButtonLink, Card, EditIcon, fieldGrid, LoadFailed, LoadingBlock, PageHeader, Select, TextField, wideField } from '../../ui'
import { executiveFormActors } from './actors'
import { readOnlyLook } from './formLook'
import { EXECUTIVE_TEXTS as T } from './messages'
import { executiveEditPath, EXECUTIVES_PATH } from './paths'
import { SaveWithBlockers } from './SaveWithBlockers'
import { sameErrors } from './sameErrors'
import { inspect } from '../../lib/inspect'

type ExecutiveFormActor = ActorRefFrom<typeof executiveFormMachine>

const TITLES: Record<FormMode, string> = { create: T.createTitle, edit: T.editTitle, view: T.viewTitle }
const STATUS_OPTIONS = ACTIVO_OPTIONS.map((o) => ({ value: o.value, label: o.label }))
const LOCATION_OPTIONS = WORK_LOCATIONS.map((location) => ({ value: location, label: location }))

export function ExecutiveFormPage({ mode }: { mode: FormMode }) {
  const { idEjecutivo } = useParams()
  // Another executive or another mode is another workflow: remount so the machine starts over.
  return <ExecutiveForm key={`${mode}/${idEjecutivo ?? ''}`} mode={mode} idUser={Number(idEjecutivo) || undefined} />
}

function ExecutiveForm({ mode, idUser }: { mode: FormMode; idUser?: number }) {
  const actor = useActorRef(executiveFormMachine.provide({ actors: executiveFormActors }), {
    input: { mode, idUser, internalDomains: getRuntimeConfig().internalEmailDomains },
    inspect,
  })
  const done = useSelector(actor, (s) => s.status === 'done')
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))

  // The list shows the success notice it receives as navigation state.
  if (done) return <Navigate to={EXECUTIVES_PATH} replace state={{ notice: mode === 'create' ? T.created : T.saved }} />

  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <PageHeader
        title={TITLES[mode]}
        backTo={EXECUTIVES_PATH}
        backLabel={T.back}
        actions={
          mode === 'view' && idUser && !loading && !loadFailed ? (
            <ButtonLink to={executiveEditPath(idUser)} variant="secondary">
              <EditIcon size={18} />
              {T.goEdit}
            </ButtonLink>
          ) : null
        }
      />
      {loading ? <LoadingBlock label={T.formLoading} lines={6} /> : null}
      {loadFailed ? <LoadFailure actor={actor} /> : null}
      {!loading && !loadFailed ? <ExecutiveFields actor={actor} mode={mode} /> : null}
    </div>
  )
}

function LoadFailure({ actor }: { actor: ExecutiveFormActor }) {
  const alert = useSelector(actor, (s) => s.context.alert)
  return <LoadFailed onRetry={() => actor.send({ type: 'load.retry' })}>{alert}</LoadFailed>
}

function ExecutiveFields({ actor, mode }: { actor: ExecutiveFormActor; mode: FormMode }) {
  const values = useSelector(actor, (s) => s.context.values)
  // Text fields show the messages of the fields the user changed or left (the machine's `touched`); selects show
  // theirs once opened and closed, which only the Select itself sees, so they get every message.
  const visibleErrors = useSelector(actor, selectVisibleErrors, sameErrors)
  const errors = useSelector(actor, selectFieldErrors, sameErrors)
  const readOnly = useSelector(actor, selectIsReadOnly)
  const saving = useSelector(actor, selectIsSaving)
  const canSave = useSelector(actor, selectCanSave)
  const blockers = useSelector(actor, selectSaveBlockers, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const missing = useSelector(actor, selectPasswordMissing, (a, b) => a.join() === b.join())

  const change = (field: ExecutiveField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const blur = (field: ExecutiveField) => () => actor.send({ type: 'field.blur', field })
  const reason = (field: ExecutiveField) => visibleErrors[field] ?? null
  const selectReason = (field: ExecutiveField) => errors[field] ?? null
  // What every text field of the form binds the same way: its value, its events and its message.
  const textField = (field: ExecutiveField) => ({
    name: field,
    value: values[field],
    onValueChange: change(field),
    onBlur: blur(field),
    reason: reason(field),
    forceReason: true,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <Card as="section" aria-label={TITLES[mode]} className={readOnly ? readOnlyLook : undefined}>
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '5' })}>
        <fieldset disabled={saving} className={fieldGrid}>
          <TextField
            label={EXECUTIVE_LABELS.nombre}
            {...textField('nombre')}
            autoComplete="off"
            readOnly={readOnly}
            aria-required={!readOnly}
            className={wideField}
          />
          <TextField
            label={EXECUTIVE_LABELS.phone}
            {...textField('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            readOnly={readOnly}
            aria-required={!readOnly}
          />
          <TextField
            label={EXECUTIVE_LABELS.email}
            {...textField('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            readOnly={readOnly}
            aria-required={!readOnly}
          />
          <Select
            label={EXECUTIVE_LABELS.activo}
            name="activo"
            options={STATUS_OPTIONS}
            placeholderValue={null}
            value={values.activo}
            onValueChange={change('activo')}
            reason={selectReason('activo')}
            // Spec section 5: the status selector shows 'Campo requerido' while it is blank.
            forceReason={!readOnly && values.activo === ''}
            disabled={readOnly}
          />
          <Select
            label={EXECUTIVE_LABELS.ubicacion}
            name="ubicacion"
            options={LOCATION_OPTIONS}
            value={values.ubicacion}
            onValueChange={change('ubicacion')}
            reason={selectReason('ubicacion')}
            disabled={readOnly}
          />
          {readOnly ? null : (
            <>
              <TextField
                label={EXECUTIVE_LABELS.password}
                {...textField('password')}
                type="password"
                autoComplete="new-password"
                revealable
                aria-required={mode === 'create'}
                helperText={missing.length > 0 || mode === 'edit' ? <PasswordHelp missing={missing} mode={mode} /> : undefined}
              />
              <TextField
                label={EXECUTIVE_LABELS.confirmPassword}
                {...textField('confirmPassword')}
                type="password"
                autoComplete="new-password"
                revealable
                aria-required={mode === 'create'}
              />
            </>
          )}
        </fieldset>
        {readOnly ? null : (
          <>
            <SaveAlert actor={actor} />
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
              <SaveWithBlockers canSave={canSave} saving={saving} blockers={blockers}>
                {mode === 'create' ? T.save : T.saveChanges}
              </SaveWithBlockers>
            </div>
          </>
        )}
      </form>
    </Card>
  )
}

/** The password's missing items, visible (not only in the tooltip) so the rule can be followed while typing. */
function PasswordHelp({ missing, mode }: { missing: string[]; mode: FormMode }) {
  const hint = mode === 'edit' ? T.passwordHint : null
  if (missing.length === 0) return hint
  return (
    <span className={css({ display: 'grid', gap: '0.5' })}>
      {hint ? <span>{hint}</span> : null}
      <span>{MESSAGES.passwordPrefix}</span>
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
        {missing.map((item) => (
          <span key={item} className={css({ px: '1.5', borderRadius: 'l1', bg: 'bg.muted', color: 'fg.default' })}>
            {item}
          </span>
        ))}
      </span>
    </span>
  )
}

function SaveAlert({ actor }: { actor: ExecutiveFormActor }) {
  const alert = useSelector(actor, (s) => s.context.alert)
  const detail = useSelector(actor, (s) => s.context.alertDetail)
  if (!alert) return null
  return (
    <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
      {alert}
      {detail ? <span className={css({ display: 'block', fontSize: 'sm', mt: '1' })}>{detail}</span> : null}
    </Banner>
  )
}
