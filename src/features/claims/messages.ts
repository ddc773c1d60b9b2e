/** Texts of Mis trámites (spec 2.11 'Mis trámites (list)', 8). */
export const CLAIM_LIST_TEXTS = {
  title: 'Mis trámites',
  partnerTitle: 'Trámites',
  search: 'Escriba el número de trámite que busca',
  searchPlaceholder: 'C123',
  cardTitle: (code: string) => `Trámite ${code}`,
  collaboratorNumber: 'Número de colaborador',
  reason: 'Motivo del trámite',
  status: 'Estatus',
  authorized: 'Suma de apoyo autorizada',
  available: 'Suma de apoyo disponible',
  used: 'Suma de apoyo utilizada',
  open: 'Ver trámite',
  loading: 'Cargando trámites…',
  empty: 'No se encontraron trámites',
  emptySearch: (text: string) => `Ningún trámite coincide con «${text}».`,
  total: (n: number) => (n === 1 ? '1 trámite' : `${n.toLocaleString('es-MX')} trámites`),
} as const
