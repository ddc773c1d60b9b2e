/**
 * Spanish texts of the workflow screens (issue 7: /flujos for administrators and the claim's lifecycle diagram).
 * The spec gives none of these; they are ours.
 */
export const FLOWS = {
  title: 'Flujos',
  subtitle: 'Los flujos del portal, dibujados a partir de sus máquinas de estado. Elija uno para ver su diagrama.',
  listLabel: 'Flujos registrados',
  back: 'Regresar a Flujos',
  notFoundTitle: 'No existe ese flujo',
  notFoundDescription: (id: string) => `No hay un flujo registrado con el nombre «${id}».`,
  seeAll: 'Ver todos los flujos',
  diagramTitle: 'Diagrama',
  diagramLabel: (id: string) => `Diagrama de estados de ${id}`,
  diagramHint: 'Las tablas de abajo describen el mismo flujo en texto.',
  loadingDiagram: 'Dibujando el diagrama…',
  diagramFailed: 'No se pudo dibujar el diagrama. Las tablas de abajo describen el flujo.',
  loadingPage: 'Cargando flujos…',
} as const

export const TABLES = {
  states: 'Estados',
  transitions: 'Transiciones',
  events: 'Eventos',
  guards: 'Guardas',
  delays: 'Retardos',
  state: 'Estado',
  type: 'Tipo',
  description: 'Descripción',
  from: 'Desde',
  event: 'Evento',
  guard: 'Guarda',
  to: 'Hacia',
  acceptedIn: 'Aceptado en',
  usedIn: 'Usada en',
  delay: 'Retardo',
  value: 'Valor',
  delayUsedIn: 'Usado en',
  computed: 'calculado',
  stays: '(se queda)',
  none: 'Ninguno.',
  noneFeminine: 'Ninguna.',
  types: { atomic: 'simple', compound: 'compuesto', parallel: 'paralelo', final: 'final', history: 'historial' },
} as const

export const LIFECYCLE = {
  title: 'Diagrama del proceso',
  current: (stage: string) => `Etapa actual: ${stage}`,
  label: 'Diagrama de las etapas del trámite con la etapa actual resaltada',
} as const
