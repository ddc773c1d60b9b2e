/**
 * Renders the claim process pages with renderScreen, on the paths of the route table (src/app/routes.tsx) and a
 * signed-in session, without the rest of the app, so these tests depend only on the claim process screens. Any
 * other path renders a probe with its pathname (the redirect targets). The API is `installFakeApi`'s.
 */
import type { RouteObject } from 'react-router-dom'
import type { SessionUser } from '../../../../domain/contract/auth'
import { AssignProviderPage } from '../../../../src/features/claimProcess/AssignProviderPage'
import { AuthorizationLetterPage } from '../../../../src/features/claimProcess/AuthorizationLetterPage'
import { ClaimDocumentsPage } from '../../../../src/features/claimProcess/ClaimDocumentsPage'
import { ClaimGeneralPage } from '../../../../src/features/claimProcess/ClaimGeneralPage'
import { DocumentVerificationPage } from '../../../../src/features/claimProcess/DocumentVerificationPage'
import { TEST_CONFIG } from '../../helpers/testSession'
import { renderScreen } from '../collaborator/renderScreen'
import { fakePdfEngine } from '../documents/fakePdf'

const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

export function claimRoutes(partner: string): RouteObject[] {
  return [
    { path: '/mis-tramites/validacion-de-documentos/:idEvento', element: <ClaimDocumentsPage area="executive" /> },
    { path: '/mis-tramites/asignar-proveedor/:idEvento', element: <AssignProviderPage area="executive" /> },
    { path: '/mis-tramites/verificacion-de-documento/:idEvento', element: <DocumentVerificationPage area="executive" /> },
    { path: '/mis-tramites/proceso-general-tramites/:idEvento', element: <ClaimGeneralPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, element: <AssignProviderPage area="executive" /> },
    { path: `/administrador/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, element: <AssignProviderPage area="admin" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="partner" /> },
  ]
}

export function renderClaimPage(path: string, signedInAs: SessionUser, pdfEngine = fakePdfEngine()) {
  return renderScreen(path, claimRoutes(TEST_CONFIG.partnerPrefix), signedInAs, {}, pdfEngine)
}
