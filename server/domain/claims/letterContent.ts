/**
 * What the authorization letter PDF says, as plain text: the claim code, the date of issue, the authorized sum, the
 * validity and invoicing dates, and every section of the letter screen (Proveedor, Afiliado, Servicio, Dictamen,
 * Honorarios médicos, Extra) as label/value rows. Kept apart from the drawing (letterPdf.ts) so the words can be
 * checked without reading a PDF.
 */
import type { ClaimFullData } from '../../../domain/contract/claims'
import { DICTAMEN_LABELS, GENDER_LABELS, LETTER_FIELD_LABELS as L, LETTER_SECTIONS, LETTER_TITLE } from '../../../domain/letter'
import {
  CARE_TYPE_2_OPTIONS,
  CARE_TYPE_OPTIONS,
  CONDITION_TYPE_OPTIONS,
  SERVICE_TYPE_OPTIONS,
} from '../../../machines/letterForm.machine'

export interface LetterRow {
  label: string
  value: string
  /** Free texts (diagnosis, observations) take the whole width. */
  wide?: boolean
}

interface LetterSection {
  title: string
  rows: LetterRow[]
}

export interface LetterContent {
  title: string
  /** C{idEvento}. */
  code: string
  issuedOn: string
  amount: string
  validity: string
  invoicingDeadline: string
  intro: string
  sections: LetterSection[]
}

const EMPTY = '—'

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** "$7,000.00 MXN": the currency named, since a printed "$" alone could be read as dollars. */
const formatAmount = (amount: number | null): string => (amount === null ? EMPTY : `${money.format(amount)} MXN`)

// Letter dates are calendar days (YYYY-MM-DD): formatted in UTC so no time zone moves them a day.
const longDate = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
function formatLetterDate(iso: string | null): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return EMPTY
  return longDate.format(new Date(`${iso}T00:00:00Z`))
}

/** The day of issue as it is in Mexico (the portal's users), whatever the server's time zone. */
export function issueDate(now: Date): string {
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' }).format(now)
}

const optionLabel = (options: readonly { value: string; label: string }[], value: number | null) =>
  value === null ? EMPTY : (options.find((o) => o.value === String(value))?.label ?? EMPTY)

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? EMPTY : String(value).trim()

function dictamenOf(data: ClaimFullData): string {
  if (data.dictaminacion === null) return DICTAMEN_LABELS.none
  return data.dictaminacion === 1 ? DICTAMEN_LABELS.approved : DICTAMEN_LABELS.rejected
}

export function letterContent(data: ClaimFullData, now: Date): LetterContent {
  const code = `C${data.idEvento}`
  const provider = text(data.proveedorNombre)
  return {
    title: LETTER_TITLE,
    code,
    issuedOn: issueDate(now),
    amount: formatAmount(data.montoAutorizado),
    validity: `Del ${formatLetterDate(data.vigenciaDesde)} al ${formatLetterDate(data.vigenciaHasta)}`,
    invoicingDeadline: formatLetterDate(data.limiteFacturacion),
    intro:
      `Por medio de la presente se autoriza a ${provider} a prestar el servicio descrito en esta carta a ` +
      `${text(data.colaboradorNombre)}, número de colaborador ${data.colaboradorId}, con cargo al trámite ${code} ` +
      'y hasta por la suma autorizada. La factura debe presentarse dentro del límite de facturación.',
    sections: [
      {
        title: LETTER_SECTIONS.provider,
        rows: [
          { label: L.proveedorNombre, value: provider },
          { label: L.proveedorServicio, value: text(data.proveedorServicio) },
        ],
      },
      {
        title: LETTER_SECTIONS.affiliate,
        rows: [
          { label: L.colaboradorNombre, value: text(data.colaboradorNombre) },
          { label: L.colaboradorId, value: String(data.colaboradorId) },
          { label: L.edad, value: `${data.edad} años` },
          { label: L.genero, value: GENDER_LABELS[data.genero] ?? EMPTY },
          { label: L.estado, value: text(data.estado) },
          { label: L.ciudad, value: text(data.ciudad) },
        ],
      },
      {
        title: LETTER_SECTIONS.service,
        rows: [
          { label: L.fechaIngreso, value: formatLetterDate(data.fechaIngreso) },
          { label: L.nombreMedico, value: text(data.nombreMedico) },
          { label: L.tipoServicio, value: optionLabel(SERVICE_TYPE_OPTIONS, data.tipoServicio) },
          { label: L.tipoAtencion, value: optionLabel(CARE_TYPE_OPTIONS, data.tipoAtencion) },
          { label: L.tipoAtencion2, value: optionLabel(CARE_TYPE_2_OPTIONS, data.tipoAtencion2) },
          { label: L.tipoPadecimiento, value: optionLabel(CONDITION_TYPE_OPTIONS, data.tipoPadecimiento) },
          { label: L.diagnostico, value: text(data.diagnostico), wide: true },
          // On paper the field is not optional any more: it is there or it is a dash.
          { label: 'Observaciones', value: text(data.observaciones), wide: true },
        ],
      },
      {
        title: LETTER_SECTIONS.dictamen,
        rows: [
          { label: L.dictaminacion, value: dictamenOf(data) },
          { label: L.montoAutorizado, value: formatAmount(data.montoAutorizado) },
          { label: L.deducibleHospital, value: formatAmount(data.deducibleHospital) },
          { label: L.coaseguroHospital, value: formatAmount(data.coaseguroHospital) },
        ],
      },
      {
        title: LETTER_SECTIONS.fees,
        rows: [
          { label: L.medicoEsp, value: text(data.medicoEsp) },
          { label: L.medicoProcedimiento, value: text(data.medicoProcedimiento) },
          { label: L.medicoMonto, value: formatAmount(data.medicoMonto) },
          { label: L.medicoHonorariosAsegurado, value: formatAmount(data.medicoHonorariosAsegurado) },
        ],
      },
      {
        title: LETTER_SECTIONS.extra,
        rows: [
          { label: L.vigenciaDesde, value: formatLetterDate(data.vigenciaDesde) },
          { label: L.vigenciaHasta, value: formatLetterDate(data.vigenciaHasta) },
          { label: L.limiteFacturacion, value: formatLetterDate(data.limiteFacturacion) },
        ],
      },
    ],
  }
}
