/** Validation rules and limits shared by the app's forms and the server's routes (spec section 5). */
export * from './messages'
export * from './constants'
export * from './validators'
export * from './fieldSpecs'
export * from './executiveForm'
export * from './providerForm'
export * from './letterForm'
