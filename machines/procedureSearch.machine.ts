/**
 * Inicio de trámite: search a collaborator by collaborator number and show one coverage card per coverage
 * (spec 2.11, 4 'Procedure status', 8).
 *
 * States: idle → searching → results | noResults (the red banner, 5 s, then idle) | failed (alert 'Error' or the
 * server reason). From results, 'Crear nuevo trámite' (`claim.create`) and 'Abrir el trámite' (`claim.open`) emit
 * navigation events (`navigate.newClaim`, `navigate.claim`) for the view; the machine stays in results.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate'
import { toBeProvided } from './toBeProvided'
import { isFinalStage } from '../domain/claimStages'
import { claimCode } from '../domain/labels'
import { failureReason } from './failureReason'
import { alertGuards } from './pageAlert'

/** One row of GET /api/event/get-procedures (spec 3 'Procedure-search result row'). Amounts may arrive as strings. */
export interface ProcedureRow {
  idColaborador: number | null
  idCobertura: number
  descripcion: string
  monto: number | string | null
  montoAutorizado: number | string | null
  idEvento: number | null
  statusId: number | null
  value: string | null
  nombre: string | null
  nombre2?: string | null
  apePat?: string | null
  apeMAt?: string | null
  showCtaBtn: number | string | null
  idEjecutivo?: number | null
}

export interface ProcedureSummary {
  idEvento: number
  statusId: number | null
  /** Status text shown as 'Estatus del trámite: {value}'. */
  value: string
  /** Titular: the collaborator's full name. */
  titular: string
  /** Who created the claim (an executive opens only their own: domain/roles.ts `mayOpenClaim`). */
  idEjecutivo: number | null
}

export interface CoverageCard {
  idCobertura: number
  descripcion: string
  authorizedAmount: number
  usedAmount: number
  availableAmount: number
  showCtaBtn: number
  /** The rows with an idEvento; empty means the disabled 'Sin tramites'. */
  procedures: ProcedureSummary[]
}

interface CollaboratorSummary {
  idColaborador: number
  nombre: string
}

export const NO_RESULTS_MESSAGE = 'No se encontraron resultados'
const SEARCH_ERROR = 'Error'
// Not exported: tests assert the spec's own number (tests/machines/specTimings.test.ts), never this constant.
const PROCEDURE_SEARCH_DELAYS = { noResultsNotice: 5_000 } as const

const amount = (value: number | string | null | undefined): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0)
  return Number.isFinite(n) ? n : 0
}

const fullNameOf = (row: ProcedureRow): string =>
  [row.nombre, row.nombre2, row.apePat, row.apeMAt]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ')

const REJECTED_CLAIM_STATUS = 10

/** A search found nothing when the list is empty or its first row carries no idColaborador (spec section 8). */
export const isEmptySearch = (rows: readonly ProcedureRow[]): boolean => rows.length === 0 || rows[0]?.idColaborador == null

/**
 * Rows grouped by idCobertura, in order of first appearance. usedAmount is the sum of montoAutorizado of the rows
 * that carry a procedure (idEvento), available is monto minus used (spec section 3). A rejected claim
 * ('Trámite rechazado', statusId 10) paid nothing, so it does not use the fund — the server's fund summary and
 * its create-claim check count the same way.
 */
export function groupCoverages(rows: readonly ProcedureRow[]): CoverageCard[] {
  const cards = new Map<number, CoverageCard>()
  for (const row of rows) {
    let card = cards.get(row.idCobertura)
    if (!card) {
      card = {
        idCobertura: row.idCobertura,
        descripcion: row.descripcion,
        authorizedAmount: amount(row.monto),
        usedAmount: 0,
        availableAmount: 0,
        showCtaBtn: amount(row.showCtaBtn),
        procedures: [],
      }
      cards.set(row.idCobertura, card)
    }
    if (row.idEvento != null) {
      if (row.statusId !== REJECTED_CLAIM_STATUS) card.usedAmount += amount(row.montoAutorizado)
      card.procedures.push({
        idEvento: row.idEvento,
        statusId: row.statusId,
        value: row.value ?? '',
        titular: fullNameOf(row),
        idEjecutivo: row.idEjecutivo ?? null,
      })
    }
  }
  return [...cards.values()].map((card) => ({ ...card, availableAmount: card.authorizedAmount - card.usedAmount }))
}

/** Why 'Crear nuevo trámite' is disabled (ours, plain Spanish: the spec gives the rule, not its words). */
const CREATE_CLAIM_REASONS = {
  openClaim: (code: string) => `Ya hay un trámite abierto en esta cobertura (${code}); podrás crear otro cuando concluya o se rechace.`,
  noFunds: 'Esta cobertura no tiene suma de apoyo disponible.',
  notOffered: 'Esta cobertura no admite trámites nuevos.',
} as const

export type CreateClaimOffer = { available: true; reason: null } | { available: false; reason: string }

/**
 * 'Crear nuevo trámite' (spec section 4): available above 0, showCtaBtn 1, and every existing procedure of the
 * coverage in a final stage (statusId 8 or 10); otherwise the first of those that fails, as the reason to show.
 */
function createClaimOffer(card: CoverageCard): CreateClaimOffer {
  const open = card.procedures.find((procedure) => procedure.statusId == null || !isFinalStage(procedure.statusId))
  if (open) return { available: false, reason: CREATE_CLAIM_REASONS.openClaim(claimCode(open.idEvento)) }
  if (card.availableAmount <= 0) return { available: false, reason: CREATE_CLAIM_REASONS.noFunds }
  if (card.showCtaBtn !== 1) return { available: false, reason: CREATE_CLAIM_REASONS.notOffered }
  return { available: true, reason: null }
}

export const canCreateClaim = (card: CoverageCard): boolean => createClaimOffer(card).available

export interface ProcedureSearchContext {
  searchText: string
  collaborator: CollaboratorSummary | null
  coverages: CoverageCard[]
  alert: string | null
}

export type ProcedureSearchEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'claim.create'; idCobertura: number }
  | { type: 'claim.open'; idEvento: number }
  | { type: 'alert.dismiss' }

export type ProcedureSearchEmitted =
  | { type: 'navigate.newClaim'; idColaborador: number; idCobertura: number; coverage: CoverageCard }
  | { type: 'navigate.claim'; idEvento: number }

export interface SearchProceduresInput {
  idColaborador: string
}

export const procedureSearchMachine = setup({
  types: {
    context: {} as ProcedureSearchContext,
    events: {} as ProcedureSearchEvent,
    emitted: {} as ProcedureSearchEmitted,
  },
  actors: {
    searchProcedures: toBeProvided<ProcedureRow[], SearchProceduresInput>('searchProcedures'),
  },
  guards: {
    hasSearchText: ({ context }) => context.searchText.trim() !== '',
    foundNothing: (_, rows: ProcedureRow[]) => isEmptySearch(rows),
    canCreateClaim: ({ context, event }) =>
      event.type === 'claim.create' &&
      context.coverages.some((card) => card.idCobertura === event.idCobertura && canCreateClaim(card)),
    isListedProcedure: ({ context, event }) =>
      event.type === 'claim.open' &&
      context.coverages.some((card) => card.procedures.some((p) => p.idEvento === event.idEvento)),
    ...alertGuards,
  },
  actions: {
    storeSearchText: assign({
      searchText: ({ context, event }) => (event.type === 'search.change' ? event.value : context.searchText),
    }),
    storeResults: assign((_, rows: ProcedureRow[]) => ({
      collaborator: { idColaborador: rows[0]!.idColaborador!, nombre: fullNameOf(rows[0]!) },
      coverages: groupCoverages(rows),
      alert: null,
    })),
    clearResults: assign({ collaborator: null, coverages: [] }),
    storeFailure: assign((_, params: { error: unknown }) => ({
      collaborator: null,
      coverages: [],
      alert: failureReason(params.error, SEARCH_ERROR),
    })),
    dismissAlert: assign({ alert: null }),
    emitNewClaim: emit(({ context, event }) => {
      const idCobertura = event.type === 'claim.create' ? event.idCobertura : -1
      const coverage = context.coverages.find((card) => card.idCobertura === idCobertura)!
      return {
        type: 'navigate.newClaim' as const,
        idColaborador: context.collaborator!.idColaborador,
        idCobertura,
        coverage,
      }
    }),
    emitOpenClaim: emit(({ event }) => ({
      type: 'navigate.claim' as const,
      idEvento: event.type === 'claim.open' ? event.idEvento : -1,
    })),
  },
  delays: PROCEDURE_SEARCH_DELAYS,
}).createMachine({
  id: 'procedureSearch',
  context: { searchText: '', collaborator: null, coverages: [], alert: null },
  initial: 'idle',
  on: {
    'search.change': { actions: 'storeSearchText' },
  },
  states: {
    idle: {
      meta: {
        view: 'Formulario «Dato a buscar» con «Buscar» (habilitado solo con texto); aviso «Escriba el número de colaborador…»',
      },
      on: { 'search.submit': { guard: 'hasSearchText', target: 'searching' } },
    },
    searching: {
      description: 'Se consultan los trámites del colaborador (GET /api/event/get-procedures).',
      meta: { view: '«Buscar» deshabilitado; bloque de carga «Buscando…» (o resultados anteriores atenuados)' },
      // A new search replaces a stale alert.
      entry: 'dismissAlert',
      invoke: {
        id: 'searchProcedures',
        src: 'searchProcedures',
        input: ({ context }) => ({ idColaborador: context.searchText.trim() }),
        onDone: [
          { guard: { type: 'foundNothing', params: ({ event }) => event.output }, target: 'noResults', actions: 'clearResults' },
          { target: 'results', actions: { type: 'storeResults', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    results: {
      meta: {
        view: '«Numero de colaborador», «Datos generales» y «Coberturas disponibles» con una tarjeta por cobertura',
      },
      on: {
        'search.submit': { guard: 'hasSearchText', target: 'searching' },
        'claim.create': { guard: 'canCreateClaim', actions: 'emitNewClaim' },
        'claim.open': { guard: 'isListedProcedure', actions: 'emitOpenClaim' },
      },
    },
    noResults: {
      description: 'La búsqueda no encontró al colaborador; el aviso dura 5 s y vuelve a idle.',
      meta: { view: 'Banner rojo «No se encontraron resultados» (5 s); sin resultados' },
      after: { noResultsNotice: 'idle' },
      on: { 'search.submit': { guard: 'hasSearchText', target: 'searching' } },
    },
    failed: {
      meta: { view: 'Banner rojo descartable «Error» o el motivo del servidor' },
      on: {
        'search.submit': { guard: 'hasSearchText', target: 'searching' },
        'alert.dismiss': { guard: 'hasAlert', target: 'idle', actions: 'dismissAlert' },
      },
    },
  },
})

export type ProcedureSearchSnapshot = SnapshotFrom<typeof procedureSearchMachine>

/** The red banner text while it shows, else null. */
export const selectNotice = (snapshot: ProcedureSearchSnapshot): string | null =>
  snapshot.matches('noResults') ? NO_RESULTS_MESSAGE : null

export const selectIsSearching = (snapshot: ProcedureSearchSnapshot): boolean => snapshot.matches('searching')

/** 'Buscar' is enabled only when a value is typed (and no search runs). */
export const selectCanSearch = (snapshot: ProcedureSearchSnapshot): boolean => snapshot.can({ type: 'search.submit' })

/** Whether 'Crear nuevo trámite' is enabled on one coverage card. */
export const selectCanCreateClaim = (snapshot: ProcedureSearchSnapshot, idCobertura: number): boolean =>
  snapshot.can({ type: 'claim.create', idCobertura })

/** Why 'Crear nuevo trámite' is disabled on one coverage card, or null (from the rule the guard asks). */
export const selectCreateClaimReason = (snapshot: ProcedureSearchSnapshot, idCobertura: number): string | null => {
  const card = snapshot.context.coverages.find((c) => c.idCobertura === idCobertura)
  return card ? createClaimOffer(card).reason : null
}
