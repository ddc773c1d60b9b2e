/** Contact data of the footer's 'Contáctanos' block (spec 2.1). */
export const CONTACT = {
  phoneLabel: '800 123 4567',
  phoneHref: 'tel:+528001234567',
  email: 'contacto@portaldetramites.mx',
} as const
