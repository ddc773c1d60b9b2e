import { describe, expect, it } from 'vitest'
import {
  EXECUTIVE_FIELDS,
  firstErrorReason,
  formErrorsTooltip,
  invalidFieldLabels,
  PROVIDER_FIELDS,
  validateExecutive,
  validateProvider,
  type ExecutiveFormValues,
  type ProviderFormValues,
} from '../../domain/rules'

const DOMAINS = ['coppel.com', 'bancoppel.com', 'afore-coppel.com']

const executive = (over: ExecutiveFormValues = {}): ExecutiveFormValues => ({
  nombre: 'Ana Torres',
  phone: '6671234567',
  email: 'ana@coppel.com',
  activo: '0',
  ubicacion: 'Coorporativo Reforma',
  password: 'Prueba#2026',
  confirmPassword: 'Prueba#2026',
  ...over,
})

const medical = (over: ProviderFormValues = {}): ProviderFormValues => ({
  tipo: '1',
  nombreProveedor: 'Clínica Norte',
  activo: '0',
  nivel: 'Segundo',
  tipoEspecialidad: 'Médica',
  especialidad: 'Cardiología',
  costoNormal: '850.50',
  estudio: 'Electrocardiograma',
  servicio: '',
  estado: '25',
  municipio: '3',
  colonia: '7',
  calle: 'Av. Obregón',
  numeroExterior: '120',
  numeroInterior: '',
  codigoPostal: '80000',
  telefono1: '6677654321',
  telefono2: '',
  horarios: 'L-V 9-18',
  email: 'clinica@correo.com',
  observaciones: 'Culiacán',
  puntosImportantes: '',
  password: 'Prueba#2026',
  confirmPassword: 'Prueba#2026',
  ...over,
})

const nonMedical = (over: ProviderFormValues = {}): ProviderFormValues =>
  medical({ tipo: '0', nivel: '', tipoEspecialidad: '', especialidad: '', costoNormal: '', estudio: '', servicio: '4', contrato: '0', ...over })

describe('executive form', () => {
  it('accepts a complete create form', () => {
    expect(validateExecutive(executive(), 'create', DOMAINS)).toEqual({})
  })

  it('requires name, phone, email, status, work location and password on create', () => {
    const blank = Object.fromEntries(EXECUTIVE_FIELDS.map((f) => [f.name, ''])) as ExecutiveFormValues
    expect(validateExecutive(blank, 'create', DOMAINS)).toEqual({
      nombre: 'Campo requerido',
      phone: 'Campo requerido',
      email: 'Campo requerido',
      activo: 'Campo requerido',
      ubicacion: 'Campo requerido',
      password: 'Campo requerido',
      confirmPassword: 'Campo requerido',
    })
  })

  it('does not require the password on edit, but checks one that is typed', () => {
    expect(validateExecutive(executive({ password: '', confirmPassword: '' }), 'edit', DOMAINS)).toEqual({})
    expect(validateExecutive(executive({ password: 'abc', confirmPassword: 'abc' }), 'edit', DOMAINS)).toEqual({
      password: 'La contraseña debe de tener al menos: Una letra mayúscula, Un número, Un símbolo especial, 8 caracteres',
    })
    expect(validateExecutive(executive({ password: 'Prueba#2026', confirmPassword: '' }), 'edit', DOMAINS)).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    })
  })

  it('gives each rule its message', () => {
    const errors = validateExecutive(
      executive({ phone: '667-123', email: 'ana@gmail.com', activo: '7', ubicacion: 'Oficina', confirmPassword: 'Otra#2026' }),
      'create',
      DOMAINS,
    )
    expect(errors).toEqual({
      phone: 'Valor inválido',
      email: 'El correo solo puede ser de los dominios coppel.com, bancoppel.com, afore-coppel.com',
      activo: 'El valor introducido no es válido',
      ubicacion: 'El valor introducido no es válido',
      confirmPassword: 'Las contraseñas no coinciden',
    })
    expect(validateExecutive(executive({ email: 'ana@' }), 'create', DOMAINS)).toEqual({ email: 'Correo inválido' })
  })

  it('builds the disabled-save tooltip from the bad fields, in form order', () => {
    const errors = validateExecutive(executive({ email: '', nombre: '' }), 'create', DOMAINS)
    expect(invalidFieldLabels(EXECUTIVE_FIELDS, errors)).toEqual(['Nombre', 'Correo electrónico'])
    expect(formErrorsTooltip(EXECUTIVE_FIELDS, errors)).toBe(
      'Existen omisiones o errores en los siguientes campos. Nombre, Correo electrónico',
    )
    expect(formErrorsTooltip(EXECUTIVE_FIELDS, {})).toBeNull()
    expect(firstErrorReason(EXECUTIVE_FIELDS, errors)).toBe('Nombre: Campo requerido')
  })
})

describe('provider form', () => {
  it('accepts complete medical and non-medical forms', () => {
    expect(validateProvider(medical(), 'create')).toEqual({})
    expect(validateProvider(nonMedical(), 'create')).toEqual({})
    expect(validateProvider(nonMedical({ contrato: '1', contratoYear: '2025', contratoEstatus: '1' }), 'create')).toEqual({})
  })

  it('requires the medical fields only for a medical provider', () => {
    const errors = validateProvider(medical({ nivel: '', tipoEspecialidad: ' ', especialidad: '', costoNormal: '', estudio: '' }), 'create')
    expect(errors).toEqual({
      nivel: 'Campo requerido',
      tipoEspecialidad: 'Campo requerido',
      especialidad: 'Campo requerido',
      costoNormal: 'Campo requerido',
      estudio: 'Campo requerido',
    })
    // a non-medical provider ignores them, even with junk in them
    expect(validateProvider(nonMedical({ costoNormal: 'abc' }), 'create')).toEqual({})
  })

  it('requires service and contract for a non-medical provider, and year and status when there is a contract', () => {
    expect(validateProvider(nonMedical({ servicio: '0', contrato: '' }), 'create')).toEqual({
      servicio: 'Campo requerido',
      contrato: 'Campo requerido',
    })
    expect(validateProvider(nonMedical({ contrato: '1' }), 'create')).toEqual({
      contratoYear: 'Campo requerido',
      contratoEstatus: 'Campo requerido',
    })
    expect(validateProvider(nonMedical({ contrato: '1', contratoYear: '20x5', contratoEstatus: '3' }), 'create')).toEqual({
      contratoYear: 'El valor ingresado debe de ser un número',
      contratoEstatus: 'El valor introducido no es válido',
    })
    // without a contract, year and status are not asked for
    expect(validateProvider(nonMedical({ contrato: '0', contratoYear: 'x' }), 'create')).toEqual({})
  })

  it('requires every common field and only those', () => {
    const blank = Object.fromEntries(PROVIDER_FIELDS.map((f) => [f.name, ''])) as ProviderFormValues
    const errors = validateProvider({ ...blank, tipo: '1' }, 'edit')
    expect(Object.keys(errors).sort()).toEqual(
      [
        'nombreProveedor', 'activo', 'nivel', 'tipoEspecialidad', 'especialidad', 'costoNormal', 'estudio', 'estado',
        'municipio', 'colonia', 'calle', 'numeroExterior', 'codigoPostal', 'telefono1', 'horarios', 'email', 'observaciones',
      ].sort(),
    )
    expect(validateProvider(blank, 'create').tipo).toBe('Campo requerido')
    expect(validateProvider(blank, 'create').password).toBe('Campo requerido')
  })

  it('checks ranges, phones and the email', () => {
    expect(
      validateProvider(
        medical({ codigoPostal: '100000', numeroExterior: '-1', costoNormal: 'mil', telefono1: '12345678901', telefono2: 'abc', email: 'x' }),
        'create',
      ),
    ).toEqual({
      codigoPostal: 'El valor ingresado es menor al permitido(min)',
      numeroExterior: 'El valor ingresado es menor al permitido(min)',
      costoNormal: 'El valor ingresado debe de ser un número',
      telefono1: 'Valor inválido',
      telefono2: 'Valor inválido',
      email: 'Correo inválido',
    })
  })

  it('treats the "0" placeholder of the location selects as nothing chosen', () => {
    expect(validateProvider(medical({ estado: '0', municipio: '0', colonia: 0 }), 'create')).toEqual({
      estado: 'Campo requerido',
      municipio: 'Campo requerido',
      colonia: 'Campo requerido',
    })
  })

  it('does not require passwords on edit', () => {
    expect(validateProvider(medical({ password: '', confirmPassword: '' }), 'edit')).toEqual({})
    expect(validateProvider(medical({ password: 'débil', confirmPassword: 'débil' }), 'edit').password).toMatch(
      /^La contraseña debe de tener al menos:/,
    )
  })

  it('accepts numbers as well as strings (API bodies)', () => {
    expect(
      validateProvider(
        { ...medical(), tipo: 1, activo: 0, estado: 25, municipio: 3, colonia: 7, numeroExterior: 120, codigoPostal: 80000, costoNormal: 850.5 },
        'create',
      ),
    ).toEqual({})
  })
})
