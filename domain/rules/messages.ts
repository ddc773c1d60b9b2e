/**
 * The validation messages of spec section 5, verbatim. Forms show them in the warning tooltip and the server uses
 * the same texts in its reasons, so a person sees one wording wherever a rule fails.
 */
export const MESSAGES = {
  required: 'Campo requerido',
  email: 'Correo inválido',
  internalMailPrefix: 'El correo solo puede ser de los dominios',
  notANumber: 'El valor ingresado debe de ser un número',
  // The spec shows the above-maximum case with the same text as the below-minimum one; kept as written.
  belowMinimum: 'El valor ingresado es menor al permitido(min)',
  aboveMaximum: 'El valor ingresado es menor al permitido(min)',
  forbiddenValue: 'El valor introducido no es válido',
  phone: 'Valor inválido',
  passwordPrefix: 'La contraseña debe de tener al menos:',
  passwordMismatch: 'Las contraseñas no coinciden',
  formHasErrors: 'Existen omisiones o errores en los siguientes campos.',
  duplicateEmail: 'Ya existe un usuario con ese correo',
  // Not in the spec (issue 25): a lone UTF-16 surrogate (half of an emoji, a broken copy) is no text at all.
  malformedText: 'El texto contiene caracteres no válidos',
  // Not in the spec (issue 25): what the letter's fonts cannot print is refused instead of printed as '?'.
  unprintable: 'Contiene caracteres que no se pueden imprimir en la carta',
} as const

/** The missing items of a weak password, in the order the spec lists them. */
export const PASSWORD_ITEMS = {
  uppercase: 'Una letra mayúscula',
  lowercase: 'Una letra minúscula',
  digit: 'Un número',
  symbol: 'Un símbolo especial',
  length: '8 caracteres',
} as const

export type PasswordItem = (typeof PASSWORD_ITEMS)[keyof typeof PASSWORD_ITEMS]
