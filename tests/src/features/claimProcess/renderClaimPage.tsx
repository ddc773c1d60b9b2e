/**
 * Renders the claim process pages on a memory router with the paths of the route table (src/app/routes.tsx) and a
 * signed-in session, without the rest of the app, so these tests depend only on the claim process screens. Any
 * other path renders a probe with its pathname (the redirect targets). The API is `installFakeApi`'s.
 */
import { render } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom'
import type { SessionUser } from '../../../../src/api/schemas'
import { writeStoredSession } from '../../../../src/api/storedSession'
import { SessionProvider, connectApiToSession, createSessionActor } from '../../../../src/app/session'
import { AssignProviderPage } from '../../../../src/features/claimProcess/AssignProviderPage'
import { AuthorizationLetterPage } from '../../../../src/features/claimProcess/AuthorizationLetterPage'
import { ClaimDocumentsPage } from '../../../../src/features/claimProcess/ClaimDocumentsPage'
import { ClaimGeneralPage } from '../../../../src/features/claimProcess/ClaimGeneralPage'
import { DocumentVerificationPage } from '../../../../src/features/claimProcess/DocumentVerificationPage'
import { setRuntimeConfigForTests } from '../../../../src/lib/runtimeConfig'
import { AppToaster, SearchTextProvider } from '../../../../src/ui'

/** Same configuration as tests/src/helpers/renderPortal (not imported: it pulls in the whole route table). */
export const TEST_CONFIG = { apiBase: 'http://api.test', clientToken: 'token-de-cliente', partnerPrefix: 'coppel', partnerName: 'Coppel' }

const CLAIM_PROCESS = 'mis-tramites/proceso-general-tramites'

function Probe() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>
}

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
    { path: '*', element: <Probe /> },
  ]
}

export function renderClaimPage(path: string, signedInAs: SessionUser) {
  setRuntimeConfigForTests(TEST_CONFIG)
  localStorage.clear()
  writeStoredSession({ user: signedInAs, accessToken: 'token-guardado', lastUpdate: new Date().toISOString() })
  const router = createMemoryRouter(claimRoutes(TEST_CONFIG.partnerPrefix), { initialEntries: [path] })
  const session = createSessionActor({ navigate: (to) => void router.navigate(to, { replace: true }) })
  const disconnect = connectApiToSession(session)
  session.start()
  const view = render(
    <SessionProvider actor={session}>
      <SearchTextProvider>
        <RouterProvider router={router} />
        <AppToaster />
      </SearchTextProvider>
    </SessionProvider>,
  )
  return {
    ...view,
    router,
    pathname: () => router.state.location.pathname,
    dispose() {
      view.unmount()
      disconnect()
      session.stop()
      router.dispose()
    },
  }
}
