/** Texts of scan to PDF (ours: the spec predates it; tú, as every collaborator screen). The machine's are re-exported. */
export { SCAN_MESSAGES } from '../../../machines/scanDocument.machine'

export const SCAN = {
  title: (label: string) => `Fotos del documento: ${label}`,
  intro: 'Revisa que cada página se lea bien. Puedes agregar, quitar, ordenar y girar páginas antes de cargar el documento.',
  pages: 'Páginas del documento',
  pageCount: (n: number) => (n === 1 ? '1 página' : `${n} páginas`),
  page: (n: number) => `Página ${n}`,
  pageOf: (n: number, total: number) => `Página ${n} de ${total}`,
  addPage: 'Agregar página',
  addPageLabel: 'Agregar página con la cámara o desde tus fotos',
  moveUp: 'Mover antes',
  moveDown: 'Mover después',
  rotate: 'Girar',
  remove: 'Quitar',
  /** The buttons' accessible names say which page (several pages have the same buttons). */
  moveUpNamed: (n: number) => `Mover antes: página ${n}`,
  moveDownNamed: (n: number) => `Mover después: página ${n}`,
  rotateNamed: (n: number) => `Girar: página ${n}`,
  removeNamed: (n: number) => `Quitar: página ${n}`,
  moved: (n: number, to: number) => `Página ${n} movida a la posición ${to}.`,
  removed: (n: number) => `Página ${n} quitada.`,
  preparing: 'Preparando las fotos…',
  converting: 'Creando el PDF…',
  preview: 'Vista previa',
  backToPages: 'Volver a las páginas',
  confirm: 'Cargar documento',
  cancel: 'Cancelar',
  back: 'Volver',
  close: 'Cerrar',
  previewLoading: 'Preparando vista previa…',
  empty: 'Aún no hay páginas. Toma una foto de cada hoja o elígelas de tu galería.',
  /** The picker's own refusal of a mixed choice. */
  mixed: 'Elige un PDF o fotos de las hojas, no ambos a la vez.',
  onePdf: 'Elige un solo archivo PDF.',
} as const
