/**
 * One coverage card of Inicio de trámite (spec 2.11): the coverage, its three sums in es-MX MXN, 'Tipo de trámite
 * Digital', 'Crear nuevo trámite' (enabled by the machine's `claim.create` guard, and when disabled the same rule's
 * reason under it) and the collapsible 'Tramites' list
 * ('Sin tramites', disabled, when the coverage has none). Opening and closing the lists is view state only.
 */
import { Collapsible } from '@ark-ui/react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  selectCanCreateClaim,
  selectCreateClaimReason,
  type ProcedureSearchSnapshot,
  type ProcedureSummary,
  procedureSearchMachine,
} from '../../../machines/procedureSearch.machine'
import { CLAIM_TYPE_LABEL } from '../../../machines/newClaim.machine'
import { claimCode, formatMoney } from '../../lib/format'
import { Button, Card, ChevronDownIcon, DataList, Highlight, useDisabledReason } from '../../ui'
import { COVERAGE_TEXTS as T } from './messages'
import { mayOpenClaim, type RoleCode } from '../../../domain/roles'
import { useSessionUser } from '../../lib/session'

export type CoverageActor = ActorRefFrom<typeof procedureSearchMachine>

/** What both collapsible triggers share: a full-width row, label left and chevron right, the chevron turned when open. */
const triggerBase = css.raw({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  w: 'full',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus' },
  '& [data-part=indicator][data-state=open]': { transform: 'rotate(180deg)' },
})
/** The card's 'Tramites' trigger: shaded, and its chevron turns smoothly. */
const trigger = css(triggerBase, {
  bg: 'bg.muted',
  _hover: { bg: 'bg.navActive' },
  '& [data-part=indicator]': { transition: 'transform 0.2s' },
})
/** A claim's trigger inside the list. */
const itemTrigger = css(triggerBase, { _hover: { bg: 'bg.muted' } })
const countBadge = css({
  ml: 'auto',
  minW: '6',
  px: '2',
  borderRadius: 'full',
  bg: 'bg.surface',
  fontSize: 'xs',
  textAlign: 'center',
})

export function CoverageCardView({ actor, idCobertura }: { actor: CoverageActor; idCobertura: number }) {
  const user = useSessionUser()
  // The search lists every claim of the collaborator (the 'Crear nuevo trámite' rule needs them all); an executive
  // may open only the ones they created, so the others say why instead of offering a button that ends in 403.
  const mayOpen = (procedure: ProcedureSummary) =>
    user !== null && mayOpenClaim({ rol: Number(user.rol) as RoleCode, idUser: user.idUser }, procedure.idEjecutivo)
  const card = useSelector(actor, (s: ProcedureSearchSnapshot) => s.context.coverages.find((c) => c.idCobertura === idCobertura))
  const canCreate = useSelector(actor, (s) => selectCanCreateClaim(s, idCobertura))
  const createReason = useSelector(actor, (s) => selectCreateClaimReason(s, idCobertura))
  const { describedBy, reasonLine } = useDisabledReason(canCreate ? null : createReason)
  if (!card) return null
  return (
    <Card as="article" aria-label={card.descripcion} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <DataList
        items={[
          { label: T.coverage, value: card.descripcion },
          { label: T.authorized, value: formatMoney(card.authorizedAmount) },
          { label: T.available, value: formatMoney(card.availableAmount) },
          { label: T.used, value: formatMoney(card.usedAmount) },
          { label: T.claimType, value: CLAIM_TYPE_LABEL },
        ]}
      />
      <div className={css({ display: 'grid', gap: '1.5' })}>
        <Button fullWidth disabled={!canCreate} aria-describedby={describedBy} onClick={() => actor.send({ type: 'claim.create', idCobertura })}>
          {T.createClaim}
        </Button>
        {reasonLine}
      </div>
      {card.procedures.length === 0 ? (
        <Button variant="secondary" fullWidth disabled>
          {T.noClaims}
        </Button>
      ) : (
        <Collapsible.Root>
          <Collapsible.Trigger className={trigger}>
            <span>{T.claims}</span>
            <span className={countBadge}>{card.procedures.length}</span>
            <Collapsible.Indicator className={css({ display: 'inline-flex' })}>
              <ChevronDownIcon size={18} />
            </Collapsible.Indicator>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <ul className={css({ display: 'grid', gap: '1', mt: '2' })}>
              {card.procedures.map((procedure) => (
                <li key={procedure.idEvento} className={css({ borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2' })}>
                  <ProcedureItem
                    procedure={procedure}
                    onOpen={mayOpen(procedure) ? () => actor.send({ type: 'claim.open', idEvento: procedure.idEvento }) : null}
                  />
                </li>
              ))}
            </ul>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </Card>
  )
}

function ProcedureItem({ procedure, onOpen }: { procedure: ProcedureSummary; onOpen: (() => void) | null }) {
  return (
    <Collapsible.Root>
      <Collapsible.Trigger className={itemTrigger}>
        <Highlight text={T.claimTitle(claimCode(procedure.idEvento))} />
        <Collapsible.Indicator className={css({ display: 'inline-flex', transition: 'transform 0.2s' })}>
          <ChevronDownIcon size={16} />
        </Collapsible.Indicator>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <div className={css({ display: 'grid', gap: '2', px: '3', pb: '3', fontSize: 'sm' })}>
          <p>
            <span className={css({ color: 'fg.muted' })}>{T.holder}: </span>
            <span className={css({ fontWeight: 'semibold' })}>
              <Highlight text={procedure.titular} />
            </span>
          </p>
          <p>
            <Highlight text={T.status(procedure.value)} />
          </p>
          {onOpen ? (
            <Button size="sm" variant="secondary" onClick={onOpen} className={css({ justifySelf: 'start' })}>
              {T.openClaim}
            </Button>
          ) : (
            <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{T.otherExecutive}</p>
          )}
        </div>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
