/**
 * Assign provider (spec 2.11 'Assign provider', 5, 8), bound to machines/assignProvider.machine.ts: choose a
 * service, then one of its providers, then 'Confirmar'. A failure shows 'Error al asignar proveedor'; success
 * returns to the claim's general data. Executive and administrator only (the partner area has no such page).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  assignProviderMachine,
  selectCanChooseProvider,
  selectCanConfirm,
} from '../../../machines/assignProvider.machine'
import { useSessionUser } from '../../lib/session'
import type { StaffArea } from '../../lib/profile'
import { Button, ButtonLink, Card, ErrorNotice, Select, Skeleton } from '../../ui'
import { assignProviderActor, loadProvidersActor, loadServicesActor } from './actors'
import { ClaimProcessLayout, useClaimProcess } from './ClaimProcessLayout'
import { ASSIGN } from './messages'
import { inspect } from '../../lib/inspect'

export function AssignProviderPage({ area }: { area: StaffArea }) {
  return (
    <ClaimProcessLayout area={area} active="general" section={ASSIGN.title}>
      <AssignProvider />
    </ClaimProcessLayout>
  )
}

function AssignProvider() {
  const { idEvento, claim, paths } = useClaimProcess()
  const user = useSessionUser()
  const navigate = useNavigate()
  const actor = useActorRef(
    assignProviderMachine.provide({
      actors: { loadServices: loadServicesActor, loadProviders: loadProvidersActor, assignProvider: assignProviderActor },
    }),
    { input: { idEvento, ...(user?.idUser ? { idEjecutivo: user.idUser } : {}) }, inspect },
    // 'assigned' is final: back to the claim's general data, which reads the claim again.
    (snapshot) => {
      if (snapshot.status === 'done') navigate(paths.general)
    },
  )
  const loadingServices = useSelector(actor, (s) => s.matches('loadingServices'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const loadingProviders = useSelector(actor, (s) => s.matches('loadingProviders'))
  const assigning = useSelector(actor, (s) => s.matches('assigning') || s.status === 'done')
  const services = useSelector(actor, (s) => s.context.services)
  const providers = useSelector(actor, (s) => s.context.providers)
  const servicio = useSelector(actor, (s) => s.context.servicio)
  const idProveedor = useSelector(actor, (s) => s.context.idProveedor)
  const alert = useSelector(actor, (s) => s.context.alert)
  const canChooseProvider = useSelector(actor, selectCanChooseProvider)
  const canConfirm = useSelector(actor, selectCanConfirm)

  const serviceOptions = useMemo(() => services.map((s) => ({ value: String(s.id), label: s.nombre })), [services])
  const providerOptions = useMemo(
    () => providers.map((p) => ({ value: String(p.idProveedor), label: p.nombreProveedor })),
    [providers],
  )

  return (
    <Card title={ASSIGN.title}>
      <div className={css({ display: 'grid', gap: '4', maxW: '2xl' })}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{ASSIGN.intro}</p>
        {claim.nombreProveedor ? (
          <p className={css({ fontSize: 'sm' })}>{ASSIGN.current(claim.nombreProveedor, claim.servicio)}</p>
        ) : null}
        <ErrorNotice
          alert={alert}
          loadFailed={loadFailed}
          onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          onRetry={() => actor.send({ type: 'services.reload' })}
        />
        {loadFailed ? null : loadingServices ? (
          <div role="status" aria-label={ASSIGN.loading} className={css({ display: 'grid', gap: '3' })}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </div>
        ) : (
          <>
            <Select
              label={ASSIGN.service}
              name="servicio"
              options={serviceOptions}
              value={servicio === null ? '' : String(servicio)}
              onValueChange={(value) => {
                if (value) actor.send({ type: 'service.select', servicio: Number(value) })
              }}
              disabled={assigning}
            />
            <Select
              label={ASSIGN.provider}
              name="idProveedor"
              options={providerOptions}
              value={idProveedor === null ? '' : String(idProveedor)}
              onValueChange={(value) => {
                if (value) actor.send({ type: 'provider.select', idProveedor: Number(value) })
              }}
              disabled={!canChooseProvider}
              placeholder={loadingProviders ? ASSIGN.loadingProviders : undefined}
            />
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
              <ButtonLink to={paths.general} variant="ghost">
                {ASSIGN.cancel}
              </ButtonLink>
              <Button onClick={() => actor.send({ type: 'assignment.confirm' })} disabled={!canConfirm} loading={assigning}>
                {ASSIGN.confirm}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  )
}
