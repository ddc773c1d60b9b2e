/** The claim process tabs (spec 2.11), shown in the executive, administrator and partner areas. */
export { AuthorizationLetterPage } from '../../features/claimProcess/AuthorizationLetterPage'
export { AssignProviderPage } from '../../features/claimProcess/AssignProviderPage'
export { ClaimDocumentsPage } from '../../features/claimProcess/ClaimDocumentsPage'
export { ClaimGeneralPage } from '../../features/claimProcess/ClaimGeneralPage'
export { DocumentVerificationPage } from '../../features/claimProcess/DocumentVerificationPage'
