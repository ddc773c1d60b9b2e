import type { TraversalSamples } from '../../machineGraph/traversal'
import { collaboratorUser, executiveUser } from './common'

export const sessionSamples = {
  // A session stored long ago: the paths start with a refresh due. The model test keeps the user and token but
  // dates lastUpdate against its own frozen clock.
  input: { user: executiveUser, accessToken: 'token-guardado', lastUpdate: '2020-01-01T00:00:00.000Z' },
  // lastUpdate is a timestamp taken at each refresh: only whether there is one matters to the paths.
  contextKey: (c: { user: { userType: string } | null; accessToken: string | null; lastUpdate: string | null }) => ({
    userType: c.user?.userType ?? null,
    accessToken: c.accessToken,
    lastUpdate: c.lastUpdate !== null,
  }),
  events: [
    { type: 'session.start', user: collaboratorUser, accessToken: 'token-colaborador' },
    { type: 'token.rotate', accessToken: 'token-rotado' },
    { type: 'photo.update', foto: '/api/file/profile/7.png' },
    { type: 'xstate.done.actor.refreshToken', output: { accessToken: 'token-renovado' } },
    { type: 'xstate.error.actor.refreshToken', error: new Error('Token inválido') },
  ],
} satisfies TraversalSamples
