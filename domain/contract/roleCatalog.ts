/**
 * The role catalogue of the sign-in screen (GET /api/catalog/userRoles, ./catalog.ts), which the server also writes
 * into /app-config.js. A module of its own so the sign-in page checks that copy without the other catalogues' schemas.
 */
import { Type, type Static } from './schema'

/** Role display name → role code (spec section 6); shown before sign-in. */
export const RoleCatalog = Type.Record(Type.String(), Type.Integer())
export type RoleCatalog = Static<typeof RoleCatalog>
