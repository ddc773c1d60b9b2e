/**
 * Spanish texts of the document viewer and of the previews built on it (ours: the spec has no viewer). The viewer
 * machine's own texts are imported from the machine: re-exported here, they made every screen with a 'Ver …'
 * button (the collaborator's home) download the machine before the viewer is opened (issue 24).
 */

export const VIEWER = {
  region: (label: string) => `Visor de documento: ${label}`,
  toolbar: 'Herramientas del documento',
  previous: 'Página anterior',
  next: 'Página siguiente',
  pageNumber: 'Número de página',
  numberField: 'campo numérico',
  pageOf: (count: number) => `de ${count}`,
  pageLabel: (page: number, count: number) => `Página ${page} de ${count}`,
  zoomOut: 'Alejar',
  zoomIn: 'Acercar',
  zoomValue: (zoom: number) => `${zoom} %`,
  zoomLevel: (zoom: number) => `Zoom: ${zoom} %`,
  fitWidth: 'Ajustar al ancho',
  rotate: 'Girar 90 grados',
  download: 'Descargar',
  downloadFile: (name: string) => `Descargar el archivo ${name}`,
  retry: 'Reintentar',
  keyboardHelp:
    'Teclado: flechas izquierda y derecha o Re Pág y Av Pág para cambiar de página, Inicio y Fin para la primera y la última, + y − para el zoom, 0 para ajustar al ancho y R para girar.',
} as const

export const PREVIEW = {
  title: (name: string) => `Vista previa: ${name}`,
  // Neutral, no tú or usted: the same preview serves the collaborator (tú) and the staff's screens.
  intro: 'Archivo por enviar:',
  /** Not 'Cargando documento…': the button right below reads 'Cargar documento' (issue 22). */
  loading: 'Preparando vista previa…',
  confirm: 'Cargar documento',
  cancel: 'Cancelar',
  open: 'Ver documento',
  /** The visible 'Ver documento' first, then which one (WCAG 2.5.3: the accessible name contains the visible text). */
  openNamed: (label: string, shown = 'Ver documento') => `${shown}: ${label}`,
  close: 'Cerrar',
} as const

export const LETTER_PDF = {
  download: 'Descargar carta autorización',
  view: 'Ver carta autorización',
  title: (code: string) => `Carta autorización ${code}`,
  failed: 'No se pudo descargar la carta autorización',
} as const
