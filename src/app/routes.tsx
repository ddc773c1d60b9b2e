/**
 * THE route table (spec sections 2.3–2.10). Shared screens take the area they are shown in (`area`) or the form
 * mode (`mode`). To build a screen, replace its component in src/features/<area>/ — this file rarely changes.
 *
 *   /                     role sign-in, or the stored role's home          (public shell)
 *   /login-colaborador    collaborator sign-in                             (public shell)
 *   everything else below RequireSession + AppShell (guard by path area, see src/lib/profile.ts)
 *   *                     404 'Page Not Found', back to / after 1 s
 *
 * Every screen is a lazy route: its code is a chunk of its area (src/app/areaChunks.ts), downloaded when a route
 * of the area is first opened. The entry chunk holds only the router, the session, the guard and this table.
 */
import type { ReactElement } from 'react'
import type { RouteObject } from 'react-router-dom'
import { FlowsShortcut } from '../features/flows/FlowsShortcut'
import { areaChunks, preloadRoleHome, type AreaName, type LoadedAreas } from './areaChunks'
import { ErrorPage } from './ErrorPage'
import { RequireSession } from './guards'
import { NotFoundPage } from './NotFoundPage'
import { RootLayout, RouteLoading } from './RouteLoading'

/**
 * A route whose screen comes from its area's chunk: the router loads the chunk before it shows the route (the
 * previous screen stays, with the pending bar of RootLayout; on a first visit the root's fallback shows), then
 * renders the element built from the module. Screens take props (`area`, `mode`), hence an element, not a Component.
 * With `loaded` (view tests, which import every chunk up front) the element is there at once.
 */
function screenOf(loaded: Partial<LoadedAreas> | undefined) {
  return function screen<K extends AreaName>(area: K, render: (module: LoadedAreas[K]) => ReactElement): Pick<RouteObject, 'lazy' | 'element'> {
    const module = loaded?.[area]
    if (module) return { element: render(module) }
    return { lazy: async () => ({ element: render((await areaChunks[area]()) as LoadedAreas[K]) }) }
  }
}

/** The claim process sub-pages shared by the executive (/ejecutivo), administrator and partner prefixes. */
const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

/** Every signed-in route. Paths are absolute; the guard decides who may open each by its prefix. */
export function signedInRoutes(partner: string, loaded?: Partial<LoadedAreas>): RouteObject[] {
  const screen = screenOf(loaded)
  return [
    // 2.5 Executive ('Pendientes', issue 23, is where the executive lands)
    { path: '/pendientes', ...screen('executive', (m) => <m.QueuePage area="executive" />) },
    { path: '/home', ...screen('executive', (m) => <m.CoverageSearchPage area="executive" />) },
    { path: '/nuevo-tramite/:idColaborador/:idCobertura', ...screen('executive', (m) => <m.NewClaimPage area="executive" />) },
    { path: '/mis-tramites', ...screen('executive', (m) => <m.ClaimListPage area="executive" />) },
    { path: '/mis-tramites/validacion-de-documentos/:idEvento', ...screen('executive', (m) => <m.ClaimDocumentsPage area="executive" />) },
    { path: '/mis-tramites/asignar-proveedor/:idEvento', ...screen('executive', (m) => <m.AssignProviderPage area="executive" />) },
    { path: '/mis-tramites/verificacion-de-documento/:idEvento', ...screen('executive', (m) => <m.DocumentVerificationPage area="executive" />) },
    { path: '/mis-tramites/proceso-general-tramites/:idEvento', ...screen('executive', (m) => <m.ClaimGeneralPage area="executive" />) },
    { path: '/reportes', ...screen('executive', (m) => <m.ReportsPage area="executive" />) },
    { path: '/perfil/mi-perfil', ...screen('profile', (m) => <m.ProfilePage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/:idEvento`, ...screen('executive', (m) => <m.ClaimGeneralPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('executive', (m) => <m.ClaimDocumentsPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('executive', (m) => <m.AuthorizationLetterPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('executive', (m) => <m.DocumentVerificationPage area="executive" />) },
    { path: `/ejecutivo/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, ...screen('executive', (m) => <m.AssignProviderPage area="executive" />) },

    // 2.6 Administrator ('Pendientes' and 'Niveles de servicio': issue 23)
    { path: '/administrador/pendientes', ...screen('admin', (m) => <m.QueuePage area="admin" />) },
    { path: '/administrador/niveles-de-servicio', ...screen('admin', (m) => <m.ServiceLevelsPage />) },
    { path: '/administrador/inicio-de-cobertura', ...screen('admin', (m) => <m.CoverageSearchPage area="admin" />) },
    { path: '/administrador/inicio-de-cobertura/nuevo-tramite/:idColaborador/:idCobertura', ...screen('admin', (m) => <m.NewClaimPage area="admin" />) },
    { path: '/administrador/mis-tramites', ...screen('admin', (m) => <m.ClaimListPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/:idEvento`, ...screen('admin', (m) => <m.ClaimGeneralPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('admin', (m) => <m.ClaimDocumentsPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('admin', (m) => <m.AuthorizationLetterPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('admin', (m) => <m.DocumentVerificationPage area="admin" />) },
    { path: `/administrador/${CLAIM_PROCESS}/asignar-proveedor/:idEvento`, ...screen('admin', (m) => <m.AssignProviderPage area="admin" />) },
    { path: '/administrador/reportes', ...screen('admin', (m) => <m.ReportsPage area="admin" />) },
    { path: '/administrador/ejecutivos', ...screen('admin', (m) => <m.ExecutiveListPage />) },
    { path: '/administrador/ejecutivos/nuevo-ejecutivo', ...screen('admin', (m) => <m.ExecutiveFormPage mode="create" />) },
    { path: '/administrador/ejecutivos/editar-ejecutivo/:idEjecutivo', ...screen('admin', (m) => <m.ExecutiveFormPage mode="edit" />) },
    { path: '/administrador/ejecutivos/ver-ejecutivo/:idEjecutivo', ...screen('admin', (m) => <m.ExecutiveFormPage mode="view" />) },
    { path: '/administrador/proveedores', ...screen('admin', (m) => <m.ProviderListPage />) },
    { path: '/administrador/proveedores/nuevo-proveedor', ...screen('admin', (m) => <m.ProviderFormPage mode="create" />) },
    { path: '/administrador/proveedores/ver-proveedor/:idProveedor', ...screen('admin', (m) => <m.ProviderFormPage mode="view" />) },
    { path: '/administrador/proveedores/editar-proveedor/:idProveedor', ...screen('admin', (m) => <m.ProviderFormPage mode="edit" />) },
    { path: '/administrador/facturas', ...screen('admin', (m) => <m.InvoiceListPage />) },
    { path: '/administrador/facturas/descargar-facturas/:idFactura/:idEvento', ...screen('admin', (m) => <m.InvoiceReviewPage />) },
    { path: '/administrador/notificaciones', ...screen('admin', (m) => <m.NotificationAdminPage />) },
    { path: '/administrador/mi-perfil', ...screen('admin', (m) => <m.ProfilePage area="admin" />) },
    // Issue 7: the machines as diagrams (the short address /flujos leads here, see buildRoutes).
    { path: '/administrador/flujos', ...screen('admin', (m) => <m.FlowsRoute />) },
    { path: '/administrador/flujos/:id', ...screen('admin', (m) => <m.FlowsRoute />) },

    // 2.7 Provider ('Pendientes': issue 23)
    { path: '/proveedores/pendientes', ...screen('provider', (m) => <m.QueuePage area="provider" />) },
    { path: '/proveedores', ...screen('provider', (m) => <m.ProviderHomePage />) },
    { path: '/proveedores/mis-tramites', ...screen('provider', (m) => <m.ProviderClaimsPage />) },
    { path: '/proveedores/cargar-factura/:idEvento', ...screen('provider', (m) => <m.ProviderInvoicePage />) },

    // 2.8 Collaborator
    { path: '/home-colaborador', ...screen('collaborator', (m) => <m.CollaboratorHomePage />) },
    { path: '/home-colaborador/carga-de-datos/:idEvento', ...screen('collaborator', (m) => <m.CollaboratorUploadPage />) },

    // 2.9 Retail partner (read-only)
    { path: `/${partner}`, ...screen('partner', (m) => <m.PartnerHomePage />) },
    { path: `/${partner}/dashboard`, ...screen('partner', (m) => <m.ClaimListPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/:idEvento`, ...screen('partner', (m) => <m.ClaimGeneralPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/validacion-documentos/:idEvento`, ...screen('partner', (m) => <m.ClaimDocumentsPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/carta-dictaminacion/:idEvento`, ...screen('partner', (m) => <m.AuthorizationLetterPage area="partner" />) },
    { path: `/${partner}/${CLAIM_PROCESS}/verificacion-documentos/:idEvento`, ...screen('partner', (m) => <m.DocumentVerificationPage area="partner" />) },
  ]
}

export function buildRoutes(partnerPrefix: string, loaded?: Partial<LoadedAreas>): RouteObject[] {
  const screen = screenOf(loaded)
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // Shown while the first screen's chunks load (the router renders nothing of a lazy route before that).
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          ...screen('signIn', (m) => <m.PublicLayout />),
          children: [
            { index: true, ...screen('signIn', (m) => <m.RootRoute preloadRoleHome={preloadRoleHome} />) },
            { path: '/login-colaborador', ...screen('signIn', (m) => <m.CollaboratorLoginPage preloadRoleHome={preloadRoleHome} />) },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            {
              ...screen('shell', (m) => <m.AppShell />),
              children: [{ errorElement: <ErrorPage embedded />, children: signedInRoutes(partnerPrefix, loaded) }],
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
