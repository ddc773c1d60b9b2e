/** Chunk of the retail partner's read-only area (spec 2.9). */
export { PartnerHomePage } from '../../features/partner/PartnerHomePage'
export { ClaimListPage } from '../../features/claims/ClaimListPage'
export * from './claimProcess'
