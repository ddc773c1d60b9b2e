/** Texts of the provider's screens (spec 2.7, 4 'Invoice (provider)', 5, 8). The machine's texts are re-exported. */
export { INVOICE_MESSAGES } from '../../../machines/invoiceUpload.machine'

export const PROVIDER_CLAIMS_TEXTS = {
  title: 'Mis trámites',
  search: 'Buscar por número de trámite',
  searchPlaceholder: 'C123',
  cardTitle: (code: string) => `Trámite ${code}`,
  collaboratorNumber: 'Número de colaborador',
  reason: 'Motivo del trámite',
  status: 'Estatus',
  upload: 'Cargar factura',
  loading: 'Cargando trámites…',
  empty: 'No tienes trámites asignados',
  emptySearch: (text: string) => `Ningún trámite coincide con «${text}».`,
  total: (n: number) => (n === 1 ? '1 trámite' : `${n.toLocaleString('es-MX')} trámites`),
} as const

export const INVOICE_PAGE_TEXTS = {
  title: (code: string) => `Factura trámite: ${code}`,
  backLabel: 'Regresar a mis trámites',
  loading: 'Cargando la factura…',
  invoice: 'Factura',
  pdfOnly: 'Un archivo PDF, o fotos de la factura que se unen en un solo PDF.',
  sending: (name: string) => `Cargando ${name}…`,
  status: 'Estatus',
  noInvoice: 'Aún no has cargado la factura de este trámite.',
  keptOnServer: 'La factura ya cargada se conserva en el trámite; puedes cargar otra para reemplazarla.',
  edit: 'Editar factura',
  delete: 'Eliminar factura',
  showComment: 'Ver comentario',
  commentTitle: 'Comentario de la factura',
  close: 'Cerrar',
  invalidClaim: 'Trámite no encontrado',
  letterTitle: 'Carta autorización',
  letterIntro: 'La carta autorización del trámite, disponible una vez aprobado el dictamen.',
} as const
