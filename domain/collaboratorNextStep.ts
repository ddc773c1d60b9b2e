/**
 * What the collaborator must do next, or whom the claim waits on, in one line for the collaborator's home (issue 23,
 * item 5), with the instant the office expects to finish the current stage when the stage has a service level.
 * Written in tú, like every text of the collaborator's screens.
 */
import { DOCUMENT_TYPES, isRejectedDocument } from './claimStages'

/** A document's status by tipo ('1' request form, '2' medical summary, '3' official ID); 0 = not uploaded yet. */
export type DocumentStatusByTipo = Readonly<Record<'1' | '2' | '3', number>>

export interface CollaboratorNextStep {
  text: string
  /** Whether the next move is the collaborator's own (the screen shows it as a call to action). */
  yours: boolean
}

/**
 * 'a', 'a y b', 'a, b y c'; 'y' becomes 'e' before a word that starts with the sound i ('Resumen médico e
 * Identificación oficial'), but not before 'hie-'/'hia-' ('agua y hielo').
 */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  const last = items[items.length - 1]!
  const conjunction = /^h?[iíIÍ](?![aeoáéó])/.test(last) ? 'e' : 'y'
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${last}`
}

const namesWhere = (documents: DocumentStatusByTipo, test: (status: number) => boolean) =>
  DOCUMENT_TYPES.filter((document) => test(documents[`${document.tipo}`])).map((document) => document.nombre)

export function collaboratorNextStep(statusId: number, documents: DocumentStatusByTipo): CollaboratorNextStep {
  switch (statusId) {
    case 1:
      return { text: 'Sube tus tres documentos', yours: true }
    case 2:
      return { text: `Sube lo que falta: ${spanishList(namesWhere(documents, (status) => status === 0))}`, yours: true }
    case 3:
      return { text: 'Tu ejecutivo está revisando tus documentos', yours: false }
    case 4:
      return { text: `Vuelve a subir: ${spanishList(namesWhere(documents, isRejectedDocument))}`, yours: true }
    case 5:
      return { text: 'Estamos asignando el proveedor que te atenderá', yours: false }
    case 6:
      return { text: 'Estamos preparando tu carta de autorización', yours: false }
    case 7:
      return { text: 'Tu proveedor está preparando su factura', yours: false }
    case 9:
      return { text: 'Estamos revisando la factura de tu proveedor', yours: false }
    case 8:
      return { text: 'Tu trámite concluyó', yours: false }
    case 10:
      return { text: 'Tu trámite fue rechazado', yours: false }
    default:
      return { text: 'Revisa el estado de tu trámite', yours: false }
  }
}
