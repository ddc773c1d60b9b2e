/**
 * The provider form (spec 2.6, 3 'Provider', 4 'After provider create/edit', 5 'Provider form', 8): 'Nuevo
 * proveedor' at /administrador/proveedores/nuevo-proveedor, the read-only 'Datos del proveedor' at
 * /ver-proveedor/{id} and the edit form with 'Guardar cambios' at /editar-proveedor/{id}, on the providerForm actor.
 * The machine loads the catalogues and the record, decides which fields the medical or non-medical variant shows,
 * loads municipalities for the chosen state and neighbourhoods for the chosen municipality, applies the rules and
 * gates the save. Once it is done, a create opens the new provider's page and an edit goes back to the list.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  PROVIDER_LABELS,
  providerFormMachine,
  selectCanSave,
  selectFieldErrors,
  selectIsLoading,
  selectIsLoadingColonias,
  selectIsLoadingMunicipios,
  selectIsReadOnly,
  selectIsRequired,
  selectIsSaving,
  selectSaveBlockers,
  selectVisibleErrors,
  selectVisibleFields,
  type ProviderEditableField,
  type ProviderFormSnapshot,
} from '../../../machines/providerForm.machine'
import type { FormMode } from '../../lib/profile'
import {
  ACTIVO_OPTIONS,
  CONTRACT_OPTIONS,
  CONTRACT_STATUS_OPTIONS,
  PROVIDER_TYPE_OPTIONS,
  type ProviderField,
} from '../../../domain/rules'
import { Banner, ButtonLink, Card, EditIcon, LoadFailed, LoadingBlock, PageHeader, Select, type SelectOption, TextField } from '../../ui'
import { SaveWithBlockers } from '../executives/SaveWithBlockers'
import { readOnlyLook } from '../executives/formLook'
import { NavigationNotice } from '../executives/NavigationNotice'
import { providerFormActors } from './actors'
import { PROVIDER_TEXTS as T } from './messages'
import { PROVIDERS_PATH, providerEditPath, providerViewPath } from './paths'
import { inspect } from '../../lib/inspect'

type ProviderFormActor = ActorRefFrom<typeof providerFormMachine>

const TITLES: Record<FormMode, string> = { create: T.createTitle, edit: T.editTitle, view: T.viewTitle }

export function ProviderFormPage({ mode }: { mode: FormMode }) {
  const { idProveedor } = useParams()
  // Another provider or another mode is another workflow: remount so the machine starts over.
  return <ProviderForm key={`${mode}/${idProveedor ?? ''}`} mode={mode} idProveedor={Number(idProveedor) || undefined} />
}

function ProviderForm({ mode, idProveedor }: { mode: FormMode; idProveedor?: number }) {
  const actor = useActorRef(providerFormMachine.provide({ actors: providerFormActors }), { input: { mode, idProveedor }, inspect })
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : null))
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))

  // Spec 4: after create the new provider's view page, after edit the list.
  if (output?.result === 'created') return <Navigate to={providerViewPath(output.idProveedor)} replace state={{ notice: T.created }} />
  if (output?.result === 'edited') return <Navigate to={PROVIDERS_PATH} replace state={{ notice: T.saved }} />

  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <PageHeader
        title={TITLES[mode]}
        backTo={PROVIDERS_PATH}
        backLabel={T.back}
        actions={
          mode === 'view' && idProveedor && !loading && !loadFailed ? (
            <ButtonLink to={providerEditPath(idProveedor)} variant="secondary">
              <EditIcon size={18} />
              {T.goEdit}
            </ButtonLink>
          ) : null
        }
      />
      {mode === 'view' ? <NavigationNotice /> : null}
      {loading ? <LoadingBlock label={T.formLoading} lines={8} /> : null}
      {loadFailed ? <LoadFailure actor={actor} /> : null}
      {!loading && !loadFailed ? <ProviderFields actor={actor} mode={mode} /> : null}
    </div>
  )
}

function LoadFailure({ actor }: { actor: ProviderFormActor }) {
  const alert = useSelector(actor, (s) => s.context.alert)
  return <LoadFailed onRetry={() => actor.send({ type: 'load.retry' })}>{alert}</LoadFailed>
}

/** The form's sections, in order; a field shows only when the machine lists it as visible. */
const SECTIONS: ReadonlyArray<{ title: string; fields: readonly ProviderField[] }> = [
  { title: T.general, fields: ['tipo', 'nombreProveedor', 'activo', 'servicio'] },
  { title: T.medical, fields: ['nivel', 'tipoEspecialidad', 'especialidad', 'costoNormal', 'estudio'] },
  { title: T.contract, fields: ['contrato', 'contratoYear', 'contratoEstatus'] },
  { title: T.location, fields: ['estado', 'municipio', 'colonia', 'calle', 'numeroExterior', 'numeroInterior', 'codigoPostal'] },
  { title: T.contact, fields: ['telefono1', 'telefono2', 'email', 'horarios', 'observaciones', 'puntosImportantes'] },
  { title: T.access, fields: ['password', 'confirmPassword'] },
]

const FIXED_CHOICES: Partial<Record<ProviderField, readonly SelectOption[]>> = {
  tipo: PROVIDER_TYPE_OPTIONS,
  activo: ACTIVO_OPTIONS,
  contrato: CONTRACT_OPTIONS,
  contratoEstatus: CONTRACT_STATUS_OPTIONS,
}

const WIDE: readonly ProviderField[] = ['nombreProveedor', 'horarios']
const FULL_ROW: readonly ProviderField[] = ['observaciones', 'puntosImportantes']

interface InputLook {
  type?: string
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel'
  maxLength?: number
  autoComplete?: string
}
const INPUTS: Partial<Record<ProviderField, InputLook>> = {
  costoNormal: { inputMode: 'decimal' },
  contratoYear: { inputMode: 'numeric' },
  numeroExterior: { inputMode: 'numeric' },
  // No maxLength on ranged numbers: the range rule answers with its own message (spec section 5).
  codigoPostal: { inputMode: 'numeric' },
  telefono1: { type: 'tel', inputMode: 'numeric', maxLength: 10 },
  telefono2: { type: 'tel', inputMode: 'numeric', maxLength: 10 },
  email: { type: 'email', inputMode: 'email' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
}

const sectionBox = css({ minW: '0', border: 'none', p: '0', m: '0' })
const sectionGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
})
const legend = css({ fontSize: 'md', fontWeight: 'bold', color: 'fg.default', mb: '3', p: '0' })

const wide = css({ md: { gridColumn: 'span 2' } })
const fullRow = css({ gridColumn: '1 / -1' })

function ProviderFields({ actor, mode }: { actor: ProviderFormActor; mode: FormMode }) {
  const visible = useSelector(actor, selectVisibleFields, (a, b) => a.join() === b.join())
  const readOnly = useSelector(actor, selectIsReadOnly)
  const saving = useSelector(actor, selectIsSaving)
  const canSave = useSelector(actor, selectCanSave)
  const blockers = useSelector(actor, selectSaveBlockers, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const tipoChosen = useSelector(actor, (s) => s.context.values.tipo !== '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <Card as="section" aria-label={TITLES[mode]} className={readOnly ? readOnlyLook : undefined}>
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '6' })}>
        {SECTIONS.map((section) => {
          const fields = section.fields.filter(
            (field) => visible.includes(field) && !(readOnly && (field === 'password' || field === 'confirmPassword')),
          )
          if (fields.length === 0) return null
          return (
            <fieldset key={section.title} disabled={saving} className={sectionBox}>
              <legend className={legend}>{section.title}</legend>
              <div className={sectionGrid}>
                {fields.map((field) => (
                  <ProviderInput key={field} actor={actor} field={field} mode={mode} />
                ))}
              </div>
            </fieldset>
          )
        })}
        {!readOnly && !tipoChosen ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{T.chooseType}</p> : null}
        {readOnly ? null : (
          <>
            <SaveAlert actor={actor} />
            <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
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

const toOptions = (list: ReadonlyArray<{ id: number; nombre: string }>): SelectOption[] =>
  list.map((o) => ({ value: String(o.id), label: o.nombre }))

function ProviderInput({ actor, field, mode }: { actor: ProviderFormActor; field: ProviderField; mode: FormMode }) {
  const value = useSelector(actor, (s) => s.context.values[field])
  // Text fields show the messages of fields the user changed or left (the machine's `touched`).
  const reason = useSelector(actor, (s) => selectVisibleErrors(s)[field] ?? null)
  const required = useSelector(actor, (s: ProviderFormSnapshot) => selectIsRequired(s, field))
  const readOnly = useSelector(actor, selectIsReadOnly)
  const label = PROVIDER_LABELS[field]
  const className = FULL_ROW.includes(field) ? fullRow : WIDE.includes(field) ? wide : undefined

  const fixed = FIXED_CHOICES[field]
  if (fixed || field === 'servicio') return <ChoiceSelect actor={actor} field={field as ProviderEditableField} options={fixed} />
  if (field === 'estado' || field === 'municipio' || field === 'colonia') return <LocationSelect actor={actor} field={field} />

  const look = INPUTS[field] ?? {}
  const isPassword = field === 'password' || field === 'confirmPassword'
  return (
    <TextField
      label={label}
      name={field}
      type={look.type}
      inputMode={look.inputMode}
      maxLength={look.maxLength}
      autoComplete={look.autoComplete ?? 'off'}
      revealable={isPassword}
      value={value}
      onValueChange={(next) => actor.send({ type: 'field.change', field: field as ProviderEditableField, value: next })}
      onBlur={() => actor.send({ type: 'field.blur', field })}
      reason={reason}
      forceReason
      readOnly={readOnly}
      aria-required={!readOnly && required}
      helperText={field === 'password' && mode === 'edit' ? T.passwordHint : undefined}
      className={className}
    />
  )
}

function ChoiceSelect({ actor, field, options }: { actor: ProviderFormActor; field: ProviderEditableField; options?: readonly SelectOption[] }) {
  const value = useSelector(actor, (s) => s.context.values[field])
  const reason = useSelector(actor, (s) => selectFieldErrors(s)[field] ?? null)
  const readOnly = useSelector(actor, selectIsReadOnly)
  const servicios = useSelector(actor, (s) => s.context.servicios)
  const list = options ?? toOptions(servicios)
  return (
    <Select
      label={PROVIDER_LABELS[field]}
      name={field}
      options={list}
      // Fixed lists use '0' as a real choice (Activo, No médico, No); only the service catalogue's '0' means none.
      placeholderValue={options ? null : '0'}
      value={value}
      onValueChange={(next) => actor.send({ type: 'field.change', field, value: next })}
      reason={reason}
      disabled={readOnly}
    />
  )
}

const LOCATION_EVENTS = { estado: 'estado.select', municipio: 'municipio.select', colonia: 'colonia.select' } as const
const LOCATION_LISTS = { estado: 'estados', municipio: 'municipios', colonia: 'colonias' } as const

function LocationSelect({ actor, field }: { actor: ProviderFormActor; field: 'estado' | 'municipio' | 'colonia' }) {
  const value = useSelector(actor, (s) => s.context.values[field])
  const reason = useSelector(actor, (s) => selectFieldErrors(s)[field] ?? null)
  const readOnly = useSelector(actor, selectIsReadOnly)
  const list = useSelector(actor, (s) => s.context[LOCATION_LISTS[field]])
  const loadingList = useSelector(actor, (s) =>
    field === 'municipio' ? selectIsLoadingMunicipios(s) : field === 'colonia' ? selectIsLoadingColonias(s) || selectIsLoadingMunicipios(s) : false,
  )
  // The list this one depends on, not chosen yet: an empty list is not an error, it says what comes first (issue 21).
  const parent = field === 'municipio' ? 'estado' : field === 'colonia' ? 'municipio' : null
  const parentValue = useSelector(actor, (s) => (parent ? s.context.values[parent] : ''))
  const waitsForParent = parent !== null && (parentValue === '' || parentValue === '0')
  return (
    <Select
      label={PROVIDER_LABELS[field]}
      name={field}
      options={loadingList ? [] : toOptions(list)}
      value={value}
      onValueChange={(next) => actor.send({ type: LOCATION_EVENTS[field], value: next })}
      reason={reason}
      emptyText={loadingList ? T.loadingOptions : waitsForParent ? T.chooseFirst[parent] : undefined}
      disabled={readOnly || loadingList}
    />
  )
}

function SaveAlert({ actor }: { actor: ProviderFormActor }) {
  const alert = useSelector(actor, (s) => (s.matches('editing') ? s.context.alert : null))
  if (!alert) return null
  return (
    <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
      {alert}
    </Banner>
  )
}
