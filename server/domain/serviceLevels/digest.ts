/**
 * The morning digest (issue 23, item 4): on a business day from 08:00 in Mexico City, one mail to each active office
 * user — executive, administrator, provider — that has claims 'Vencido' or 'Por vencer' in their Pendientes, written
 * into the notification outbox (the worker mails it like any other row). Users with nothing late get nothing.
 *
 * Each user's claims are their queue's scope (queue.ts) read from the stored clocks: the count of each badge and the
 * first DIGEST_LIST_SIZE claims, most late first, from the same partial indexes as the queue — one statement per role
 * for all its users. Each range is bounded so the round costs about the same whatever the table's size: the counts
 * stop past DIGEST_COUNT_LIMIT (a mail says 'más de 1,000'), and the due-soon range ends at the latest due instant a
 * 'Por vencer' claim can have now (dueSoonHorizon), so the claims still on time are not read. The statement also
 * returns the service targets that horizon depends on, so a round is two round trips (the select, the insert).
 *
 * Once per user and day, whatever the number of instances: every row carries the dedupe key 'digest:{day}:{user}'
 * under the outbox's unique index, and the rows are written by one INSERT … ON CONFLICT DO NOTHING, so a second round
 * (another instance, a restart) leaves the first one's rows alone. The outbox's id_evento must name a claim: a
 * digest carries the first claim it lists.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { notifications } from '../../db/schema'
import { ROLE } from '../../../domain/roles'
import { ACTIVO } from '../../../domain/rules/constants'
import { CLAIM_STAGES } from '../../../domain/claimStages'
import { DEFAULT_SERVICE_TARGETS, dueSoonHorizon, isTimedStage, timedStagesWaitingOn, type ServiceTargets, type WaitingParty } from '../../../domain/serviceLevels'
import { getOrMake } from '../../lib/getOrMake'
import { inline, type Bind } from '../claims/searchBind'
import { targetsInForce } from './targets'
import { morningDigestDay } from '../../../domain/morningDigest'
import { DIGEST_COUNT_LIMIT, type DigestClaim, type DigestSummary, type NotificationAudience } from '../../../domain/notifications'
import { digestLink, digestTexts } from '../../notifications/digestMessages'

/** Claims a digest lists by name; the others are counted and one link away, in Pendientes. */
const DIGEST_LIST_SIZE = 20

type Rows<T> = { rows: T[] }

type OfficeAudience = Exclude<NotificationAudience, 'collaborator'>

interface Audience {
  audience: OfficeAudience
  /** The parties its recipients' clocks wait on (their stages bound the 'Por vencer' range). */
  parties: readonly WaitingParty[]
  /** The recipients (aliased columns id_user, email, owner): active users of the role. */
  recipients: SQL
  /** The queue's scope of a recipient `r` over claim_clocks `k`. */
  scope: SQL
  /**
   * The clocks' column naming a recipient's claims and the partial index's predicate it leads, for an audience whose
   * scope is per recipient: only the recipients that own a clock are probed (see `ownersWithClocks`).
   */
  owner?: { column: SQL; where: SQL }
}

/** The scope of an audience whose recipients each own their claims: `column` names the owner, `where` the partial index. */
const perOwner = (column: SQL, where: SQL): Pick<Audience, 'scope' | 'owner'> => ({
  scope: sql`${where} and ${column} = r.owner`,
  owner: { column, where },
})

const AUDIENCES: readonly Audience[] = [
  {
    audience: 'executive',
    parties: ['executive'],
    recipients: sql`select id_user, email, id_user as owner from users where rol = ${ROLE.executive} and activo = ${ACTIVO.active}`,
    ...perOwner(sql`k.id_ejecutivo`, sql`k.waits_on = 'executive'`),
  },
  {
    audience: 'admin',
    parties: ['executive', 'administrator'],
    recipients: sql`select id_user, email, 0 as owner from users where rol = ${ROLE.admin} and activo = ${ACTIVO.active}`,
    scope: sql`k.waits_on <> 'provider'`,
  },
  {
    // The provider's mails go to the provider record's address, as their other notifications.
    audience: 'provider',
    parties: ['provider'],
    recipients: sql`
      select u.id_user, p.email, p.id_proveedor as owner from users u join providers p on p.user_id = u.id_user
      where u.rol = ${ROLE.provider} and u.activo = ${ACTIVO.active}`,
    ...perOwner(sql`k.id_proveedor`, sql`k.waits_on = 'provider'`),
  },
]

interface SummaryRow {
  /** The stored service targets the statement read (json, parsed or text): the round checks its horizon with them. */
  targets: { statusId: number; targetDays: number }[] | string
  /** Null on the one row that only carries the targets, when no recipient has anything to list. */
  idUser: number | null
  email: string
  vencidos: number
  porVencer: number
  /** json as the driver gives it: parsed (pg), or its text (PGlite may leave a json column as text). */
  tramites: { idEvento: number; statusId: number; dueAt: string }[] | string | null
}

/**
 * The recipients of an audience that own at least one clock in its scope. Most office users own none (200 executives,
 * a handful with claims): rather than probe the scope's index once per recipient, the owners are read by a skip scan of
 * that index — one probe per distinct owner, each the next value after the last (a recursive min(), which PostgreSQL
 * answers from the btree's edge) — and the recipients are joined to them.
 */
function ownersWithClocks(audience: Audience): SQL {
  const { recipients, owner } = audience
  if (!owner) return recipients
  const { column, where } = owner
  return sql`
    select r.* from (${recipients}) r
    where r.owner in (
      with recursive owners(owner) as (
        select min(${column}) from claim_clocks k where ${where}
        union all
        select (select min(${column}) from claim_clocks k where ${where} and ${column} > o.owner)
        from owners o where o.owner is not null)
      select owner from owners where owner is not null)`
}

/**
 * The statement of one audience (exported for the plan test): every recipient with something to list, with their
 * counts and first claims at `now`, each from the scope's partial index of claim_clocks. The list is read first (a
 * lateral join) so the counts run only for recipients it is not empty for: of 200 executives, the few with claims.
 * Every value goes through `bind` (placeholders of a named statement, or inline values).
 */
export function digestStatement(audience: OfficeAudience, now: Date, horizon: Date, bind: Bind = inline): SQL {
  const chosen = AUDIENCES.find((a) => a.audience === audience)!
  const { scope } = chosen
  const at = sql`${bind('now', now.toISOString())}::timestamptz`
  const until = sql`${bind('horizon', horizon.toISOString())}::timestamptz`
  return sql`
    select stored.targets, s."idUser", s.email, s.vencidos, s."porVencer", s.tramites
    from (select coalesce(json_agg(json_build_object('statusId', status_id, 'targetDays', target_days)), '[]') as targets
          from service_targets) stored
    left join lateral (
    select r.id_user as "idUser", r.email, counted.vencidos, counted."porVencer", listed.tramites
    from (${ownersWithClocks(chosen)}) r
    cross join lateral (
      select json_agg(json_build_object('idEvento', l.id_evento, 'statusId', l.status_id, 'dueAt', l.due_at) order by l.due_at, l.id_evento) as tramites
      from (select k.id_evento, k.status_id, k.due_at from claim_clocks k
            where ${scope} and k.due_at <= ${until} and k.due_soon_at <= ${at}
            order by k.due_at, k.id_evento limit ${sql.raw(String(DIGEST_LIST_SIZE))}) l
      having count(*) > 0) listed
    -- After the list's join and fenced (offset 0): pulled up into the select list, PostgreSQL evaluated the counts
    -- where it scans the recipients, for every recipient, before the list had dropped the ones with nothing to list.
    cross join lateral (
      select
        (select count(*)::int from (select 1 from claim_clocks k where ${scope} and k.due_at < ${at}
          limit ${sql.raw(String(DIGEST_COUNT_LIMIT + 1))}) n) as vencidos,
        (select count(*)::int from (select 1 from claim_clocks k
          where ${scope} and k.due_at >= ${at} and k.due_at <= ${until} and k.due_soon_at <= ${at}
          limit ${sql.raw(String(DIGEST_COUNT_LIMIT + 1))}) n) as "porVencer"
      offset 0) counted) s on true
    order by s."idUser"`
}

/**
 * The named statement of one audience, built once per database handle: its text is the same every morning (the
 * instants are its parameters), so PostgreSQL parses it once per connection and keeps its plan instead of planning
 * three correlated subqueries on every round.
 */
function buildDigestPrepared(db: Db | Tx, audience: OfficeAudience) {
  const column = <T>(name: keyof SummaryRow) => sql<T>`q.${sql.identifier(name)}`
  const placeholders: Bind = (name) => sql.placeholder(name)
  const statement = digestStatement(audience, new Date(0), new Date(0), placeholders)
  return db
    .select({
      targets: column<SummaryRow['targets']>('targets'),
      idUser: column<number | null>('idUser'),
      email: column<string>('email'),
      vencidos: column<number>('vencidos'),
      porVencer: column<number>('porVencer'),
      tramites: column<SummaryRow['tramites']>('tramites'),
    })
    .from(sql`(${statement}) q`)
    .prepare(`digest_${audience}`)
}

const prepared = new WeakMap<Db | Tx, Map<OfficeAudience, ReturnType<typeof buildDigestPrepared>>>()

/**
 * The service targets the last round found in force (this process; the defaults before the first): the horizon is
 * computed from them without a read of its own, and each audience's statement returns the targets it read, so a round
 * whose horizon they move runs that statement again with the right one (after the administrator changed a target).
 */
let lastTargets: ServiceTargets = DEFAULT_SERVICE_TARGETS

const parsed = <T>(json: T | string): T => (typeof json === 'string' ? (JSON.parse(json) as T) : json)

/**
 * Every recipient of one audience with something to list, with their counts and first claims at `now`, read with
 * the due-soon horizon of the targets in force when the statement ran (one round trip when they did not change).
 */
async function summariesOf(db: Db | Tx, audience: Audience, now: Date): Promise<SummaryRow[]> {
  const ofDb = getOrMake(prepared, db, () => new Map<OfficeAudience, ReturnType<typeof buildDigestPrepared>>())
  const statement = getOrMake(ofDb, audience.audience, () => buildDigestPrepared(db, audience.audience))
  const stages = timedStagesWaitingOn(audience.parties)
  for (;;) {
    const horizon = dueSoonHorizon(now, lastTargets, stages)
    const rows = (await statement.execute({ now: now.toISOString(), horizon: horizon.toISOString() })) as SummaryRow[]
    lastTargets = targetsInForce(parsed(rows[0]!.targets))
    if (dueSoonHorizon(now, lastTargets, stages).getTime() === horizon.getTime()) return rows.filter((row) => row.idUser !== null)
  }
}

/** What the digest writes of a row; the outbox's defaults fill the rest (delivery, attempts, times). */
type DigestRow = Pick<typeof notifications.$inferInsert, 'idEvento' | 'kind' | 'recipient' | 'email' | 'subject' | 'message' | 'link' | 'details' | 'dedupeKey'>

/** The columns it writes, in one order for the column list and the record's fields. */
const WRITTEN: readonly (keyof DigestRow)[] = ['idEvento', 'kind', 'recipient', 'email', 'subject', 'message', 'link', 'details', 'dedupeKey']

/**
 * The digests' INSERT as one named statement over a json array of rows (json_to_recordset), built once per database
 * handle: its text is the same whatever the number of rows, so PostgreSQL parses it once per connection, where the
 * builder's multi-row VALUES was a new text for each count of rows, built and parsed on every round. The rows keep
 * the outbox's uniqueness: ON CONFLICT on the dedupe key leaves a row another round wrote.
 */
function buildDigestInsert(db: Db | Tx) {
  const names = WRITTEN.map((key) => notifications[key].name)
  const columns = sql.join(names.map((name) => sql.identifier(name)), sql`, `)
  const types = sql.join(
    WRITTEN.map((key) => sql`${sql.identifier(notifications[key].name)} ${sql.raw(key === 'details' ? 'jsonb' : key === 'idEvento' ? 'int' : 'text')}`),
    sql`, `,
  )
  const written = db.$with('written', { id: sql<number>`id` }).as(sql`
    insert into ${notifications} (${columns})
    select ${columns} from json_to_recordset(${sql.placeholder('rows')}::json) as r(${types})
    on conflict (dedupe_key) where dedupe_key is not null do nothing
    returning id`)
  return db.with(written).select({ id: sql<number>`id` }).from(written).prepare('digest_insert')
}

const insertStatements = new WeakMap<Db | Tx, ReturnType<typeof buildDigestInsert>>()

function summaryOf(day: string, row: SummaryRow, now: Date): DigestSummary | null {
  const listed = row.tramites === null ? null : parsed(row.tramites)
  const tramites: DigestClaim[] = (listed ?? []).flatMap((claim) => {
    const statusId = Number(claim.statusId)
    if (!isTimedStage(statusId)) return []
    const vence = new Date(claim.dueAt)
    return [{ idEvento: Number(claim.idEvento), etapa: CLAIM_STAGES[statusId], estado: vence < now ? 'overdue' : 'dueSoon', vence: vence.toISOString() }]
  })
  if (tramites.length === 0) return null
  return { dia: day, vencidos: Number(row.vencidos), porVencer: Number(row.porVencer), tramites }
}

/**
 * Writes the morning digests due at `now` (the server passes the current instant; tests a controlled one): none
 * on a weekend, a rest day or before 08:00. Returns the day it wrote for (null when none is due) and the rows written
 * by this call (0 when another round already wrote them). `only` limits it to some audiences (the benchmark times the
 * executives' digests alone).
 */
export async function writeMorningDigests(
  db: Db | Tx,
  now: Date,
  only?: readonly OfficeAudience[],
): Promise<{ day: string | null; written: number }> {
  const day = morningDigestDay(now)
  if (day === null) return { day, written: 0 }
  // Keyed by column name, as the INSERT's json_to_recordset reads them.
  const rows: Record<string, unknown>[] = []
  for (const audience of AUDIENCES.filter((a) => only === undefined || only.includes(a.audience))) {
    for (const row of await summariesOf(db, audience, now)) {
      const resumen = summaryOf(day, row, now)
      if (!resumen) continue
      const recipient = `user:${Number(row.idUser)}`
      const digest: DigestRow = {
        idEvento: resumen.tramites[0]!.idEvento,
        kind: 'morningDigest',
        recipient,
        email: row.email,
        ...digestTexts(resumen),
        link: digestLink(audience.audience),
        details: { audience: audience.audience, resumen },
        dedupeKey: `digest:${day}:${recipient}`,
      }
      rows.push(Object.fromEntries(WRITTEN.map((key) => [notifications[key].name, digest[key]])))
    }
  }
  if (rows.length === 0) return { day, written: 0 }
  const inserted = await getOrMake(insertStatements, db, () => buildDigestInsert(db)).execute({ rows: JSON.stringify(rows) })
  return { day, written: inserted.length }
}
