/**
 * Stage catalogue of a claim (statusId → value). The spec leaves the stages out; this catalogue is ours and is
 * listed in the README. 8 and 10 are final (spec section 9).
 */
export const CLAIM_STAGES = {
  1: 'Trámite iniciado',
  2: 'Carga de documentos',
  3: 'Validación de documentos',
  4: 'Documentos rechazados',
  5: 'Asignación de proveedor',
  6: 'Carta autorización',
  7: 'Facturación',
  9: 'Factura en revisión',
  8: 'Trámite concluido',
  10: 'Trámite rechazado',
} as const

export type ClaimStageId = keyof typeof CLAIM_STAGES

/** Every stage in the catalogue's order (the order a claim goes through them; 9 before 8, the two finals last). */
export const CLAIM_STAGE_IDS: readonly ClaimStageId[] = [1, 2, 3, 4, 5, 6, 7, 9, 8, 10]

export const FINAL_STAGE_IDS: readonly ClaimStageId[] = [8, 10]

export const isFinalStage = (statusId: number): boolean => statusId === 8 || statusId === 10

/** 'Trámite rechazado': the dictamen rejected the claim (final; its amount no longer counts against the coverage). */
const REJECTED_STAGE_ID = 10
export const isRejectedStage = (statusId: number): boolean => statusId === REJECTED_STAGE_ID

/**
 * Stages a claim reaches only through an approved dictamen (Facturación, Factura en revisión, Trámite concluido):
 * from here on the authorization letter can be issued as a PDF.
 */
export const hasApprovedDictamen = (statusId: number): boolean => statusId === 7 || statusId === 9 || statusId === 8

export const isVerifiedDocument = (status: number): boolean => status === 2 || status === 4
export const isRejectedDocument = (status: number): boolean => status === 3 || status === 5

/** tipo '1' request form, '2' medical summary, '3' official ID. */
export const DOCUMENT_TYPES = [
  { tipo: 1, nombre: 'Formato de solicitud' },
  { tipo: 2, nombre: 'Resumen médico' },
  { tipo: 3, nombre: 'Identificación oficial' },
] as const

/**
 * Who moved a claim to a stage, as the timeline shows it: the role, and the person's or provider's name where the
 * viewer may see it ('Ejecutivo: Ana Soto', 'Proveedor: Hospital San Rafael', 'Colaborador'). The server builds it
 * from status_history.actor ('user:{id}' or 'colaborador:{id}').
 */
export const STAGE_ACTOR_ROLES = {
  executive: 'Ejecutivo',
  admin: 'Administrador',
  provider: 'Proveedor',
  collaborator: 'Colaborador',
  partner: 'Revisor',
} as const

export function stageActorLabel(role: keyof typeof STAGE_ACTOR_ROLES, name: string | null): string {
  const label = STAGE_ACTOR_ROLES[role]
  return name ? `${label}: ${name}` : label
}
