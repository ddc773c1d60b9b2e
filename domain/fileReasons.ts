/**
 * The refusals of a picked or uploaded file, in one copy: the upload machines give them before anything is sent and
 * the server gives the same text when it sniffs the bytes (the guard of record).
 */

/** Spec sections 5 and 8: the alert for a file that is not a PDF. */
export const NOT_A_PDF = 'Error: Se requiere un archivo PDF'

/** A profile photo that is not a JPEG, PNG or WebP image. */
export const NOT_AN_IMAGE = 'Error: Se requiere una imagen JPG, PNG o WebP'

/** A reviewer's document comment without a status or a text (spec section 5). */
export const COMMENT_REQUIRED = 'Debe seleccionar una opción y escribir un comentario antes de enviar'
