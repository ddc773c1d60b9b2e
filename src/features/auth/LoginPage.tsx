/**
 * Role sign-in (spec 2.3): role select (default Ejecutivo, options from the role catalogue), email, password with
 * the eye toggle, 'Iniciar sesión' (enabled only when the login machine accepts `login.submit`), and the failure
 * message under the form. On success the session starts and the user goes to the chosen role's home.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useRef, type FormEvent } from 'react'
import { useTypedBeforeHydration } from './typedBeforeHydration'
import { useLandingPreload, type PreloadRoleHome } from './landingPreload'
import { Link, useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { loginMachine } from '../../../machines/login.machine'
import { email as emailRule, required } from '../../../domain/rules/validators'
import { homePathForRole } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { Select } from '../../ui/Select'
import { TextField } from '../../ui/TextField'
import { useSessionActor } from '../../lib/session'
import { AuthColumns, Welcome, formClass, formTitleClass } from './AuthColumns'
import { loadRolesActor, preloadSignInCalls, signInActor } from './signIn'
import { inspect } from '../../lib/inspect'

const LOGIN_TEXTS = {
  welcomeTitle: 'Bienvenido al Portal de trámites',
  welcomeText: 'Consulta coberturas, inicia trámites de apoyo y da seguimiento a cada etapa en un solo lugar.',
  formTitle: 'Iniciar sesión',
  role: 'Elige tu rol para iniciar sesión:',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  collaboratorLink: '¿Eres colaborador? Ingresa con tu número de trámite',
} as const

export function LoginPage({ preloadRoleHome }: { preloadRoleHome: PreloadRoleHome }) {
  const session = useSessionActor()
  const navigate = useNavigate()
  const actor = useActorRef(
    loginMachine.provide({
      actors: { loadRoles: loadRolesActor, signIn: signInActor },
      actions: {
        enterPortal: (_, params) => {
          session.send({ type: 'session.start', user: params.session.user, accessToken: params.session.accessToken })
          navigate(homePathForRole(params.role, getRuntimeConfig().partnerPrefix), { replace: true })
        },
      },
    }),
    { inspect },
  )
  const email = useSelector(actor, (s) => s.context.email)
  const password = useSelector(actor, (s) => s.context.password)
  const role = useSelector(actor, (s) => s.context.role)
  const roles = useSelector(actor, (s) => s.context.roles)
  const message = useSelector(actor, (s) => s.context.message)
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'login.submit' }))
  const submitting = useSelector(actor, (s) => s.matches('submitting') || s.matches('success'))
  const loadingRoles = useSelector(actor, (s) => s.matches('loadingRoles'))
  const rolesFailed = useSelector(actor, (s) => s.matches('rolesFailed'))

  const roleOptions = useMemo(() => Object.keys(roles).map((name) => ({ value: name, label: name })), [roles])

  // The chosen role's landing screen downloads while the user types (and at the latest while the server checks the
  // password), so it appears as soon as the session starts: the router waits for the same download, never a second.
  const preloadLanding = useLandingPreload(preloadRoleHome)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (actor.getSnapshot().can({ type: 'login.submit' })) preloadLanding(roles[role], true)
    actor.send({ type: 'login.submit' })
  }
  const change = (field: 'email' | 'password') => (value: string) => {
    const { roles: known, role: chosen } = actor.getSnapshot().context
    // The sign-in call's small chunk first: on a slow network it must not queue behind the landing screen's files.
    preloadSignInCalls()
    preloadLanding(known[chosen])
    actor.send({ type: 'credentials.change', field, value })
  }
  const form = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(form, { email: change('email'), password: change('password') })

  return (
    <AuthColumns welcome={<Welcome title={LOGIN_TEXTS.welcomeTitle} text={LOGIN_TEXTS.welcomeText} pageTitle={LOGIN_TEXTS.formTitle} />}>
      <form ref={form} onSubmit={submit} noValidate className={formClass} aria-labelledby="login-title">
        <h2 id="login-title" className={formTitleClass}>
          {LOGIN_TEXTS.formTitle}
        </h2>
        <Select
          label={LOGIN_TEXTS.role}
          options={roleOptions}
          value={role}
          onValueChange={(value) => {
            preloadLanding(roles[value])
            actor.send({ type: 'role.change', role: value })
          }}
          disabled={loadingRoles || rolesFailed || submitting}
          placeholder={loadingRoles ? 'Cargando roles…' : undefined}
          // The list is empty until the catalogue arrives (also in the page the server sends drawn, before the
          // JavaScript): say it is coming, not the spec's 'No existen opciones disponibles' of a list that is empty.
          emptyText={loadingRoles ? 'Cargando roles…' : undefined}
          name="role"
        />
        <TextField
          label={LOGIN_TEXTS.email}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onValueChange={change('email')}
          reason={required(email) ?? emailRule(email)}
          disabled={rolesFailed || submitting}
        />
        <TextField
          label={LOGIN_TEXTS.password}
          type="password"
          name="password"
          autoComplete="current-password"
          revealable
          value={password}
          onValueChange={change('password')}
          reason={password === '' ? 'Campo requerido' : null}
          disabled={rolesFailed || submitting}
        />
        <Button type="submit" size="lg" fullWidth disabled={!canSubmit} loading={submitting}>
          {LOGIN_TEXTS.submit}
        </Button>
        {message ? <Banner tone="error">{message}</Banner> : null}
        <Link to="/login-colaborador" className={css({ fontSize: 'sm', color: 'fg.link', textAlign: 'center', textDecoration: 'underline' })}>
          {LOGIN_TEXTS.collaboratorLink}
        </Link>
      </form>
    </AuthColumns>
  )
}
