/**
 * The Spanish texts we give Ark UI (zag) components in place of their English defaults, which screen readers would
 * otherwise read ('Notifications, top-end (alt+T)', 'previous page', 'dropzone', …). One place, so a new component
 * gets its texts next to the others. The date picker keeps its own (src/ui/DatePicker.tsx).
 */

/** Toaster region: zag builds `${label}, ${placement} (${hotkey})` unless the region gets its own aria-label. */
export const TOASTER_TEXTS = {
  region: 'Avisos (Alt+T)',
  close: 'Cerrar aviso',
} as const

export const PAGINATION_TEXTS = {
  rootLabel: 'Paginación',
  firstTriggerLabel: 'Primera página',
  prevTriggerLabel: 'Página anterior',
  nextTriggerLabel: 'Página siguiente',
  lastTriggerLabel: 'Última página',
  itemLabel: ({ page }: { page: number }) => `Página ${page}`,
} as const

export const SELECT_TRANSLATIONS = { clearTriggerLabel: 'Borrar selección' } as const

export const FILE_UPLOAD_TRANSLATIONS = {
  dropzone: 'Zona para soltar el archivo',
  itemPreview: (file: File) => `Vista previa de ${file.name}`,
  deleteFile: (file: File) => `Quitar ${file.name}`,
} as const

export const PROGRESS_TRANSLATIONS = {
  value: ({ value, max }: { value: number | null; max: number }) => (value === null ? 'Cargando…' : `${value} de ${max}`),
} as const

export const DIALOG_TEXTS = { close: 'Cerrar' } as const

export const TABS_TEXTS = { listLabel: 'Pestañas' } as const
