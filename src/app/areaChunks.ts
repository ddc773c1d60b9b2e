/**
 * The code chunks of the route table (route-level code splitting, issue 11). Each loader is a dynamic import, so
 * the bundler makes it a chunk and the app downloads it only when a route of that area is opened; calling a loader
 * again returns the module already loaded (the browser's module map), so preloading is just calling it early.
 *
 * A role's screens come together in one area chunk: moving between screens of one's own area never waits for the
 * network again. Screens two areas share (the claim process tabs, the claim list) land in shared chunks that the
 * bundler names after them.
 */
import { profileKindForRole, type ProfileKind } from '../lib/profile'

export const areaChunks = {
  signIn: () => import('./areas/signIn'),
  shell: () => import('./areas/shell'),
  executive: () => import('./areas/executive'),
  admin: () => import('./areas/admin'),
  provider: () => import('./areas/provider'),
  collaborator: () => import('./areas/collaborator'),
  partner: () => import('./areas/partner'),
  // /perfil/mi-perfil is open to every role but the collaborator: it must not pull a whole area.
  profile: () => import('../features/profile/ProfilePage'),
} satisfies Record<ProfileKind | 'signIn' | 'shell' | 'profile', () => Promise<unknown>>

export type AreaName = keyof typeof areaChunks
export type LoadedAreas = { [K in AreaName]: Awaited<ReturnType<(typeof areaChunks)[K]>> }

/** Every chunk, loaded (view tests render the route table without waiting for chunks). */
export async function loadAllAreas(): Promise<LoadedAreas> {
  const names = Object.keys(areaChunks) as AreaName[]
  const modules = await Promise.all(names.map((name) => areaChunks[name]()))
  return Object.fromEntries(names.map((name, index) => [name, modules[index]])) as LoadedAreas
}

/**
 * Starts downloading what the landing screen of a role needs (the shell and the role's area) and resolves when it
 * is there. Called when a sign-in is sent, so the chunks travel while the server checks the password and the home
 * screen appears as soon as the session starts. Failures are left to the route's own load, which shows the error.
 */
export function preloadRoleHome(rol: string | number): Promise<void> {
  const kind = profileKindForRole(rol)
  return Promise.all([areaChunks.shell(), areaChunks[kind]()]).then(
    () => undefined,
    () => undefined,
  )
}
