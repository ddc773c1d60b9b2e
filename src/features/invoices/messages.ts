/** Texts of the administrator's invoice screens (spec 2.6 'Facturas', 4 'Invoice approval', 8). */


export const INVOICE_LIST_TEXTS = {
  title: 'Facturas',
  search: 'Buscar trámite',
  searchPlaceholder: 'Trámite: C123',
  collaboratorNumber: 'Número de colaborador',
  reason: 'Motivo del trámite',
  status: 'Estatus',
  provider: 'Proveedor',
  coverage: 'Cobertura',
  authorized: 'Suma de apoyo autorizada',
  available: 'Suma de apoyo disponible',
  used: 'Suma de apoyo utilizada',
  open: 'Ver trámite',
  approved: 'Aprobada',
  inReview: 'En revisión',
  loading: 'Cargando facturas…',
  empty: 'No hay facturas por revisar',
  emptySearch: (text: string) => `Ninguna factura coincide con «${text}».`,
  total: (n: number) => (n === 1 ? '1 factura' : `${n.toLocaleString('es-MX')} facturas`),
} as const

export const INVOICE_REVIEW_TEXTS = {
  title: (code: string) => `Factura del trámite ${code}`,
  backLabel: 'Regresar a facturas',
  loading: 'Cargando documentos y factura…',
  documents: 'Documentos del trámite',
  noFile: 'Sin archivo',
  uploaded: 'Documentos cargados',
  verified: 'Documentos verificados',
  invoice: 'Factura',
  noInvoice: 'El proveedor aún no ha cargado la factura.',
  download: 'Descargar factura',
  approve: 'Aprobar factura',
  needsDocuments: 'Descargar y aprobar la factura requiere los tres documentos del trámite.',
  invalid: 'Factura no encontrada',
  confirmTitle: '¿Aprobar la factura?',
  confirmBody: (code: string) =>
    `Al aprobar la factura, el trámite ${code} queda concluido y ya no podrá modificarse. Esta acción no se puede deshacer.`,
  cancel: 'Cancelar',
  approved: (code: string) => `Factura aprobada: el trámite ${code} quedó concluido.`,
} as const
