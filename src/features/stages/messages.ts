/** Texts of the stage timeline (ours: the spec names no stages). */
export const STAGE_TIMELINE = {
  title: 'Etapas del trámite',
  current: 'Etapa actual',
  done: 'Completada',
  pending: 'Pendiente',
  movedBy: (actor: string) => `Por ${actor}`,
} as const
