/**
 * The chunks the app's entry itself asks for (issue 24): the sign-in, and, from the first key typed in a sign-in
 * form, the signed-in shell and the role's first screen. Every other screen's loader is in src/app/screenChunks.ts,
 * which downloads with the shell: the entry does not carry the list of every screen's files.
 */
import { profileKindForRole } from '../lib/profile'

export const firstChunks = {
  /** The two sign-in screens and their shell (scripts/prerender.ts announces this entry's chunks in their HTML). */
  signIn: () => import('./areas/signIn'),
  /** The signed-in shell (header, menu) and the signed-in part of the route table (src/app/signedInRoutes.tsx). */
  shell: () => import('./areas/shell'),
  // The same modules as in src/app/screenChunks.ts (the table the shell brings), so the same chunks.
  queue: () => import('../features/queue/QueuePage'),
  claimList: () => import('../features/claims/ClaimListPage'),
  collaboratorHome: () => import('../features/collaborator/CollaboratorHomePage'),
}

/** The entry's chunks, loaded (view tests and the pre-render pass them to src/app/App.tsx's createPortal). */
export type LoadedFirstChunks = { [K in keyof typeof firstChunks]: Awaited<ReturnType<(typeof firstChunks)[K]>> }

/** A screen a role lands on after signing in. */
export type LandingScreen = Exclude<keyof typeof firstChunks, 'signIn' | 'shell'>

/** The name is one of the landing screens (a pre-rendered first screen's `data-landing-screen`). */
export function isLandingScreen(name: string | undefined): name is LandingScreen {
  return name !== undefined && name !== 'signIn' && name !== 'shell' && Object.hasOwn(firstChunks, name)
}

/**
 * The screen at each role's home path (src/lib/profile.ts, homePathForRole): 'Pendientes' for the office roles, the
 * partner's dashboard (the claim list), the collaborator's home. tests/src/app/codeSplitting.test.tsx checks that the
 * route table shows these screens at those paths.
 */
export function landingScreenFor(rol: string | number): LandingScreen {
  switch (profileKindForRole(rol)) {
    case 'partner':
      return 'claimList'
    case 'collaborator':
      return 'collaboratorHome'
    default:
      return 'queue'
  }
}
