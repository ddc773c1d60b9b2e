/** Fixed lists the demo seed draws from: services, providers, names and the words of claims and letters. */

/** tipo 1 medical, 0 non-medical (the provider tipo of spec section 3). */
export const SEED_SERVICES: readonly { nombre: string; tipo: 0 | 1 }[] = [
  { nombre: 'Consulta médica', tipo: 1 },
  { nombre: 'Hospitalización', tipo: 1 },
  { nombre: 'Estudios de laboratorio', tipo: 1 },
  { nombre: 'Estudios de imagen', tipo: 1 },
  { nombre: 'Rehabilitación', tipo: 1 },
  { nombre: 'Cirugía ambulatoria', tipo: 1 },
  { nombre: 'Atención dental', tipo: 1 },
  { nombre: 'Ambulancia', tipo: 0 },
  { nombre: 'Óptica', tipo: 0 },
  { nombre: 'Farmacia', tipo: 0 },
  { nombre: 'Aparatos ortopédicos', tipo: 0 },
  { nombre: 'Servicios funerarios', tipo: 0 },
]

export interface SeedProvider {
  nombreProveedor: string
  /** Local part of the provider account's email. */
  login: string
  servicio: string
  /** Municipality (stateId + INEGI code) where it is. */
  stateId: number
  munCode: number
  calle: string
  /** Medical providers */
  nivel?: string
  tipoEspecialidad?: string
  especialidad?: string
  estudio?: string
  costoNormal?: number
  contact: { nombre: string; apePat: string; apeMat: string }
  puntosImportantes?: string
}

/** The first one is the demo provider account (assigned claims at every stage from 6 on). */
export const SEED_PROVIDERS: readonly SeedProvider[] = [
  {
    nombreProveedor: 'Hospital San Rafael Culiacán', login: 'proveedor', servicio: 'Hospitalización', stateId: 25, munCode: 6,
    calle: 'Blvd. Francisco I. Madero', nivel: 'Segundo nivel', tipoEspecialidad: 'Quirúrgica', especialidad: 'Cirugía general',
    estudio: 'Valoración preoperatoria', costoNormal: 2500, contact: { nombre: 'Ricardo', apePat: 'Félix', apeMat: 'Inzunza' },
    puntosImportantes: 'Frente al parque Revolución; estacionamiento para pacientes.',
  },
  {
    nombreProveedor: 'Clínica Médica Tres Ríos', login: 'clinica.tresrios', servicio: 'Consulta médica', stateId: 25, munCode: 6,
    calle: 'Blvd. Enrique Sánchez Alonso', nivel: 'Primer nivel', tipoEspecialidad: 'Médica', especialidad: 'Medicina familiar',
    estudio: 'Consulta de primera vez', costoNormal: 650, contact: { nombre: 'Adriana', apePat: 'Sánchez', apeMat: 'Zazueta' },
  },
  {
    nombreProveedor: 'Laboratorio Clínico del Humaya', login: 'lab.humaya', servicio: 'Estudios de laboratorio', stateId: 25, munCode: 6,
    calle: 'Av. Álvaro Obregón', nivel: 'Primer nivel', tipoEspecialidad: 'Diagnóstico', especialidad: 'Patología clínica',
    estudio: 'Biometría hemática y química sanguínea', costoNormal: 480, contact: { nombre: 'Jesús', apePat: 'Gastélum', apeMat: 'Rocha' },
  },
  {
    nombreProveedor: 'Hospital del Mar Mazatlán', login: 'hospital.delmar', servicio: 'Hospitalización', stateId: 25, munCode: 12,
    calle: 'Av. Camarón Sábalo', nivel: 'Tercer nivel', tipoEspecialidad: 'Quirúrgica', especialidad: 'Traumatología y ortopedia',
    estudio: 'Valoración ortopédica', costoNormal: 3200, contact: { nombre: 'Mónica', apePat: 'Osuna', apeMat: 'Lizárraga' },
  },
  {
    nombreProveedor: 'Centro de Rehabilitación Integral del Pacífico', login: 'rehab.pacifico', servicio: 'Rehabilitación', stateId: 25, munCode: 12,
    calle: 'Av. Insurgentes', nivel: 'Segundo nivel', tipoEspecialidad: 'Médica', especialidad: 'Medicina física y rehabilitación',
    estudio: 'Sesión de terapia física', costoNormal: 550, contact: { nombre: 'Héctor', apePat: 'Tirado', apeMat: 'Ibarra' },
  },
  {
    nombreProveedor: 'Imagenología Los Mochis', login: 'imagen.mochis', servicio: 'Estudios de imagen', stateId: 25, munCode: 1,
    calle: 'Blvd. Antonio Rosales', nivel: 'Segundo nivel', tipoEspecialidad: 'Diagnóstico', especialidad: 'Radiología e imagen',
    estudio: 'Resonancia magnética simple', costoNormal: 4200, contact: { nombre: 'Gabriela', apePat: 'Valenzuela', apeMat: 'Ruiz' },
  },
  {
    nombreProveedor: 'Sanatorio Santa María de Guadalajara', login: 'sanatorio.santamaria', servicio: 'Cirugía ambulatoria', stateId: 14, munCode: 39,
    calle: 'Av. Chapultepec', nivel: 'Segundo nivel', tipoEspecialidad: 'Quirúrgica', especialidad: 'Cirugía general',
    estudio: 'Colecistectomía laparoscópica', costoNormal: 38000, contact: { nombre: 'Fernando', apePat: 'Orozco', apeMat: 'Gutiérrez' },
  },
  {
    nombreProveedor: 'Clínica Dental Providencia', login: 'dental.providencia', servicio: 'Atención dental', stateId: 14, munCode: 39,
    calle: 'Av. Pablo Neruda', nivel: 'Primer nivel', tipoEspecialidad: 'Médica', especialidad: 'Odontología',
    estudio: 'Endodoncia', costoNormal: 3500, contact: { nombre: 'Paola', apePat: 'Ramírez', apeMat: 'Becerra' },
  },
  {
    nombreProveedor: 'Hospital Ciudad del Sol', login: 'hospital.ciudaddelsol', servicio: 'Consulta médica', stateId: 14, munCode: 120,
    calle: 'Av. López Mateos Sur', nivel: 'Segundo nivel', tipoEspecialidad: 'Médica', especialidad: 'Medicina interna',
    estudio: 'Consulta de especialidad', costoNormal: 900, contact: { nombre: 'Alejandro', apePat: 'Navarro', apeMat: 'Plascencia' },
  },
  {
    nombreProveedor: 'Hospital Obispado Monterrey', login: 'hospital.obispado', servicio: 'Hospitalización', stateId: 19, munCode: 39,
    calle: 'Av. Hidalgo', nivel: 'Tercer nivel', tipoEspecialidad: 'Médica', especialidad: 'Cardiología',
    estudio: 'Ecocardiograma transtorácico', costoNormal: 2800, contact: { nombre: 'Mauricio', apePat: 'Garza', apeMat: 'Treviño' },
  },
  {
    nombreProveedor: 'Laboratorios Valle Oriente', login: 'lab.valleoriente', servicio: 'Estudios de laboratorio', stateId: 19, munCode: 19,
    calle: 'Av. Lázaro Cárdenas', nivel: 'Primer nivel', tipoEspecialidad: 'Diagnóstico', especialidad: 'Patología clínica',
    estudio: 'Perfil tiroideo', costoNormal: 720, contact: { nombre: 'Daniela', apePat: 'Cantú', apeMat: 'Villarreal' },
  },
  {
    nombreProveedor: 'Clínica Médica Del Valle', login: 'clinica.delvalle', servicio: 'Consulta médica', stateId: 9, munCode: 14,
    calle: 'Av. Insurgentes Sur', nivel: 'Primer nivel', tipoEspecialidad: 'Médica', especialidad: 'Ginecología y obstetricia',
    estudio: 'Control prenatal', costoNormal: 850, contact: { nombre: 'Verónica', apePat: 'Mendoza', apeMat: 'Aguilar' },
  },
  {
    nombreProveedor: 'Centro de Diagnóstico Roma', login: 'diagnostico.roma', servicio: 'Estudios de imagen', stateId: 9, munCode: 15,
    calle: 'Av. Álvaro Obregón', nivel: 'Segundo nivel', tipoEspecialidad: 'Diagnóstico', especialidad: 'Radiología e imagen',
    estudio: 'Tomografía computarizada', costoNormal: 3600, contact: { nombre: 'Arturo', apePat: 'Salinas', apeMat: 'Reyes' },
  },
  // non-medical
  {
    nombreProveedor: 'Ambulancias Rescate del Pacífico', login: 'ambulancias.pacifico', servicio: 'Ambulancia', stateId: 25, munCode: 6,
    calle: 'Calz. Heroico Colegio Militar', contact: { nombre: 'Javier', apePat: 'Camacho', apeMat: 'López' },
    puntosImportantes: 'Servicio las 24 horas, incluye traslados foráneos.',
  },
  {
    nombreProveedor: 'Óptica Visión Clara', login: 'optica.visionclara', servicio: 'Óptica', stateId: 25, munCode: 6,
    calle: 'Av. Obregón', contact: { nombre: 'Lorena', apePat: 'Beltrán', apeMat: 'Medina' },
  },
  {
    nombreProveedor: 'Farmacias del Bienestar', login: 'farmacias.bienestar', servicio: 'Farmacia', stateId: 25, munCode: 12,
    calle: 'Av. Ejército Mexicano', contact: { nombre: 'Omar', apePat: 'Quintero', apeMat: 'Avilés' },
  },
  {
    nombreProveedor: 'Ortopedia Movilidad Total', login: 'ortopedia.movilidad', servicio: 'Aparatos ortopédicos', stateId: 14, munCode: 39,
    calle: 'Av. Federalismo Norte', contact: { nombre: 'Rocío', apePat: 'Hernández', apeMat: 'Castañeda' },
  },
  {
    nombreProveedor: 'Óptica Lumière Monterrey', login: 'optica.lumiere', servicio: 'Óptica', stateId: 19, munCode: 39,
    calle: 'Av. Constitución', contact: { nombre: 'Sergio', apePat: 'Elizondo', apeMat: 'Garza' },
  },
  {
    nombreProveedor: 'Funerales La Paz', login: 'funerales.lapaz', servicio: 'Servicios funerarios', stateId: 9, munCode: 16,
    calle: 'Calz. México-Tacuba', contact: { nombre: 'Patricia', apePat: 'Moreno', apeMat: 'Vázquez' },
  },
  {
    nombreProveedor: 'Ambulancias Auxilio Metropolitano', login: 'ambulancias.metro', servicio: 'Ambulancia', stateId: 19, munCode: 26,
    calle: 'Av. Benito Juárez', contact: { nombre: 'Raúl', apePat: 'Chapa', apeMat: 'Leal' },
  },
]

export const WORK_LOCATIONS = ['Coorporativo Reforma', 'Call Center Miguel Ocarranza', 'Call Center Revolución'] as const

export const FEMALE_NAMES = [
  'María', 'Guadalupe', 'Ana', 'Laura', 'Sofía', 'Fernanda', 'Daniela', 'Alejandra', 'Karla', 'Mariana', 'Claudia', 'Patricia',
  'Verónica', 'Gabriela', 'Andrea', 'Lucía', 'Rosa', 'Elena', 'Isabel', 'Paola', 'Diana', 'Adriana', 'Leticia', 'Ximena',
] as const

export const MALE_NAMES = [
  'José', 'Juan', 'Luis', 'Carlos', 'Jorge', 'Miguel', 'Francisco', 'Alejandro', 'Jesús', 'Ricardo', 'Fernando', 'Eduardo',
  'Roberto', 'Manuel', 'Javier', 'Diego', 'Sergio', 'Andrés', 'Antonio', 'Raúl', 'Óscar', 'Héctor', 'Arturo', 'Emiliano',
] as const

export const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Rodríguez', 'Pérez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores',
  'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz',
  'Castillo', 'Romero', 'Álvarez', 'Medina', 'Félix', 'Zazueta', 'Inzunza', 'Gastélum', 'Beltrán', 'Valenzuela', 'Osuna',
  'Garza', 'Treviño', 'Villarreal', 'Orozco', 'Navarro', 'Quintero', 'Camacho', 'Núñez', 'Salazar', 'Ibarra', 'Lizárraga',
] as const

export const COVERAGE_TYPES: readonly { descripcion: string; min: number; max: number }[] = [
  { descripcion: 'Gastos médicos mayores', min: 80_000, max: 250_000 },
  { descripcion: 'Apoyo por hospitalización', min: 30_000, max: 90_000 },
  { descripcion: 'Apoyo para lentes', min: 3_000, max: 8_000 },
  { descripcion: 'Apoyo para medicamentos', min: 5_000, max: 20_000 },
  { descripcion: 'Rehabilitación física', min: 10_000, max: 35_000 },
  { descripcion: 'Apoyo dental', min: 6_000, max: 18_000 },
  { descripcion: 'Fondo de ayuda por maternidad', min: 20_000, max: 45_000 },
  { descripcion: 'Apoyo funerario', min: 25_000, max: 60_000 },
]

export const DIAGNOSES = [
  'Fractura de radio distal derecho',
  'Apendicitis aguda',
  'Colecistitis crónica litiásica',
  'Diabetes mellitus tipo 2 descompensada',
  'Lumbalgia mecánica crónica',
  'Neumonía adquirida en la comunidad',
  'Hipertensión arterial sistémica',
  'Esguince de tobillo grado II',
  'Miopía y astigmatismo bilateral',
  'Hernia inguinal derecha',
  'Gastroenteritis aguda con deshidratación moderada',
  'Embarazo de término, control prenatal',
  'Lesión de ligamento cruzado anterior de rodilla izquierda',
  'Caries dental con afectación pulpar',
]

export const PROCEDURES = [
  'Reducción cerrada y colocación de férula',
  'Apendicectomía laparoscópica',
  'Colecistectomía laparoscópica',
  'Control metabólico y ajuste de tratamiento',
  'Terapia física, 10 sesiones',
  'Hospitalización y antibioticoterapia intravenosa',
  'Valoración y estudios de control',
  'Inmovilización y rehabilitación',
  'Adaptación de lentes graduados',
  'Hernioplastia inguinal con malla',
  'Hidratación intravenosa y vigilancia',
  'Atención de parto',
  'Reconstrucción artroscópica de ligamento',
  'Endodoncia y corona',
]

export const REJECTION_COMMENTS = [
  'El documento no es legible, vuelve a escanearlo por favor.',
  'Falta la firma del colaborador en el formato.',
  'La identificación está vencida; sube una vigente.',
  'El resumen médico no tiene sello ni cédula del médico tratante.',
  'El archivo corresponde a otro documento.',
] as const

export const DICTAMEN_APPROVED_COMMENTS = [
  'Procede conforme a la cobertura contratada.',
  'Procedente. El padecimiento está cubierto y la documentación es correcta.',
  'Se autoriza el servicio por el monto indicado.',
] as const

export const DICTAMEN_REJECTED_COMMENTS = [
  'No procede: padecimiento preexistente excluido de la cobertura.',
  'No procede: el servicio solicitado no está incluido en la cobertura.',
  'No procede: la documentación médica no sustenta el diagnóstico.',
] as const

export const MEDICAL_SPECIALTIES = [
  'Traumatología y ortopedia', 'Cirugía general', 'Medicina interna', 'Ginecología y obstetricia', 'Oftalmología',
  'Medicina física y rehabilitación', 'Odontología',
] as const
