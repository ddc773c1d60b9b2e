/**
 * New claim page (spec 2.5, 2.11 'New claim page', 5, 8) at /nuevo-tramite/{idColaborador}/{idCobertura} and its
 * administrator twin: collaborator data, the fund summary and the 'Nuevo trámite' / 'Declaración de trámite' form,
 * all read from the newClaim actor. The machine prefills, validates (messages in the fields' warning tooltips),
 * loads the cities of the chosen state and gates 'Iniciar trámite'; once it reaches `created` the view goes to the
 * new claim's general-data page. The coverage chosen on Inicio de trámite arrives as navigation state.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, type FormEvent } from 'react'
import { Navigate, useLocation, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  birthDateOpensOn,
  CLAIM_TYPE_LABEL,
  FIELD_LABELS,
  GENDER_OPTIONS,
  PACKAGE_LABEL,
  newClaimMachine,
  selectBirthDateReason,
  selectCanSubmit,
  selectStartBlockers,
  selectIsLoading,
  selectIsLoadingCities,
  selectIsSubmitting,
  selectVisibleErrors,
  type EditableField,
  type NewClaimSnapshot,
} from '../../../machines/newClaim.machine'
import type { CoverageCard } from '../../../machines/procedureSearch.machine'
import { useSessionUser } from '../../lib/session'
import { formatIsoDate, formatMoney, fullName } from '../../lib/format'
import type { StaffArea } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { Card, DataList, DatePicker, ErrorNotice, fieldGrid, LoadingBlock, PageHeader, Select, TextField, wideField } from '../../ui'
import { claimGeneralPath, coverageSearchPath } from '../claims/claimPaths'
import { newClaimActors } from './actors'
import { NEW_CLAIM_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'
import { SaveWithBlockers } from '../executives/SaveWithBlockers'

type NewClaimActor = ReturnType<typeof useNewClaimActor>

function useNewClaimActor(idColaborador: number, idCobertura: number, idEjecutivo: number) {
  return useActorRef(newClaimMachine.provide({ actors: newClaimActors }), {
    input: { idColaborador, idCobertura, idEjecutivo, today: formatIsoDate(new Date()) },
    inspect,
  })
}

export function NewClaimPage({ area }: { area: StaffArea }) {
  const params = useParams()
  // A new pair of ids is a new workflow: remount so the machine starts over with its own input.
  return <NewClaimScreen key={`${params.idColaborador}/${params.idCobertura}`} area={area} />
}

function NewClaimScreen({ area }: { area: StaffArea }) {
  const params = useParams()
  const location = useLocation()
  const user = useSessionUser()
  const idColaborador = Number(params.idColaborador)
  const idCobertura = Number(params.idCobertura)
  const actor = useNewClaimActor(idColaborador, idCobertura, user?.idUser ?? 0)
  const coverage = (location.state as { coverage?: CoverageCard } | null)?.coverage ?? null
  const insertId = useSelector(actor, (s) => (s.matches('created') ? s.context.insertId : null))
  const loading = useSelector(actor, selectIsLoading)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  if (insertId !== null) return <Navigate to={claimGeneralPath(area, insertId, getRuntimeConfig().partnerPrefix)} replace />

  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={T.title} backTo={coverageSearchPath(area)} backLabel={T.back} />
      <ErrorNotice
        alert={alert}
        loadFailed={loadFailed}
        onDismiss={() => actor.send({ type: 'alert.dismiss' })}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
      {loading ? <LoadingBlock label={T.loading} lines={6} /> : null}
      {!loading && !loadFailed ? (
        <>
          <Summary actor={actor} idColaborador={idColaborador} coverage={coverage} />
          <ClaimForm actor={actor} />
        </>
      ) : null}
    </div>
  )
}

function Summary({ actor, idColaborador, coverage }: { actor: NewClaimActor; idColaborador: number; coverage: CoverageCard | null }) {
  const collaborator = useSelector(actor, (s) => s.context.collaborator)
  const fund = useSelector(actor, (s) => s.context.fund as (NewClaimSnapshot['context']['fund'] & { descripcion?: string }) | null)
  const coverageName = coverage?.descripcion ?? fund?.descripcion ?? ''
  return (
    <div className={css({ display: 'grid', gap: '4', alignItems: 'stretch', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
      <Card title={T.collaborator} titleLevel={2}>
        <DataList
          items={[
            { label: T.collaboratorNumber, value: String(idColaborador) },
            { label: T.name, value: collaborator ? fullName(collaborator) : '' },
            { label: T.email, value: collaborator?.email ?? '' },
            { label: T.phone, value: collaborator?.telefono == null ? '' : String(collaborator.telefono) },
          ]}
        />
      </Card>
      <Card title={T.fund} titleLevel={2} tone="accent">
        <DataList
          items={[
            ...(coverageName ? [{ label: T.coverage, value: coverageName }] : []),
            { label: T.authorized, value: formatMoney(fund?.monto) },
            { label: T.used, value: formatMoney(fund?.montoUtilizado) },
            { label: T.available, value: formatMoney(fund?.montoDisponible) },
          ]}
        />
      </Card>
    </div>
  )
}

function ClaimForm({ actor }: { actor: NewClaimActor }) {
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, selectVisibleErrors, shallowEqualErrors)
  const estados = useSelector(actor, (s) => s.context.estados)
  const municipios = useSelector(actor, (s) => s.context.municipios)
  const available = useSelector(actor, (s) => s.context.fund?.montoDisponible ?? 0)
  const canSubmit = useSelector(actor, selectCanSubmit)
  const blockers = useSelector(actor, selectStartBlockers, (a, b) => a?.fields.join() === b?.fields.join())
  const birthDateReason = useSelector(actor, selectBirthDateReason)
  const submitting = useSelector(actor, selectIsSubmitting)
  const loadingCities = useSelector(actor, selectIsLoadingCities)
  const today = useSelector(actor, (s) => s.context.today)

  const estadoOptions = useMemo(() => estados.map((e) => ({ value: String(e.id), label: e.nombre })), [estados])
  const ciudadOptions = useMemo(() => municipios.map((m) => ({ value: String(m.id), label: m.nombre })), [municipios])

  const change = (field: EditableField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const reason = (field: keyof typeof FIELD_LABELS) => errors[field] ?? null
  /** What each editable field passes: label, name, value, its change event and its message, shown at once. */
  const bound = (field: EditableField) => ({
    label: FIELD_LABELS[field],
    name: field,
    value: form[field],
    onValueChange: change(field),
    reason: reason(field),
    forceReason: true,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'claim.submit' })
  }

  return (
    <Card as="section" aria-labelledby="declaracion-tramite">
      <form onSubmit={submit} noValidate className={css({ display: 'grid', gap: '5' })}>
        <h2 id="declaracion-tramite" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {T.form}
        </h2>
        <fieldset disabled={submitting} className={fieldGrid}>
          <TextField {...bound('nombre')} autoComplete="name" className={wideField} />
          <DatePicker
            label={T.birthDate}
            name="fechaNacimiento"
            value={form.fechaNacimiento}
            defaultView="year"
            openOn={birthDateOpensOn(today)}
            reason={birthDateReason}
            onValueChange={(value) => actor.send({ type: 'birthDate.pick', value })}
          />
          <TextField {...bound('edad')} inputMode="numeric" helperText={T.birthDateHelp} />
          <Select {...bound('genero')} options={GENDER_OPTIONS} forceReason={Boolean(reason('genero'))} />
          <TextField {...bound('email')} type="email" inputMode="email" autoComplete="email" />
          <TextField {...bound('telefono')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={10} helperText={T.phoneHelp} />
          <TextField {...bound('costo')} inputMode="decimal" helperText={T.costHelp(formatMoney(available))} />
          <Select
            label={FIELD_LABELS.estado}
            name="estado"
            options={estadoOptions}
            value={form.estado}
            onValueChange={(value) => actor.send({ type: 'estado.select', value })}
            reason={reason('estado')}
            forceReason={Boolean(reason('estado'))}
          />
          <Select
            {...bound('ciudad')}
            options={ciudadOptions}
            forceReason={Boolean(reason('ciudad'))}
            // An empty list before a state is chosen is not an error: say what comes first (issue 21).
            emptyText={loadingCities ? T.citiesLoading : isChosen(form.estado) ? undefined : T.chooseStateFirst}
            disabled={loadingCities}
          />
          <TextField label={T.claimType} name="tipoTramite" value={CLAIM_TYPE_LABEL} onValueChange={() => {}} disabled />
          <TextField label={T.packageLabel} name="paquete" value={PACKAGE_LABEL} onValueChange={() => {}} disabled />
        </fieldset>
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <SaveWithBlockers canSave={canSubmit} saving={submitting} blockers={blockers}>
            {T.submit}
          </SaveWithBlockers>
        </div>
      </form>
    </Card>
  )
}

/** A catalogue select's value names a choice ('' and '0' mean none, as in the Select). */
const isChosen = (value: string) => value !== '' && value !== '0'

function shallowEqualErrors(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}
