/**
 * The code chunks of the route table (route-level code splitting, issues 11 and 24). Each loader is a dynamic
 * import, so the bundler makes it a chunk and the app downloads it only when a route showing that screen is opened;
 * calling a loader again returns the module already loaded (the browser's module map), so preloading is just
 * calling it early.
 *
 * One chunk per screen (issue 24): a role's first screen downloads its own code and the shell, nothing that only
 * another screen uses. What several screens share (the claim process layout, the lists, the UI kit) lands in shared
 * chunks that the bundler names after them. The rest of the role's area is prefetched once the browser is idle after
 * the first screen (src/app/idlePrefetch.ts), so the next click does not wait for the network.
 */
/**
 * This table downloads with the shell (src/app/signedInRoutes.tsx). The entry has loaders of its own for the sign-in,
 * the shell and the landing screens (src/app/firstChunks.ts): a second call site of the same module is the same chunk.
 */
export const screenChunks = {
  queue: () => import('../features/queue/QueuePage'),
  claimList: () => import('../features/claims/ClaimListPage'),
  collaboratorHome: () => import('../features/collaborator/CollaboratorHomePage'),
  serviceLevels: () => import('../features/queue/ServiceLevelsPage'),
  coverageSearch: () => import('../features/coverage/CoverageSearchPage'),
  newClaim: () => import('../features/newClaim/NewClaimPage'),
  claimGeneral: () => import('../features/claimProcess/ClaimGeneralPage'),
  claimDocuments: () => import('../features/claimProcess/ClaimDocumentsPage'),
  documentVerification: () => import('../features/claimProcess/DocumentVerificationPage'),
  authorizationLetter: () => import('../features/claimProcess/AuthorizationLetterPage'),
  assignProvider: () => import('../features/claimProcess/AssignProviderPage'),
  reports: () => import('../features/reports/ReportsPage'),
  profile: () => import('../features/profile/ProfilePage'),
  executiveList: () => import('../features/executives/ExecutiveListPage'),
  executiveForm: () => import('../features/executives/ExecutiveFormPage'),
  providerList: () => import('../features/providers/ProviderListPage'),
  providerForm: () => import('../features/providers/ProviderFormPage'),
  invoiceList: () => import('../features/invoices/InvoiceListPage'),
  invoiceReview: () => import('../features/invoices/InvoiceReviewPage'),
  notificationAdmin: () => import('../features/notifications/NotificationAdminPage'),
  // The Flujos page itself (machine catalogue, graph model) and Mermaid are further chunks loaded on demand.
  flows: () => import('../features/flows/FlowsRoute'),
  providerHome: () => import('../features/providerArea/ProviderHomePage'),
  providerClaims: () => import('../features/providerArea/ProviderClaimsPage'),
  providerInvoice: () => import('../features/providerArea/ProviderInvoicePage'),
  collaboratorUpload: () => import('../features/collaborator/CollaboratorUploadPage'),
  partnerHome: () => import('../features/partner/PartnerHomePage'),
}

export type ScreenName = keyof typeof screenChunks
export type LoadedScreens = { [K in ScreenName]: Awaited<ReturnType<(typeof screenChunks)[K]>> }

