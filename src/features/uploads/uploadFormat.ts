/**
 * How an upload's progress reads (issue 22), in es-MX: bytes sent of the total in megabytes with one decimal ('1.2 de
 * 3.0 MB'), the time left, and the milestones a screen reader hears (25 %, 50 %, 75 %).
 */
const MB = 1024 * 1024
const oneDecimal = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** '3.0 MB'. */
export const megabytes = (bytes: number): string => `${oneDecimal.format(bytes / MB)} MB`

/** '1.2 de 3.0 MB'. */
export const bytesOfTotal = (loaded: number, total: number): string => `${oneDecimal.format(loaded / MB)} de ${oneDecimal.format(total / MB)} MB`

/** 'Quedan 12 s', 'Quedan 3 min'; null while the speed is not known yet. */
export function timeLeft(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null
  if (seconds < 60) return `Quedan ${Math.max(1, Math.round(seconds))} s`
  return `Quedan ${Math.round(seconds / 60)} min`
}

/** The milestones announced to screen readers, in order. */
const MILESTONES = [25, 50, 75] as const

/** The highest milestone `percent` has reached (0 before the first). */
export const milestoneOf = (percent: number): number => MILESTONES.filter((m) => percent >= m).at(-1) ?? 0

export const UPLOAD_PROGRESS_TEXTS = {
  pause: 'Pausar carga',
  resume: 'Reanudar carga',
  cancel: 'Cancelar carga',
  paused: 'Carga en pausa: el servidor guarda lo recibido 24 horas.',
  dropped: 'Conexión perdida: reintentando desde lo ya enviado…',
  estimating: 'Calculando tiempo restante…',
  milestone: (label: string, percent: number) => `${label}: ${percent} % enviado`,
  done: (label: string) => `${label}: carga terminada`,
  pending: (name: string, size: string) => `Tienes una carga sin terminar de ${name} (${size}). Elige el mismo archivo para reanudarla.`,
} as const
