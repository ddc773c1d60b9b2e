/**
 * The API contract (spec section 7), one module per call group as the server's route plugins are, plus its
 * building blocks. A call's shapes are written once here; the server, the app and the tests read them.
 */
import type { CallSpec } from './call'
import { authCalls } from './auth'
import { catalogCalls } from './catalog'
import { eventCalls } from './claims'
import { fileCalls } from './files'
import { userCalls } from './users'
import { notificationCalls } from './notifications'
import { bulkApprovalCalls, queueCalls, serviceLevelCalls } from './serviceLevels'
import { liveCalls } from './live'

export * from './schema'
export * from './envelope'
export * from './call'
export * from './labels'
export * from './claims'
export * from './files'
export * from './auth'
export * from './accounts'
export * from './catalog'
export * from './users'
export * from './notifications'
export * from './serviceLevels'
export * from './live'
export * from './uploads'

/** Every call of the contract, for tools that walk them all (contract tests, docs). */
export const allCalls: readonly CallSpec[] = [
  authCalls,
  catalogCalls,
  eventCalls,
  fileCalls,
  userCalls,
  notificationCalls,
  serviceLevelCalls,
  queueCalls,
  bulkApprovalCalls,
  liveCalls,
].flatMap((group) =>
  Object.values(group),
)
