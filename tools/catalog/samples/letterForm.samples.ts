import type { LetterData } from '../../../machines/letterForm.machine'
import type { TraversalSamples } from '../../machineGraph/traversal'

/** The letter of a claim with every editable field filled. */
export const COMPLETE_LETTER: LetterData = {
  proveedorNombre: 'Laboratorio Clínico del Centro',
  proveedorServicio: 'Laboratorio',
  nombreMedico: 'Dra. Rosa Méndez',
  colaboradorNombre: 'Ana María López Pérez',
  colaboradorId: 70123,
  edad: 35,
  genero: 2,
  estado: 'Jalisco',
  ciudad: 'Guadalajara',
  tipoServicio: 1,
  tipoAtencion: 3,
  tipoAtencion2: 4,
  tipoPadecimiento: 1,
  diagnostico: 'Fractura de radio',
  observaciones: null,
  dictaminacion: 1,
  montoAutorizado: 7000,
  deducibleHospital: 500,
  coaseguroHospital: 10,
  medicoEsp: 'Traumatología',
  medicoProcedimiento: 'Reducción cerrada',
  medicoMonto: 4500,
  medicoHonorariosAsegurado: 1200.5,
  fechaIngreso: '2025-11-10',
  vigenciaDesde: '2025-11-10',
  vigenciaHasta: '2025-12-10',
  limiteFacturacion: '2025-12-31',
}
/** Two required fields missing: the letter cannot be saved until they are filled. */
export const INCOMPLETE_LETTER: LetterData = { ...COMPLETE_LETTER, diagnostico: null, medicoMonto: null }
export const LETTER_REFUSAL = 'El trámite no admite cambios en la carta'

export const letterFormSamples = {
  input: { idEvento: 77 },
  events: [
    { type: 'xstate.done.actor.loadLetter', output: COMPLETE_LETTER },
    { type: 'xstate.done.actor.loadLetter', output: INCOMPLETE_LETTER },
    { type: 'field.change', field: 'diagnostico', value: 'Esguince' },
    { type: 'field.change', field: 'medicoMonto', value: 'mil' },
    { type: 'field.change', field: 'proveedorNombre', value: 'Otro proveedor' },
    { type: 'xstate.error.actor.saveLetter', error: { data: { success: false, reason: LETTER_REFUSAL } } },
  ],
} satisfies TraversalSamples
