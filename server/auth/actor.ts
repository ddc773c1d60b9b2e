import type { Session } from './roles'

/**
 * Who did it, as stored in status_history.actor and as a notification's recipient key: 'user:{idUser}' or
 * 'colaborador:{idColaborador}'. Beside the sessions it names, so the lifecycle and the notifications both read it
 * from below them.
 */
export function actorOf(session: Session): string {
  return session.kind === 'collaborator' ? `colaborador:${session.idColaborador}` : `user:${session.idUser}`
}
