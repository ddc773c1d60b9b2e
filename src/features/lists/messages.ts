/**
 * Texts every paged list shares when more rows match than the server counts (domain/paging.ts COUNT_LIMIT): the
 * total becomes «Más de 10,000 trámites» (the screen's own total text after «Más de»), and under the pagination,
 * which reaches only the counted rows, the way to the older ones.
 */
export const CAPPED_LIST_TEXTS = {
  total: (screenTotal: string) => `Más de ${screenTotal}`,
  narrowSearch: (limit: number) =>
    `Solo se muestran los primeros ${limit.toLocaleString('es-MX')} resultados. Afine la búsqueda para ver resultados más antiguos.`,
} as const
