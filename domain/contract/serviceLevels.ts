/**
 * /api/service-levels (issue 23): the business days the office gives itself per stage ('Niveles de servicio'), whom
 * each stage waits on, and the record of every change. Office users read them; only administrators change them.
 * The targets' rule (whole business days, 1 to 60) is domain/serviceLevels.ts `serviceTargetReason`, run by the
 * screen and the server alike, so the body only says a target is a number.
 */
import { TIMED_STAGE_IDS, WAITING_PARTIES } from '../serviceLevels'
import { defineCall } from './call'
import { Int, IntEnum, Num, NullableText, Strict, Text, TextEnum, Type, type Static } from './schema'

/** One timed stage's target in force. */
export const ServiceTarget = Type.Object({
  statusId: IntEnum(TIMED_STAGE_IDS),
  etapa: Text,
  esperaA: TextEnum(WAITING_PARTIES),
  diasHabiles: Int,
  /** The README's default for the stage. */
  predeterminado: Int,
  /** ISO timestamp of the last change, or null when the stage keeps its default. */
  modificado: NullableText,
  /** Who made the last change (name), or null. */
  modificadoPor: NullableText,
})
export type ServiceTarget = Static<typeof ServiceTarget>

/** One recorded change: who changed which stage's target from what to what, and when. */
export const ServiceTargetChange = Type.Object({
  statusId: Int,
  etapa: Text,
  antes: Int,
  despues: Int,
  usuario: Text,
  /** ISO timestamp. */
  fecha: Text,
})
export type ServiceTargetChange = Static<typeof ServiceTargetChange>

export const ServiceLevels = Type.Object({
  objetivos: Type.Array(ServiceTarget),
  /** The newest changes first (at most 50). */
  cambios: Type.Array(ServiceTargetChange),
})
export type ServiceLevels = Static<typeof ServiceLevels>

/**
 * The targets to change; a stage left out keeps its target. Any JSON number passes the schema: whether it is a whole
 * number of business days in range is `serviceTargetReason`'s to say, with its Spanish reason.
 */
export const SaveServiceTargetsBody = Strict({
  objetivos: Type.Array(Strict({ statusId: IntEnum(TIMED_STAGE_IDS), diasHabiles: Num }), {
    minItems: 1,
    maxItems: TIMED_STAGE_IDS.length,
  }),
})
export type SaveServiceTargetsBody = Static<typeof SaveServiceTargetsBody>

export const serviceLevelCalls = {
  serviceLevels: defineCall({
    method: 'GET',
    path: '/api/service-levels',
    summary: 'Niveles de servicio: días hábiles por etapa, a quién espera cada etapa y los cambios registrados',
    response: ServiceLevels,
  }),
  saveServiceLevels: defineCall({
    method: 'PUT',
    path: '/api/service-levels',
    summary: 'Cambia los días hábiles de una o más etapas (solo administradores); recalcula los vencimientos abiertos',
    body: SaveServiceTargetsBody,
    response: ServiceLevels,
  }),
}
