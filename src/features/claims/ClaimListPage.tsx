/**
 * Mis trámites (spec 2.11) at /mis-tramites, /administrador/mis-tramites and the partner dashboard: the server-side
 * search by claim number (a leading C ignored), one card per claim ('Trámite C{idEvento}', collaborator number,
 * reason, coverage figures in MXN, 'Ver trámite') and Ark pagination. The pagedList actor owns loading, the search
 * wait and paging; executives load /api/event/executive/{idUser}, the others /api/event/all.
 */
import { useActorRef } from '@xstate/react'
import { css } from 'styled-system/css'
import { createPagedListMachine } from '../../../machines/pagedList.machine'
import { useSessionUser } from '../../lib/session'
import { claimCode, formatMoney } from '../../lib/format'
import { inspect } from '../../lib/inspect'
import type { ClaimArea } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { ButtonLink, Card, DataList, PageHeader } from '../../ui'
import { PagedListView } from '../lists/PagedListView'
import { loadClaimsActor } from './actors'
import { claimGeneralPath } from './claimPaths'
import type { ClaimListItem } from './claimListItem'
import { CLAIM_LIST_TEXTS as T } from './messages'

const claimListMachine = createPagedListMachine<ClaimListItem>()

export function ClaimListPage({ area }: { area: ClaimArea }) {
  const user = useSessionUser()
  // One list per area and user: switching either starts a new workflow.
  return <ClaimList key={`${area}/${user?.idUser ?? ''}`} area={area} idUser={user?.idUser ?? null} />
}

function ClaimList({ area, idUser }: { area: ClaimArea; idUser: number | null }) {
  const actor = useActorRef(claimListMachine.provide({ actors: { loadPage: loadClaimsActor(area, idUser) } }), {
    input: { searchMode: 'claimNumber' },
    inspect,
  })
  const partnerPrefix = getRuntimeConfig().partnerPrefix
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={area === 'partner' ? T.partnerTitle : T.title} />
      <PagedListView
        actor={actor}
        texts={{ ...T, emptySearchTitle: T.empty }}
        layout={{ kind: 'cards', label: T.title }}
        keyOf={(item) => item.idEvento}
        renderItem={(item) => <ClaimCard item={item} to={claimGeneralPath(area, item.idEvento, partnerPrefix)} />}
      />
    </div>
  )
}

function ClaimCard({ item, to }: { item: ClaimListItem; to: string }) {
  const title = T.cardTitle(claimCode(item.idEvento))
  return (
    <Card
      as="article"
      title={title}
      titleLevel={2}
      aria-label={title}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', h: 'full' })}
    >
      <DataList
        items={[
          { label: T.collaboratorNumber, value: String(item.idColaborador) },
          { label: T.reason, value: item.descripcion },
          ...(item.value ? [{ label: T.status, value: item.value }] : []),
          { label: T.authorized, value: formatMoney(item.monto) },
          { label: T.available, value: formatMoney(item.montoDisponible) },
          { label: T.used, value: formatMoney(item.montoUtilizado) },
        ]}
      />
      {/* Pushed to the bottom, so the buttons of a row of cards line up. */}
      <ButtonLink to={to} variant="secondary" fullWidth className={css({ mt: 'auto' })}>
        {T.open}
      </ButtonLink>
    </Card>
  )
}
