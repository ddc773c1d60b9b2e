/**
 * Frame of every claim process page (spec 2.11 'Claim process tabs'): the claim's code and current stage, and the
 * tabs 'Inicio C{idEvento}', 'Validación de documentos', 'Carta autorización' as links (each is its own page, see
 * TabLinks; the active one is highlighted). A claim that does not exist (404, or an id that cannot be one) sends the user to the area's
 * claim list (spec 2.10). The page body renders once the claim is read, and gets it from `useClaimProcess()`.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import type { ClaimRecord } from '../../api/claimProcess'
import type { ClaimArea } from '../../lib/profile'
import { Banner, Button, Highlight, PageHeader, Skeleton, TabLinks } from '../../ui'
import { loadClaimActor } from './actors'
import { claimRecordMachine } from '../../../machines/claimRecord.machine'
import { claimActionOffers, type ClaimActionOffers } from '../../../machines/claimActions'
import { HEADER, TABS } from './messages'
import { claimListPath, claimPaths, parseIdEvento, type ClaimPaths } from './paths'
import { inspect } from '../../lib/inspect'
import { useServerStateReload } from '../../lib/useServerStateReload'
import { serverKeys } from '../../api/serverState'

type ClaimTab = 'general' | 'documents' | 'letter'

export interface ClaimProcessValue {
  area: ClaimArea
  idEvento: number
  claim: ClaimRecord
  paths: ClaimPaths
  /** The retail partner's area: nothing can be changed (spec section 6). */
  readOnly: boolean
  /**
   * Which lifecycle actions the claim offers now and, where not, why (machines/claimActions.ts asks the lifecycle
   * machine). Every button that changes the claim reads its offer here instead of restating a stage rule.
   */
  offers: ClaimActionOffers
  /** Reads the claim again (its stage changed). */
  reloadClaim: () => void
}

const ClaimProcessContext = createContext<ClaimProcessValue | null>(null)

export function useClaimProcess(): ClaimProcessValue {
  const value = useContext(ClaimProcessContext)
  if (!value) throw new Error('useClaimProcess needs <ClaimProcessLayout>')
  return value
}

export interface ClaimProcessLayoutProps {
  area: ClaimArea
  active: ClaimTab
  /** The page's own name when it is not its tab's (verification, provider assignment): the document title. */
  section?: string
  children: ReactNode
}

/** Each page of a claim has its own document title: its section, then the claim ('Carta autorización · Trámite C12'). */
const SECTION_OF_TAB: Record<ClaimTab, string | null> = { general: null, documents: TABS.documents, letter: TABS.letter }

export function ClaimProcessLayout({ area, active, section, children }: ClaimProcessLayoutProps) {
  const idEvento = parseIdEvento(useParams().idEvento)
  if (idEvento === null) return <Navigate to={claimListPath(area)} replace />
  // A new claim id is a new page: the key starts fresh actors.
  return (
    <ClaimProcessFrame key={idEvento} area={area} idEvento={idEvento} active={active} section={section}>
      {children}
    </ClaimProcessFrame>
  )
}

function ClaimProcessFrame({ area, idEvento, active, section, children }: ClaimProcessLayoutProps & { idEvento: number }) {
  const navigate = useNavigate()
  const paths = useMemo(() => claimPaths(area, idEvento), [area, idEvento])
  const actor = useActorRef(
    claimRecordMachine.provide({
      actors: { loadClaim: loadClaimActor },
      actions: { leaveForList: () => navigate(paths.list, { replace: true }) },
    }),
    { input: { idEvento }, inspect },
  )
  // What the server has now: reread when this claim changes, here or elsewhere (issue 21).
  useServerStateReload(serverKeys.claim(idEvento), () => actor.send({ type: 'claim.reload' }))
  const claim = useSelector(actor, (s) => s.context.claim)
  const alert = useSelector(actor, (s) => s.context.alert)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const forbidden = useSelector(actor, (s) => s.matches('forbidden'))

  const value = useMemo<ClaimProcessValue | null>(
    () =>
      claim
        ? {
            area,
            idEvento,
            claim,
            paths,
            readOnly: area === 'partner',
            offers: claimActionOffers(claim.statusId, { readOnly: area === 'partner' }),
            reloadClaim: () => actor.send({ type: 'claim.reload' }),
          }
        : null,
    [actor, area, claim, idEvento, paths],
  )

  const tabs = [
    { tab: 'general' as const, label: TABS.general(idEvento) },
    { tab: 'documents' as const, label: TABS.documents },
    { tab: 'letter' as const, label: TABS.letter },
  ].map(({ tab, label }) => ({ to: paths[tab], label: <Highlight text={label} />, current: tab === active }))

  function body() {
    if (value) return <ClaimProcessContext.Provider value={value}>{children}</ClaimProcessContext.Provider>
    // No 'Reintentar' on a permission answer: it cannot work. The back arrow above leads to the list.
    if (forbidden) return <Banner tone="error">{alert}</Banner>
    if (failed)
      return (
        <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <Banner tone="error">{alert}</Banner>
          <Button variant="secondary" onClick={() => actor.send({ type: 'claim.reload' })}>
            {HEADER.retry}
          </Button>
        </div>
      )
    return (
      <div role="status" aria-label={HEADER.loading} className={css({ display: 'grid', gap: '3' })}>
        <Skeleton height={120} />
        <Skeleton height={80} />
      </div>
    )
  }

  return (
    // minmax(0, 1fr): a narrow screen scrolls the tab list instead of widening the page.
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2', minW: 0 })}>
      <PageHeader
        title={HEADER.title(idEvento)}
        pageTitle={[section ?? SECTION_OF_TAB[active], HEADER.title(idEvento)].filter((part): part is string => part !== null)}
        subtitle={claim ? HEADER.stage(claim.value) : undefined}
        backTo={paths.list}
        backLabel={HEADER.back}
      />
      <TabLinks label={TABS.label} links={tabs} />
      <div className={css({ pt: '4' })}>{body()}</div>
    </div>
  )
}
