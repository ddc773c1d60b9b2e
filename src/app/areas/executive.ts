/** Chunk of the executive's area (spec 2.5). Screens it shares with the administrator end up in shared chunks. */
export { CoverageSearchPage } from '../../features/coverage/CoverageSearchPage'
export { NewClaimPage } from '../../features/newClaim/NewClaimPage'
export { ClaimListPage } from '../../features/claims/ClaimListPage'
export { ReportsPage } from '../../features/reports/ReportsPage'
export { ProfilePage } from '../../features/profile/ProfilePage'
export * from './claimProcess'
export { QueuePage } from '../../features/queue/QueuePage'
