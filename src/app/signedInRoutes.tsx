/**
 * The signed-in part of THE route table (spec sections 2.5–2.9), under RequireSession and AppShell (guard by path
 * area, see src/lib/profile.ts). Shared screens take the area they are shown in (`area`) or the form mode (`mode`).
 * To build a screen, replace its component in src/features/<area>/ — this file rarely changes.
 *
 * It downloads with the shell's chunk (src/app/areas/shell.ts), not with the entry (issue 24): the router patches
 * it into the table (src/app/routes.tsx) on the first navigation the public routes do not answer. Every screen is a
 * lazy route: its code is a chunk of its own (src/app/screenChunks.ts), downloaded when one of its routes is first
 * opened, or earlier: at sign-in for the landing screen, on idle for the rest of the role's area
 * (src/app/idlePrefetch.ts).
 */
import { matchRoutes, type RouteObject } from 'react-router-dom'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { canOpenPath, profileKindForRole } from '../lib/profile'
import { menuEntriesFor } from '../lib/menu'
import { AppShell } from './shell/AppShell'
import { ErrorPage } from './ErrorPage'
import { RequireSession } from './guards'
import { prefetchScreensWhenIdle } from './idlePrefetch'
import { screenOf, type ScreenHandle } from './lazyScreen'
import { screenChunks, type LoadedScreens, type ScreenName } from './screenChunks'

/** The claim process sub-pages shared by the executive (/ejecutivo), administrator and partner prefixes. */
const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

/** Every signed-in route. Paths are absolute; the guard decides who may open each by its prefix. */
export function signedInRoutes(partner: string, loaded?: Partial<LoadedScreens>): RouteObject[] {
  const screen = screenOf(screenChunks, loaded)
  return [
    // 2.5 Executive ('Pendientes', issue 23, is where the executive lands)
    { path: '/pendientes', ...screen('queue', (m) => <m.QueuePage area="executive" />) },
    { path: '/home', ...screen('coverageSearch', (m) => <m.CoverageSearchPage area="executive" />) },
    { path: '/nuevo-tramite/:idColaborador/:idCobertura', ...screen('newClaim', (m) => <m.NewClaimPage area="executive" />) },
    { path: '/mis-tramites', ...screen('claimList', (m) => <m.ClaimListPage area="executive" />) },
    { path: '/mis-tramites/validacion-de-documentos/:idEvento', ...screen('claimDocuments', (m) => <m.ClaimDocumentsPage area="executive" />) },
    { path: '/mis-tramites/asignar-proveedor/:idEvento', ...screen('assignProvider', (m) => <m.AssignProviderPage area="executive" />) },
    { path: '/mis-tramites/verificacion-de-documento/:idEvento', ...screen('documentVerification', (m) => <m.DocumentVerificationPage area="executive" />) },
    { path: '/mis-tramites/proceso-general-tramites/:idEvento', ...screen('claimGeneral', (m) => <m.ClaimGeneralPage area="executive" />) },
    { path: '/reportes', ...screen('reports', (m) => <m.ReportsPage area="executive" />) },
    { path: '/perfil/mi-perfil', ...screen('profile', (m) => <m.ProfilePage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/:idEvento`, ...screen('claimGeneral', (m) => <m.ClaimGeneralPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('claimDocuments', (m) => <m.ClaimDocumentsPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('authorizationLetter', (m) => <m.AuthorizationLetterPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('documentVerification', (m) => <m.DocumentVerificationPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, ...screen('assignProvider', (m) => <m.AssignProviderPage area="executive" />) },

    // 2.6 Administrator ('Pendientes' and 'Niveles de servicio': issue 23)
    { path: '/administrador/pendientes', ...screen('queue', (m) => <m.QueuePage area="admin" />) },
    { path: '/administrador/niveles-de-servicio', ...screen('serviceLevels', (m) => <m.ServiceLevelsPage />) },
    { path: '/administrador/inicio-de-cobertura', ...screen('coverageSearch', (m) => <m.CoverageSearchPage area="admin" />) },
    { path: '/administrador/inicio-de-cobertura/nuevo-tramite/:idColaborador/:idCobertura', ...screen('newClaim', (m) => <m.NewClaimPage area="admin" />) },
    { path: '/administrador/mis-tramites', ...screen('claimList', (m) => <m.ClaimListPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/:idEvento`, ...screen('claimGeneral', (m) => <m.ClaimGeneralPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('claimDocuments', (m) => <m.ClaimDocumentsPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('authorizationLetter', (m) => <m.AuthorizationLetterPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('documentVerification', (m) => <m.DocumentVerificationPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, ...screen('assignProvider', (m) => <m.AssignProviderPage area="admin" />) },
    { path: '/administrador/reportes', ...screen('reports', (m) => <m.ReportsPage area="admin" />) },
    { path: '/administrador/ejecutivos', ...screen('executiveList', (m) => <m.ExecutiveListPage />) },
    { path: '/administrador/ejecutivos/nuevo-ejecutivo', ...screen('executiveForm', (m) => <m.ExecutiveFormPage mode="create" />) },
    { path: '/administrador/ejecutivos/editar-ejecutivo/:idEjecutivo', ...screen('executiveForm', (m) => <m.ExecutiveFormPage mode="edit" />) },
    { path: '/administrador/ejecutivos/ver-ejecutivo/:idEjecutivo', ...screen('executiveForm', (m) => <m.ExecutiveFormPage mode="view" />) },
    { path: '/administrador/proveedores', ...screen('providerList', (m) => <m.ProviderListPage />) },
    { path: '/administrador/proveedores/nuevo-proveedor', ...screen('providerForm', (m) => <m.ProviderFormPage mode="create" />) },
    { path: '/administrador/proveedores/ver-proveedor/:idProveedor', ...screen('providerForm', (m) => <m.ProviderFormPage mode="view" />) },
    { path: '/administrador/proveedores/editar-proveedor/:idProveedor', ...screen('providerForm', (m) => <m.ProviderFormPage mode="edit" />) },
    { path: '/administrador/facturas', ...screen('invoiceList', (m) => <m.InvoiceListPage />) },
    { path: '/administrador/facturas/descargar-facturas/:idFactura/:idEvento', ...screen('invoiceReview', (m) => <m.InvoiceReviewPage />) },
    { path: '/administrador/notificaciones', ...screen('notificationAdmin', (m) => <m.NotificationAdminPage />) },
    { path: '/administrador/mi-perfil', ...screen('profile', (m) => <m.ProfilePage area="admin" />) },
    // Issue 7: the machines as diagrams (the short address /flujos leads here, see buildRoutes).
    { path: '/administrador/flujos', ...screen('flows', (m) => <m.FlowsRoute />) },
    { path: '/administrador/flujos/:id', ...screen('flows', (m) => <m.FlowsRoute />) },

    // 2.7 Provider ('Pendientes': issue 23)
    { path: '/proveedores/pendientes', ...screen('queue', (m) => <m.QueuePage area="provider" />) },
    { path: '/proveedores', ...screen('providerHome', (m) => <m.ProviderHomePage />) },
    { path: '/proveedores/mis-tramites', ...screen('providerClaims', (m) => <m.ProviderClaimsPage />) },
    { path: '/proveedores/cargar-factura/:idEvento', ...screen('providerInvoice', (m) => <m.ProviderInvoicePage />) },

    // 2.8 Collaborator
    { path: '/home-colaborador', ...screen('collaboratorHome', (m) => <m.CollaboratorHomePage />) },
    { path: '/home-colaborador/carga-de-datos/:idEvento', ...screen('collaboratorUpload', (m) => <m.CollaboratorUploadPage />) },

    // 2.9 Retail partner (read-only)
    { path: `/${partner}`, ...screen('partnerHome', (m) => <m.PartnerHomePage />) },
    { path: `/${partner}/dashboard`, ...screen('claimList', (m) => <m.ClaimListPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/:idEvento`, ...screen('claimGeneral', (m) => <m.ClaimGeneralPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('claimDocuments', (m) => <m.ClaimDocumentsPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('authorizationLetter', (m) => <m.AuthorizationLetterPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('documentVerification', (m) => <m.DocumentVerificationPage area="partner" />) },
  ]
}

/** The id of the signed-in branch: patching it in again is a no-op (React Router matches patched routes by id). */
const SIGNED_IN_BRANCH_ID = 'signedIn'

/** The branch the route table's root gets: the guard, the shell, and every signed-in screen under them. */
export function signedInBranch(partnerPrefix: string, loaded?: Partial<LoadedScreens>): RouteObject {
  return {
    id: SIGNED_IN_BRANCH_ID,
    element: <RequireSession />,
    children: [
      {
        element: <AppShell prefetchRoleArea={prefetchRoleArea} />,
        children: [{ errorElement: <ErrorPage embedded />, children: signedInRoutes(partnerPrefix, loaded) }],
      },
    ],
  }
}

/** The screen a signed-in path shows, if any (its chunk name). */
export function screenAt(path: string, partnerPrefix: string): ScreenName | undefined {
  const matches = matchRoutes(signedInRoutes(partnerPrefix), path)
  return (matches?.at(-1)?.route.handle as ScreenHandle<ScreenName> | undefined)?.screen
}

/**
 * The screens a role can open (the routes its guard lets it in), each once: those of its menu entries first, in
 * menu order (the likeliest next click), then the others in the table's order (claim details, forms, profile).
 */
export function screensOfRole(rol: string | number, partnerPrefix: string): ScreenName[] {
  const menu = menuEntriesFor(profileKindForRole(rol), partnerPrefix).map((entry) => screenAt(entry.to, partnerPrefix))
  const table = signedInRoutes(partnerPrefix)
    .filter((route) => route.path !== undefined && canOpenPath(route.path, rol, partnerPrefix))
    .map((route) => (route.handle as ScreenHandle<ScreenName> | undefined)?.screen)
  return [...new Set([...menu, ...table])].filter((name): name is ScreenName => name !== undefined)
}

/** The rest of a role's area, loaded when the browser is idle after its first screen (the shell calls it). */
function prefetchRoleArea(rol: string | number): () => void {
  return prefetchScreensWhenIdle(screensOfRole(rol, getRuntimeConfig().partnerPrefix))
}
