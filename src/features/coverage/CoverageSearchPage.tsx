/**
 * Inicio de trámite (spec 2.11, 4 'Procedure status', 8) at /home and /administrador/inicio-de-cobertura: the search
 * form, the collaborator block and one card per coverage, all read from the procedureSearch actor. The machine owns
 * every rule ('Buscar' gating, 'Crear nuevo trámite', the 5 s no-results banner); this view only sends events and
 * turns the machine's navigation events into routes (the new claim receives the coverage as navigation state).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  procedureSearchMachine,
  selectCanSearch,
  selectIsSearching,
  selectNotice,
  type ProcedureSearchSnapshot,
} from '../../../machines/procedureSearch.machine'
import { PACKAGE_LABEL } from '../../../machines/newClaim.machine'
import type { StaffArea } from '../../lib/profile'
import { getRuntimeConfig } from '../../lib/runtimeConfig'
import { Banner, Button, Card, DataList, EmptyState, LoadingBlock, PageHeader, SearchIcon, TextField } from '../../ui'
// The select's code downloads after the first screen is drawn (issue 24): this is the executive's spec home.
import { SelectOnDemand } from '../../ui/SelectOnDemand'
import { claimGeneralPath, newClaimPath } from '../claims/claimPaths'
import { searchProceduresActor } from './actors'
import { CoverageCardView, type CoverageActor } from './CoverageCardView'
import { COVERAGE_TEXTS as T } from './messages'
import { inspect } from '../../lib/inspect'

const SEARCH_MODES = [{ value: 'idColaborador', label: T.searchModeOption }] as const

const formGrid = css({
  display: 'grid',
  gap: '4',
  alignItems: 'end',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr)) auto' },
})
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold', color: 'fg.default' })
const cardsGrid = css({
  display: 'grid',
  gap: '4',
  // As many 20rem columns as fit: the label/value rows of a card stay on one line beside the side menu.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
})

export function CoverageSearchPage({ area }: { area: StaffArea }) {
  const navigate = useNavigate()
  const actor = useActorRef(procedureSearchMachine.provide({ actors: { searchProcedures: searchProceduresActor } }), { inspect })

  // The machine decides when to leave (a guarded `claim.create` / `claim.open`); the view maps that to a route.
  useEffect(() => {
    const subscriptions = [
      actor.on('navigate.newClaim', (event) =>
        navigate(newClaimPath(area, event.idColaborador, event.idCobertura), { state: { coverage: event.coverage } }),
      ),
      actor.on('navigate.claim', (event) => navigate(claimGeneralPath(area, event.idEvento, getRuntimeConfig().partnerPrefix))),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, area, navigate])

  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PageHeader title={T.title} />
      <SearchForm actor={actor} />
      <Notices actor={actor} />
      <Results actor={actor} />
    </div>
  )
}

function SearchForm({ actor }: { actor: CoverageActor }) {
  const searchText = useSelector(actor, (s) => s.context.searchText)
  const canSearch = useSelector(actor, selectCanSearch)
  const searching = useSelector(actor, selectIsSearching)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'search.submit' })
  }
  return (
    <Card as="section" aria-label="Búsqueda de colaborador">
      <form onSubmit={submit} noValidate role="search" className={formGrid}>
        <SelectOnDemand label={T.searchMode} options={SEARCH_MODES} value="idColaborador" onValueChange={() => {}} disabled name="searchMode" />
        <TextField
          label={T.searchValue}
          name="searchValue"
          inputMode="numeric"
          autoComplete="off"
          placeholder={T.searchPlaceholder}
          value={searchText}
          onValueChange={(value) => actor.send({ type: 'search.change', value })}
        />
        <TextField label={T.packageLabel} name="package" value={PACKAGE_LABEL} onValueChange={() => {}} disabled />
        <Button type="submit" disabled={!canSearch} loading={searching} startIcon={<SearchIcon size={18} />}>
          {T.search}
        </Button>
      </form>
    </Card>
  )
}

function Notices({ actor }: { actor: CoverageActor }) {
  const notice = useSelector(actor, selectNotice)
  const alert = useSelector(actor, (s) => (s.matches('failed') ? s.context.alert : null))
  if (notice) return <Banner tone="error">{notice}</Banner>
  if (alert) return <Banner tone="error" onDismiss={() => actor.send({ type: 'alert.dismiss' })}>{alert}</Banner>
  return null
}

const selectCollaborator = (s: ProcedureSearchSnapshot) => s.context.collaborator
const selectCoverageIds = (s: ProcedureSearchSnapshot) => s.context.coverages.map((card) => card.idCobertura).join(',')

function Results({ actor }: { actor: CoverageActor }) {
  const collaborator = useSelector(actor, selectCollaborator)
  const coverageIds = useSelector(actor, selectCoverageIds)
  const searching = useSelector(actor, selectIsSearching)
  const idle = useSelector(actor, (s) => s.matches('idle'))

  if (!collaborator) {
    if (searching) return <LoadingBlock label={T.searching} lines={4} />
    return idle ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{T.hint}</p> : null
  }
  return (
    <section aria-labelledby="colaborador-encontrado" aria-busy={searching || undefined} className={css({ display: 'grid', gap: '4' })}>
      <Card tone="accent">
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'auto 1fr' }, alignItems: 'start' })}>
          <div className={css({ pr: { md: '8' }, borderRightWidth: { md: '1px' }, borderColor: 'border.subtle' })}>
            <h2 id="colaborador-encontrado" className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>
              {T.collaboratorNumber}
            </h2>
            <p className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' })}>{collaborator.idColaborador}</p>
          </div>
          <div className={css({ display: 'grid', gap: '2' })}>
            <h3 className={css({ fontSize: 'md', fontWeight: 'bold' })}>{T.generalData}</h3>
            <DataList items={[{ label: T.name, value: collaborator.nombre }]} />
          </div>
        </div>
      </Card>
      <h2 className={sectionTitle}>{T.coverages}</h2>
      {coverageIds ? (
        <div className={cardsGrid}>
          {coverageIds.split(',').map((id) => (
            <CoverageCardView key={id} actor={actor} idCobertura={Number(id)} />
          ))}
        </div>
      ) : (
        <EmptyState title={T.noCoverages} />
      )}
    </section>
  )
}
