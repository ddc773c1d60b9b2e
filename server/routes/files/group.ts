import type { RouteGroup } from '../../lib/route'

/**
 * The /api/docs section of every /api/file route. No field labels: this group's validation reasons name the field
 * itself ('Campo requerido: idEvento', 'Tipo de dato inválido en idEvento'), as its clients have always read them.
 */
export const FILE_ROUTES: RouteGroup = { tags: ['file'] }
