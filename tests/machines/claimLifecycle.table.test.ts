/**
 * The claim lifecycle as a literal table: every stage × every event → the next stage or a refusal. It is written by
 * hand from the README's "Claim stages" table and spec section 4 (document codes 2/4 verified, 3/5 rejected; the
 * verification page offers 2 to 5), NOT generated from the machine: it is the independent oracle the model-based
 * tests in claimLifecycle.test.ts lack (they compare the machine with itself). Changing any transition of
 * machines/claimLifecycle.machine.ts must change a cell here.
 *
 * Where the README is silent the cells follow the stages' intent:
 * - documents are uploaded while the claim is in 1–4 and reviewed (verify or comment) only in 3–4; a document is
 *   uploaded again until the reviewer verifies it (issue 21: a wrong file can be replaced before anyone reviewed it,
 *   a verified one, 2 or 4, is kept); once all three are verified (5 onwards) they are closed;
 * - a provider is assigned in 5 and may be reassigned in 6 (before the dictamen), the letter is saved in 6 and 7;
 * - the dictamen is taken once, in 6: after it (7 Facturación onwards, or 10) a new one is refused;
 * - the invoice is uploaded in 7 and may be replaced while in review (9), where the administrator approves it;
 * - 8 and 10 are final: nothing is accepted.
 */
import { describe, expect, it } from 'vitest'
import {
  canApplyClaimEvent,
  nextClaimStage,
  type ClaimLifecycleEvent,
  type DocumentStatuses,
} from '../../machines/claimLifecycle.machine'

const STAGE_NAMES: Record<number, string> = {
  1: 'Trámite iniciado',
  2: 'Carga de documentos',
  3: 'Validación de documentos',
  4: 'Documentos rechazados',
  5: 'Asignación de proveedor',
  6: 'Carta autorización',
  7: 'Facturación',
  8: 'Trámite concluido',
  9: 'Factura en revisión',
  10: 'Trámite rechazado',
}

/** The columns of the table: one event each, with the payload variants that decide an outcome. */
const COLUMNS = [
  ['upload 1', { type: 'document.upload', tipo: 1 }],
  ['upload 2', { type: 'document.upload', tipo: 2 }],
  ['upload 3', { type: 'document.upload', tipo: 3 }],
  ['verify all verified', { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } }],
  ['verify one rejected', { type: 'documents.verify', statuses: { '1': 2, '2': 3, '3': 4 } }],
  ['comment 1 verified', { type: 'document.comment', tipo: 1, status: 4 }],
  ['comment 1 rejected', { type: 'document.comment', tipo: 1, status: 5 }],
  ['assign provider', { type: 'provider.assign' }],
  ['save letter', { type: 'letter.save' }],
  ['dictamen approved', { type: 'dictamen.save', approved: true }],
  ['dictamen rejected', { type: 'dictamen.save', approved: false }],
  ['upload invoice', { type: 'invoice.upload' }],
  ['approve invoice', { type: 'invoice.approve' }],
] as const satisfies readonly (readonly [string, ClaimLifecycleEvent])[]

// Adding an event type to the machine without a column here fails the typecheck.
type Covered = (typeof COLUMNS)[number][1]['type']
const everyEventHasAColumn: Exclude<ClaimLifecycleEvent['type'], Covered> extends never ? true : false = true

/** Refused: the API answers 409 and nothing changes. */
const x = 'refused' as const
type Outcome = number | typeof x

const docs = (one: number, two: number, three: number): DocumentStatuses => ({ '1': one, '2': two, '3': three })
const VERIFIED = docs(2, 4, 2)

/**
 * [statusId, the documents' statuses 1/2/3 stored with the claim, outcome per column]. Stages 2, 3 and 4 appear
 * with more than one document set because the documents decide where an upload, a review or a comment leads.
 */
// prettier-ignore
const TABLE: readonly [number, DocumentStatuses, readonly Outcome[]][] = [
  //                       up1 up2 up3 vAll vRej c1ok c1no  prov letter dicOk dicNo invUp invOk
  [1,  docs(0, 0, 0), [2,  2,  2,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
  [2,  docs(1, 0, 0), [2,  2,  2,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
  [2,  docs(1, 1, 0), [2,  2,  3,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
  [2,  docs(0, 1, 1), [3,  2,  2,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
  [3,  docs(1, 1, 1), [3,  3,  3,  5,   4,   3,   4,    x,   x,     x,    x,    x,    x]],
  [3,  docs(1, 2, 4), [3,  x,  x,  5,   4,   5,   4,    x,   x,     x,    x,    x,    x]],
  [4,  docs(3, 2, 2), [3,  x,  x,  5,   4,   5,   4,    x,   x,     x,    x,    x,    x]],
  [4,  docs(5, 3, 2), [4,  4,  x,  5,   4,   4,   4,    x,   x,     x,    x,    x,    x]],
  [5,  VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    6,   x,     x,    x,    x,    x]],
  [6,  VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    6,   6,     7,    10,   x,    x]],
  [7,  VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    x,   7,     x,    x,    9,    x]],
  [9,  VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    x,   x,     x,    x,    9,    8]],
  [9,  docs(2, 0, 2), [x,  x,  x,  x,   x,   x,   x,    x,   x,     x,    x,    9,    x]],
  [8,  VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
  [10, VERIFIED,      [x,  x,  x,  x,   x,   x,   x,    x,   x,     x,    x,    x,    x]],
]

/**
 * Payloads no stage takes: a document tipo outside 1–3, and review codes outside the 2–5 the verification page
 * offers (spec section 4). Each is tried where its event type is otherwise accepted.
 */
const BAD_PAYLOADS: readonly [number, DocumentStatuses, ClaimLifecycleEvent][] = [
  [1, docs(0, 0, 0), { type: 'document.upload', tipo: 4 as 1 }],
  [3, docs(1, 1, 1), { type: 'documents.verify', statuses: docs(2, 1, 2) }],
  [3, docs(1, 1, 1), { type: 'documents.verify', statuses: docs(0, 2, 2) }],
  [3, docs(1, 1, 1), { type: 'documents.verify', statuses: docs(2, 6, 2) }],
  [3, docs(1, 1, 1), { type: 'document.comment', tipo: 2, status: 1 }],
  [4, docs(3, 2, 2), { type: 'document.comment', tipo: 1, status: 0 }],
  [3, docs(1, 1, 1), { type: 'document.comment', tipo: 4 as 1, status: 2 }],
]

const show = (d: DocumentStatuses) => `{${d['1']},${d['2']},${d['3']}}`

const CELLS = TABLE.flatMap(([statusId, documents, outcomes]) =>
  COLUMNS.map(([label, event], i) => ({
    name: `${statusId} ${STAGE_NAMES[statusId]} ${show(documents)} + ${label} → ${outcomes[i]}`,
    statusId,
    documents,
    event: event as ClaimLifecycleEvent,
    expected: outcomes[i]!,
  })),
)

describe('claim lifecycle table (README "Claim stages", spec section 4)', () => {
  it('has one row per stage 1–10 and a full row of cells for each', () => {
    expect(everyEventHasAColumn).toBe(true)
    expect([...new Set(TABLE.map(([statusId]) => statusId))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const [, , outcomes] of TABLE) expect(outcomes).toHaveLength(COLUMNS.length)
  })

  // '%s' of the name, not '$name': vitest cuts interpolated object fields at 40 characters.
  it.each(CELLS.map((cell) => [cell.name, cell] as const))('%s', (_, { statusId, documents, event, expected }) => {
    const next = nextClaimStage(statusId, documents, event)
    expect(next?.statusId ?? x).toBe(expected)
    // What the app enables must agree with what the server would do.
    expect(canApplyClaimEvent(statusId, documents, event)).toBe(expected !== x)
  })

  it.each(BAD_PAYLOADS.map(([statusId, documents, event]) => [`${statusId} ${show(documents)} + ${JSON.stringify(event)}`, { statusId, documents, event }] as const))(
    'refuses %s',
    (_, { statusId, documents, event }) => {
      expect(nextClaimStage(statusId, documents, event)).toBeNull()
      expect(canApplyClaimEvent(statusId, documents, event)).toBe(false)
    },
  )

  it('refuses everything for a statusId outside the catalogue', () => {
    for (const [, event] of COLUMNS) {
      expect(nextClaimStage(11, VERIFIED, event)).toBeNull()
      expect(canApplyClaimEvent(0, VERIFIED, event)).toBe(false)
    }
  })
})
