/**
 * /login-colaborador (spec 2.4): collaborator number and claim number, both numeric and required; 'Buscar' signs
 * in (enabled only when the machine accepts `login.submit`) and goes to /home-colaborador.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useRef, type FormEvent } from 'react'
import { useTypedBeforeHydration } from './typedBeforeHydration'
import { Link, useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { collaboratorLoginMachine, isDigits, type CollaboratorField } from '../../../machines/collaboratorLogin.machine'
import { MESSAGES } from '../../../domain/rules/messages'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/TextField'
import { ROLE } from '../../../domain/roles'
import { useLandingPreload, type PreloadRoleHome } from './landingPreload'
import { useSessionActor } from '../../lib/session'
import { AuthColumns, Welcome, formClass, formTitleClass } from './AuthColumns'
import { collaboratorSignInActor, preloadSignInCalls } from './signIn'
import { inspect } from '../../lib/inspect'

const COLLABORATOR_TEXTS = {
  welcomeTitle: 'Consulta tu trámite',
  welcomeText: 'Ingresa tu número de colaborador y el número de tu trámite para cargar tus documentos y revisar su avance.',
  formTitle: 'Acceso colaboradores',
  idColaborador: 'Número de colaborador',
  numProcedure: 'Número de trámite',
  submit: 'Buscar',
  staffLink: '¿Eres ejecutivo, administrador o proveedor? Inicia sesión aquí',
} as const

/** 'Campo requerido' when empty, the number message when it holds anything but digits. */
function numberReason(value: string): string | null {
  if (value.trim() === '') return MESSAGES.required
  return isDigits(value) ? null : MESSAGES.notANumber
}

export function CollaboratorLoginPage({ preloadRoleHome }: { preloadRoleHome: PreloadRoleHome }) {
  const session = useSessionActor()
  const navigate = useNavigate()
  const actor = useActorRef(
    collaboratorLoginMachine.provide({
      actors: { signIn: collaboratorSignInActor },
      actions: {
        enterPortal: (_, params) => {
          session.send({ type: 'session.start', user: params.session.user, accessToken: params.session.accessToken })
          navigate('/home-colaborador', { replace: true })
        },
      },
    }),
    { inspect },
  )
  const idColaborador = useSelector(actor, (s) => s.context.idColaborador)
  const numProcedure = useSelector(actor, (s) => s.context.numProcedure)
  const message = useSelector(actor, (s) => s.context.message)
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'login.submit' }))
  const submitting = useSelector(actor, (s) => s.matches('submitting') || s.matches('success'))

  // The collaborator's screens download while the numbers are typed, or at the latest while they are checked (see
  // LoginPage).
  const preloadLanding = useLandingPreload(preloadRoleHome)
  const change = (field: CollaboratorField) => (value: string) => {
    // The sign-in call's small chunk first: on a slow network it must not queue behind the landing screen's files.
    preloadSignInCalls()
    preloadLanding(ROLE.collaborator)
    actor.send({ type: 'credentials.change', field, value })
  }
  const form = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(form, { idColaborador: change('idColaborador'), numProcedure: change('numProcedure') })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (actor.getSnapshot().can({ type: 'login.submit' })) preloadLanding(ROLE.collaborator, true)
    actor.send({ type: 'login.submit' })
  }

  return (
    <AuthColumns welcome={<Welcome title={COLLABORATOR_TEXTS.welcomeTitle} text={COLLABORATOR_TEXTS.welcomeText} pageTitle={COLLABORATOR_TEXTS.formTitle} />}>
      <form ref={form} onSubmit={submit} noValidate className={formClass} aria-labelledby="collaborator-login-title">
        <h2 id="collaborator-login-title" className={formTitleClass}>
          {COLLABORATOR_TEXTS.formTitle}
        </h2>
        <TextField
          label={COLLABORATOR_TEXTS.idColaborador}
          name="idColaborador"
          inputMode="numeric"
          autoComplete="off"
          value={idColaborador}
          onValueChange={change('idColaborador')}
          reason={numberReason(idColaborador)}
          disabled={submitting}
        />
        <TextField
          label={COLLABORATOR_TEXTS.numProcedure}
          name="numProcedure"
          inputMode="numeric"
          autoComplete="off"
          value={numProcedure}
          onValueChange={change('numProcedure')}
          reason={numberReason(numProcedure)}
          disabled={submitting}
        />
        <Button type="submit" size="lg" fullWidth disabled={!canSubmit} loading={submitting}>
          {COLLABORATOR_TEXTS.submit}
        </Button>
        {message ? <Banner tone="error">{message}</Banner> : null}
        <Link to="/" className={css({ fontSize: 'sm', color: 'fg.link', textAlign: 'center', textDecoration: 'underline' })}>
          {COLLABORATOR_TEXTS.staffLink}
        </Link>
      </form>
    </AuthColumns>
  )
}
