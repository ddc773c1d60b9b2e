/**
 * Authorization letter, the 'carta-dictaminacion' routes (spec 2.11 'Authorization letter', 3 'Claim full data',
 * 4 'Save button', 5 'Letter form'), bound to machines/letterForm.machine.ts with its saveButton child: sections
 * Proveedor, Afiliado, Servicio, Dictamen, Honorarios médicos, Extra; read-only fields shown as such, editable ones
 * (catalogues on Ark Select, dates on the es-MX DatePicker) enabled only for the executive or administrator; the
 * Guardar button shows base, loading and ok with the 300 ms saved indicator. The dictamen upload sits in the
 * Dictamen section (DictamenCard). Once the dictamen is approved, the letter is offered as a PDF (view, download).
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import {
  CARE_TYPE_2_OPTIONS,
  CARE_TYPE_OPTIONS,
  CONDITION_TYPE_OPTIONS,
  LETTER_FIELD_SPECS,
  SERVICE_TYPE_OPTIONS,
  letterFormMachine,
  selectCanSaveLetter,
  selectFieldsEditable,
  selectLetterErrors,
  type LetterData,
  type LetterField,
} from '../../../machines/letterForm.machine'
import {
  saveButtonMachine,
  selectSaveButtonLook,
  selectSavedIndicator,
} from '../../../machines/saveButton.machine'
import { formatMoney } from '../../lib/format'
import type { ClaimArea } from '../../lib/profile'
import { formErrorsTooltip } from '../../../domain/rules'
import { hasApprovedDictamen, isRejectedStage } from '../../../domain/claimStages'
import { LetterPdfActions } from '../documents/LetterPdfActions'
import { Banner, Button, Card, CheckIcon, DatePicker, Select, Skeleton, TextField } from '../../ui'
import { loadLetterActor, saveLetterActor } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { DictamenCard } from './DictamenCard'
import { LETTER } from './messages'
import { inspect } from '../../lib/inspect'

export function AuthorizationLetterPage({ area }: { area: ClaimArea }) {
  return (
    <ClaimProcessLayout area={area} active="letter">
      <Letter />
    </ClaimProcessLayout>
  )
}

function useLetterActor() {
  const { idEvento, offers } = useClaimProcess()
  return useActorRef(letterFormMachine.provide({ actors: { loadLetter: loadLetterActor, saveLetter: saveLetterActor } }), {
    // The letter is editable only while the claim's stage accepts it (6 and 7, and not for the partner).
    input: { idEvento, readOnly: !offers.letterSave.available },
    inspect,
  })
}
type LetterActor = ReturnType<typeof useLetterActor>

const sectionGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
})

function Letter() {
  const { readOnly, claim, idEvento, offers } = useClaimProcess()
  const save = offers.letterSave
  const actor = useLetterActor()
  const letter = useSelector(actor, (s) => s.context.letter)
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const alert = useSelector(actor, (s) => s.context.alert)

  if (loadFailed)
    return (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
        <Banner tone="error">{alert}</Banner>
        <Button variant="secondary" onClick={() => actor.send({ type: 'letter.reload' })}>
          {LETTER.retry}
        </Button>
      </div>
    )
  if (!letter)
    return (
      <div role="status" aria-label={LETTER.loading} className={css({ display: 'grid', gap: '3' })}>
        <Skeleton height={120} />
        <Skeleton height={220} />
        <Skeleton height={160} />
      </div>
    )

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'letter.save' })
      }}
      className={css({ display: 'grid', gap: '4', minW: 0 })}
      aria-label={LETTER.title}
    >
      {save.reason ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{readOnly ? LETTER.readOnly : save.reason}</p> : null}
      {hasApprovedDictamen(claim.statusId) ? (
        <Card title={LETTER.pdfTitle}>
          <div className={css({ display: 'grid', gap: '3' })}>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{LETTER.pdfIntro}</p>
            <LetterPdfActions idEvento={idEvento} />
          </div>
        </Card>
      ) : null}
      <Section title={LETTER.sections.provider}>
        <ReadOnlyField label={LETTER.fields.proveedorNombre} value={letter.proveedorNombre ?? LETTER.noProvider} />
        <ReadOnlyField label={LETTER.fields.proveedorServicio} value={letter.proveedorServicio ?? LETTER.empty} />
      </Section>
      <Section title={LETTER.sections.affiliate}>
        <ReadOnlyField label={LETTER.fields.colaboradorNombre} value={letter.colaboradorNombre} />
        <ReadOnlyField label={LETTER.fields.colaboradorId} value={String(letter.colaboradorId)} />
        <ReadOnlyField label={LETTER.fields.edad} value={letter.edad === null ? LETTER.empty : String(letter.edad)} />
        <ReadOnlyField label={LETTER.fields.genero} value={(letter.genero && LETTER.genders[letter.genero]) || LETTER.empty} />
        <ReadOnlyField label={LETTER.fields.estado} value={letter.estado ?? LETTER.empty} />
        <ReadOnlyField label={LETTER.fields.ciudad} value={letter.ciudad ?? LETTER.empty} />
      </Section>
      <Section title={LETTER.sections.service}>
        <DateInput actor={actor} field="fechaIngreso" />
        <TextInput actor={actor} field="nombreMedico" />
        <ChoiceInput actor={actor} field="tipoServicio" options={SERVICE_TYPE_OPTIONS} />
        <ChoiceInput actor={actor} field="tipoAtencion" options={CARE_TYPE_OPTIONS} />
        <ChoiceInput actor={actor} field="tipoAtencion2" options={CARE_TYPE_2_OPTIONS} />
        <ChoiceInput actor={actor} field="tipoPadecimiento" options={CONDITION_TYPE_OPTIONS} />
        <TextInput actor={actor} field="diagnostico" wide />
        <TextInput actor={actor} field="observaciones" wide />
      </Section>
      <Section title={LETTER.sections.dictamen}>
        <ReadOnlyField label={LETTER.fields.dictaminacion} value={dictamenResult(letter, claim.statusId)} />
        <ReadOnlyField label={LETTER.fields.montoAutorizado} value={formatMoney(letter.montoAutorizado)} />
        <TextInput actor={actor} field="deducibleHospital" numeric />
        <TextInput actor={actor} field="coaseguroHospital" numeric />
      </Section>
      <DictamenCard />
      <Section title={LETTER.sections.fees}>
        <TextInput actor={actor} field="medicoEsp" />
        <TextInput actor={actor} field="medicoProcedimiento" />
        <TextInput actor={actor} field="medicoMonto" numeric />
        <TextInput actor={actor} field="medicoHonorariosAsegurado" numeric />
      </Section>
      <Section title={LETTER.sections.extra}>
        <DateInput actor={actor} field="vigenciaDesde" allowFuture />
        <DateInput actor={actor} field="vigenciaHasta" allowFuture />
        <DateInput actor={actor} field="limiteFacturacion" allowFuture />
      </Section>
      {alert ? (
        <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>
          {alert}
        </Banner>
      ) : null}
      {save.available ? <SaveBar actor={actor} /> : null}
    </form>
  )
}

/**
 * The claim's stage is read again right after a dictamen is saved (the letter is not), so the stage decides first:
 * past 'Carta autorización' through an approved dictamen, or 'Trámite rechazado'. Otherwise the letter's value.
 */
function dictamenResult(letter: LetterData, statusId: number): string {
  if (hasApprovedDictamen(statusId)) return LETTER.dictamenApproved
  if (isRejectedStage(statusId)) return LETTER.dictamenRejected
  if (letter.dictaminacion === null) return LETTER.dictamenNone
  return letter.dictaminacion === 1 ? LETTER.dictamenApproved : LETTER.dictamenRejected
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className={sectionGrid}>{children}</div>
    </Card>
  )
}

/** Always read-only (spec 5 'Letter form'): a muted, dashed box so it never passes for an input to fill. */
const readOnlyLook = css({ '& input': { bg: 'bg.muted', borderStyle: 'dashed', color: 'fg.default', cursor: 'default' } })

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} onValueChange={() => {}} readOnly className={readOnlyLook} />
}

const labelOf = (field: LetterField) => LETTER.fields[field]

function useField(actor: LetterActor, field: LetterField) {
  const value = useSelector(actor, (s) => s.context.form[field])
  const reason = useSelector(actor, (s) => selectLetterErrors(s)[field] ?? null)
  const editable = useSelector(actor, selectFieldsEditable)
  const change = (next: string) => actor.send({ type: 'field.change', field, value: next })
  return { value, reason, editable, change }
}

/** Free texts (diagnosis, observations) take two columns, so more of them shows. */
const wideField = css({ gridColumn: { md: 'span 2' } })

function TextInput({
  actor,
  field,
  numeric = false,
  wide = false,
}: {
  actor: LetterActor
  field: LetterField
  numeric?: boolean
  wide?: boolean
}) {
  const { value, reason, editable, change } = useField(actor, field)
  return (
    <TextField
      className={wide ? wideField : undefined}
      title={value || undefined}
      label={labelOf(field)}
      name={field}
      value={value}
      onValueChange={change}
      reason={reason}
      disabled={!editable}
      inputMode={numeric ? 'decimal' : undefined}
    />
  )
}

function ChoiceInput({
  actor,
  field,
  options,
}: {
  actor: LetterActor
  field: LetterField
  options: readonly { value: string; label: string }[]
}) {
  const { value, reason, editable, change } = useField(actor, field)
  return (
    <Select label={labelOf(field)} name={field} options={options} value={value} onValueChange={change} reason={reason} disabled={!editable} />
  )
}

function DateInput({ actor, field, allowFuture = false }: { actor: LetterActor; field: LetterField; allowFuture?: boolean }) {
  const { value, reason, editable, change } = useField(actor, field)
  return (
    <DatePicker
      label={labelOf(field)}
      name={field}
      value={value}
      onValueChange={change}
      allowFuture={allowFuture}
      disabled={!editable}
      // 'Campo requerido' is the save hint's business; the field says why a date it holds is refused.
      reason={value === '' ? null : reason}
    />
  )
}

type SaveButtonActor = ActorRefFrom<typeof saveButtonMachine>

function SaveBar({ actor }: { actor: LetterActor }) {
  const canSave = useSelector(actor, selectCanSaveLetter)
  const errors = useSelector(actor, selectLetterErrors, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const button = useSelector(actor, (s) => s.children.saveButton as SaveButtonActor | undefined)
  const hint = formErrorsTooltip(LETTER_FIELD_SPECS, errors)
  return (
    <div
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: '3',
        flexWrap: 'wrap',
        // Kept in view while scrolling the long form, from tablets up; on a phone the hint would cover the form.
        position: { base: 'static', md: 'sticky' },
        bottom: '0',
        py: '3',
        bg: 'bg.canvas',
        borderTopWidth: '1px',
        borderColor: 'border.subtle',
        zIndex: 1,
      })}
    >
      {hint ? (
        <p id="letter-save-hint" className={css({ fontSize: 'xs', color: 'fg.warning', flex: '1', minW: '48' })}>
          {hint}
        </p>
      ) : null}
      {button ? <SaveButton button={button} canSave={canSave} describedBy={hint ? 'letter-save-hint' : undefined} /> : null}
    </div>
  )
}

function SaveButton({ button, canSave, describedBy }: { button: SaveButtonActor; canSave: boolean; describedBy?: string }) {
  const look = useSelector(button, selectSaveButtonLook)
  const savedIndicator = useSelector(button, selectSavedIndicator)
  return (
    <>
      {savedIndicator ? (
        <span role="status" className={css({ fontSize: 'sm', color: 'fg.success', fontWeight: 'semibold' })}>
          {LETTER.savedNotice}
        </span>
      ) : null}
      <Button
        type="submit"
        size="lg"
        data-look={look}
        disabled={!canSave}
        loading={look === 'loading'}
        startIcon={look === 'ok' ? <CheckIcon size={18} /> : undefined}
        aria-describedby={describedBy}
      >
        {look === 'loading' ? LETTER.saving : look === 'ok' ? LETTER.saved : LETTER.save}
      </Button>
    </>
  )
}
