/**
 * The authorization letter (carta autorización): the 'Claim full data' answer of spec section 3, built from the
 * claim, its letter row, its provider and service, and its dictamen; and the letter update (PUT /api/event/update),
 * which saves only the letter's own fields and asks the lifecycle whether the claim's stage accepts a letter save.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { claimLetters, claims, dictaminations, municipalities, providers, services, states } from '../../db/schema'
import { badRequest } from '../../lib/errors'
import { applyClaimEvent } from '../claimLifecycle'
import { stageName } from '../claimLifecycle'
import type { DbOrTx } from './claimRecord'
import { LETTER_FIELD_NAMES, type LetterFieldValues } from '../../../domain/contract/claims'
import { LETTER_FIELD_SPECS, MESSAGES, firstErrorReason, validateFields, type FormValues, type LetterField } from '../../../domain/rules'
import { unprintableCharacters } from '../../pdf/textRuns'

/** The editable fields of the letter form (spec section 5 'Letter form'). */
export type LetterFields = LetterFieldValues



const LETTER_REASONS = {
  empty: 'No se recibió ningún campo de la carta',
  validity: 'Vigencia: la fecha inicial no puede ser posterior a la final',
} as const

const num = (v: number | string | null) => (v === null ? null : Number(v))

export async function claimFullData(db: DbOrTx, idEvento: number) {
  const [row] = await db
    .select({
      idEvento: claims.idEvento,
      statusId: claims.statusId,
      idProveedor: claims.idProveedor,
      proveedorNombre: providers.nombreProveedor,
      proveedorServicio: services.nombre,
      colaboradorNombre: claims.beneficiary,
      colaboradorId: claims.idColaborador,
      edad: claims.age,
      genero: claims.gender,
      estado: states.nombre,
      ciudad: municipalities.nombre,
      dictaminacion: dictaminations.dictaminacion,
      montoAutorizado: claims.montoAutorizado,
      fechaIngreso: claimLetters.fechaIngreso,
      nombreMedico: claimLetters.nombreMedico,
      tipoServicio: claimLetters.tipoServicio,
      tipoAtencion: claimLetters.tipoAtencion,
      tipoAtencion2: claimLetters.tipoAtencion2,
      tipoPadecimiento: claimLetters.tipoPadecimiento,
      diagnostico: claimLetters.diagnostico,
      observaciones: claimLetters.observaciones,
      deducibleHospital: claimLetters.deducibleHospital,
      coaseguroHospital: claimLetters.coaseguroHospital,
      medicoEsp: claimLetters.medicoEsp,
      medicoProcedimiento: claimLetters.medicoProcedimiento,
      medicoMonto: claimLetters.medicoMonto,
      medicoHonorariosAsegurado: claimLetters.medicoHonorariosAsegurado,
      vigenciaDesde: claimLetters.vigenciaDesde,
      vigenciaHasta: claimLetters.vigenciaHasta,
      limiteFacturacion: claimLetters.limiteFacturacion,
    })
    .from(claims)
    .innerJoin(states, eq(states.id, claims.stateId))
    .innerJoin(municipalities, eq(municipalities.id, claims.cityId))
    .leftJoin(providers, eq(providers.idProveedor, claims.idProveedor))
    .leftJoin(services, eq(services.id, claims.servicioId))
    .leftJoin(claimLetters, eq(claimLetters.idEvento, claims.idEvento))
    .leftJoin(dictaminations, eq(dictaminations.idEvento, claims.idEvento))
    .where(eq(claims.idEvento, idEvento))
  if (!row) return null
  return {
    ...row,
    value: stageName(row.statusId),
    montoAutorizado: Number(row.montoAutorizado),
    deducibleHospital: num(row.deducibleHospital),
    coaseguroHospital: num(row.coaseguroHospital),
    medicoMonto: num(row.medicoMonto),
    medicoHonorariosAsegurado: num(row.medicoHonorariosAsegurado),
  }
}

/**
 * For the texts that print on the letter, the letter's fonts themselves, then the form's rules
 * (domain/rules/letterForm.ts) on the fields sent (a save may send some of them): 'Diagnóstico: Campo requerido' for spaces only,
 * 'Diagnóstico: Contiene caracteres que no se pueden imprimir en la carta (😀)' for what no font prints.
 * The entry date's not-after-today bound stays the form's (it needs the user's day).
 */
function letterFieldsReason(values: LetterFields): string | null {
  const sent = LETTER_FIELD_SPECS.filter((spec) => values[spec.name] !== undefined)
  // The fonts first: their answer names the characters, which the form's emoji check cannot.
  for (const spec of sent) {
    const value = values[spec.name]
    if (spec.kind.type !== 'text' || !spec.kind.printable || typeof value !== 'string') continue
    const unprintable = unprintableCharacters(value)
    if (unprintable.length) return `${spec.label}: ${MESSAGES.unprintable} (${unprintable.join(' ')})`
  }
  return firstErrorReason(sent, validateFields(sent, values as FormValues<LetterField>, { mode: 'edit' }))
}

/**
 * Saves the given letter fields (absent ones keep their value) and checks the stage in the same transaction:
 * a claim outside 'Carta autorización' / 'Facturación' answers 409 and nothing is written.
 */
/** Saves the letter's fields and answers the claim's stage afterwards. */
export async function saveLetter(db: Db, idEvento: number, fields: LetterFields, actor: string): Promise<number> {
  const values = Object.fromEntries(
    LETTER_FIELD_NAMES.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]),
  ) as LetterFields
  if (Object.keys(values).length === 0) throw badRequest(LETTER_REASONS.empty)
  const reason = letterFieldsReason(values)
  if (reason) throw badRequest(reason)

  return db.transaction(async (tx) => {
    const { statusId } = await applyClaimEvent(tx, { idEvento, event: { type: 'letter.save' }, actor })
    const [current] = await tx
      .select({ desde: claimLetters.vigenciaDesde, hasta: claimLetters.vigenciaHasta })
      .from(claimLetters)
      .where(eq(claimLetters.idEvento, idEvento))
    const desde = values.vigenciaDesde !== undefined ? values.vigenciaDesde : (current?.desde ?? null)
    const hasta = values.vigenciaHasta !== undefined ? values.vigenciaHasta : (current?.hasta ?? null)
    if (desde && hasta && desde > hasta) throw badRequest(LETTER_REASONS.validity)

    await tx
      .insert(claimLetters)
      .values({ idEvento, ...values })
      .onConflictDoUpdate({ target: claimLetters.idEvento, set: { ...values, updatedAt: sql`now()` } })
    return statusId
  })
}
