/**
 * THE route table (spec sections 2.3–2.10). Shared screens take the area they are shown in (`area`) or the form
 * mode (`mode`). To build a screen, replace its component in src/features/<area>/ — this file rarely changes.
 *
 *   /                     role sign-in, or the stored role's home          (public shell)
 *   /login-colaborador    collaborator sign-in                             (public shell)
 *   everything else below RequireSession + AppShell (guard by path area, see src/lib/profile.ts)
 *   *                     404 'Page Not Found', back to / after 1 s
 */
import type { RouteObject } from 'react-router-dom'
import { AuthorizationLetterPage } from '../features/claimProcess/AuthorizationLetterPage'
import { AssignProviderPage } from '../features/claimProcess/AssignProviderPage'
import { ClaimDocumentsPage } from '../features/claimProcess/ClaimDocumentsPage'
import { ClaimGeneralPage } from '../features/claimProcess/ClaimGeneralPage'
import { DocumentVerificationPage } from '../features/claimProcess/DocumentVerificationPage'
import { ClaimListPage } from '../features/claims/ClaimListPage'
import { CollaboratorHomePage } from '../features/collaborator/CollaboratorHomePage'
import { CollaboratorUploadPage } from '../features/collaborator/CollaboratorUploadPage'
import { CoverageSearchPage } from '../features/coverage/CoverageSearchPage'
import { ExecutiveFormPage } from '../features/executives/ExecutiveFormPage'
import { ExecutiveListPage } from '../features/executives/ExecutiveListPage'
import { FlowsRoute, FlowsShortcut } from '../features/flows/FlowsRoute'
import { InvoiceListPage } from '../features/invoices/InvoiceListPage'
import { InvoiceReviewPage } from '../features/invoices/InvoiceReviewPage'
import { NewClaimPage } from '../features/newClaim/NewClaimPage'
import { PartnerHomePage } from '../features/partner/PartnerHomePage'
import { ProfilePage } from '../features/profile/ProfilePage'
import { ProviderClaimsPage } from '../features/providerArea/ProviderClaimsPage'
import { ProviderHomePage } from '../features/providerArea/ProviderHomePage'
import { ProviderInvoicePage } from '../features/providerArea/ProviderInvoicePage'
import { ProviderFormPage } from '../features/providers/ProviderFormPage'
import { ProviderListPage } from '../features/providers/ProviderListPage'
import { ReportsPage } from '../features/reports/ReportsPage'
import { CollaboratorLoginPage } from '../features/auth/CollaboratorLoginPage'
import { RootRoute } from '../features/auth/RootRoute'
import { ErrorPage } from './ErrorPage'
import { RequireSession } from './guards'
import { NotFoundPage } from './NotFoundPage'
import { AppShell } from './shell/AppShell'
import { PublicLayout } from './shell/PublicLayout'

/** The claim process sub-pages shared by the executive (/ejecutivo), administrator and partner prefixes. */
const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

/** Every signed-in route. Paths are absolute; the guard decides who may open each by its prefix. */
export function signedInRoutes(partner: string): RouteObject[] {
  return [
    // 2.5 Executive
    { path: '/home', element: <CoverageSearchPage area="executive" /> },
    { path: '/nuevo-tramite/:idColaborador/:idCobertura', element: <NewClaimPage area="executive" /> },
    { path: '/mis-tramites', element: <ClaimListPage area="executive" /> },
    { path: '/mis-tramites/validacion-de-documentos/:idEvento', element: <ClaimDocumentsPage area="executive" /> },
    { path: '/mis-tramites/asignar-proveedor/:idEvento', element: <AssignProviderPage area="executive" /> },
    { path: '/mis-tramites/verificacion-de-documento/:idEvento', element: <DocumentVerificationPage area="executive" /> },
    { path: '/mis-tramites/proceso-general-tramites/:idEvento', element: <ClaimGeneralPage area="executive" /> },
    { path: '/reportes', element: <ReportsPage area="executive" /> },
    { path: '/perfil/mi-perfil', element: <ProfilePage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="executive" /> },
    { path: `/ejecutivo/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, element: <AssignProviderPage area="executive" /> },

    // 2.6 Administrator
    { path: '/administrador/inicio-de-cobertura', element: <CoverageSearchPage area="admin" /> },
    { path: '/administrador/inicio-de-cobertura/nuevo-tramite/:idColaborador/:idCobertura', element: <NewClaimPage area="admin" /> },
    { path: '/administrador/mis-tramites', element: <ClaimListPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="admin" /> },
    { path: `/administrador/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, element: <AssignProviderPage area="admin" /> },
    { path: '/administrador/reportes', element: <ReportsPage area="admin" /> },
    { path: '/administrador/ejecutivos', element: <ExecutiveListPage /> },
    { path: '/administrador/ejecutivos/nuevo-ejecutivo', element: <ExecutiveFormPage mode="create" /> },
    { path: '/administrador/ejecutivos/editar-ejecutivo/:idEjecutivo', element: <ExecutiveFormPage mode="edit" /> },
    { path: '/administrador/ejecutivos/ver-ejecutivo/:idEjecutivo', element: <ExecutiveFormPage mode="view" /> },
    { path: '/administrador/proveedores', element: <ProviderListPage /> },
    { path: '/administrador/proveedores/nuevo-proveedor', element: <ProviderFormPage mode="create" /> },
    { path: '/administrador/proveedores/ver-proveedor/:idProveedor', element: <ProviderFormPage mode="view" /> },
    { path: '/administrador/proveedores/editar-proveedor/:idProveedor', element: <ProviderFormPage mode="edit" /> },
    { path: '/administrador/facturas', element: <InvoiceListPage /> },
    { path: '/administrador/facturas/descargar-facturas/:idFactura/:idEvento', element: <InvoiceReviewPage /> },
    { path: '/administrador/mi-perfil', element: <ProfilePage area="admin" /> },
    // Issue 7: the machines as diagrams (the short address /flujos leads here, see buildRoutes).
    { path: '/administrador/flujos', element: <FlowsRoute /> },
    { path: '/administrador/flujos/:id', element: <FlowsRoute /> },

    // 2.7 Provider
    { path: '/proveedores', element: <ProviderHomePage /> },
    { path: '/proveedores/mis-tramites', element: <ProviderClaimsPage /> },
    { path: '/proveedores/cargar-factura/:idEvento', element: <ProviderInvoicePage /> },

    // 2.8 Collaborator
    { path: '/home-colaborador', element: <CollaboratorHomePage /> },
    { path: '/home-colaborador/carga-de-datos/:idEvento', element: <CollaboratorUploadPage /> },

    // 2.9 Retail partner (read-only)
    { path: `/${partner}`, element: <PartnerHomePage /> },
    { path: `/${partner}/dashboard`, element: <ClaimListPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/:idEvento`, element: <ClaimGeneralPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, element: <ClaimDocumentsPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, element: <AuthorizationLetterPage area="partner" /> },
    { path: `/${partner}/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, element: <DocumentVerificationPage area="partner" /> },
  ]
}

export function buildRoutes(partnerPrefix: string): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <ErrorPage />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, element: <RootRoute /> },
            { path: '/login-colaborador', element: <CollaboratorLoginPage /> },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppShell />,
              children: [{ errorElement: <ErrorPage embedded />, children: signedInRoutes(partnerPrefix) }],
            },
          ],
        },
        // /flujos only forwards: the guard of /administrador/flujos keeps every other role out.
        { path: '/flujos', element: <FlowsShortcut /> },
        { path: '/flujos/:id', element: <FlowsShortcut /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]
}
