/** Texts of 'Pendientes', 'Niveles de servicio' and the bulk approval (issue 23; the spec has none of them). */
export const QUEUE_TEXTS = {
  title: 'Pendientes',
  subtitle: {
    executive: 'Tus trámites que esperan una acción tuya, del más vencido al más holgado.',
    admin: 'Los trámites que esperan a la oficina, del más vencido al más holgado.',
    provider: 'Tus trámites que esperan tu factura, del más vencido al más holgado.',
  },
  search: 'Número de trámite',
  searchPlaceholder: 'C123',
  stage: 'Etapa',
  allStages: 'Todas las etapas',
  badge: 'Estado',
  allBadges: 'Todos los estados',
  tableLabel: 'Trámites pendientes',
  claim: 'Trámite',
  collaborator: 'Colaborador',
  stageAndDays: 'Etapa y días en ella',
  due: 'Vence',
  action: 'Acción',
  select: 'Seleccionar',
  // A tenth of a day tells 0.4 from 0.9 near a deadline; past ten days it is noise ('102 días hábiles', not '102.6').
  days: (n: number) => {
    const shown = n >= 10 ? Math.floor(n) : n
    return `${shown.toLocaleString('es-MX', { maximumFractionDigits: 1 })} ${shown === 1 ? 'día hábil' : 'días hábiles'}`
  },
  loading: 'Cargando pendientes…',
  empty: 'No tienes pendientes',
  emptySearch: (text: string) => `Ningún pendiente coincide con «${text}».`,
  total: (n: number) => (n === 1 ? '1 pendiente' : `${n.toLocaleString('es-MX')} pendientes`),
  actions: {
    3: 'Verificar documentos',
    5: 'Asignar proveedor',
    6: 'Llenar carta',
    7: 'Cargar factura',
    9: 'Revisar factura',
  },
  actionOf: (action: string, code: string) => `${action} de ${code}`,
  selectOf: (code: string) => `Seleccionar la factura de ${code}`,
} as const

export const BULK_APPROVAL_TEXTS = {
  selected: (n: number) => (n === 1 ? '1 factura seleccionada' : `${n} facturas seleccionadas`),
  approve: 'Aprobar seleccionadas',
  clear: 'Quitar selección',
  confirmTitle: (n: number) => (n === 1 ? '¿Aprobar 1 factura?' : `¿Aprobar ${n} facturas?`),
  confirmText: 'Cada trámite se aprueba por separado, con las mismas reglas que una aprobación: se aprueban las facturas de estos trámites:',
  confirm: 'Aprobar',
  approving: 'Aprobando…',
  cancel: 'Cancelar',
  resultTitle: 'Resultado de la aprobación',
  approved: (codes: string) => `Aprobadas: ${codes}`,
  noneApproved: 'Ninguna factura se aprobó',
  refused: 'No aprobadas:',
  dismiss: 'Cerrar aviso',
} as const

export const SERVICE_LEVEL_TEXTS = {
  title: 'Niveles de servicio',
  subtitle: 'Días hábiles que la oficina se da para cada etapa. Los días hábiles excluyen sábados, domingos y los días de descanso obligatorio (Ley Federal del Trabajo, art. 74).',
  stage: 'Etapa',
  waitsOn: 'Espera a',
  target: 'Días hábiles',
  defaultValue: (n: number) => `Predeterminado: ${n}`,
  save: 'Guardar cambios',
  saved: 'Niveles de servicio guardados',
  noChanges: 'No hay cambios que guardar',
  history: 'Historial de cambios',
  historyEmpty: 'Aún no hay cambios registrados',
  change: (etapa: string, antes: number, despues: number) => `${etapa}: de ${antes} a ${despues} días hábiles`,
  by: (usuario: string, fecha: string) => `${usuario}, ${fecha}`,
  loading: 'Cargando niveles de servicio…',
} as const
