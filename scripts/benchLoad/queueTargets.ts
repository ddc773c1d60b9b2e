/**
 * The work queue ('Pendientes', issue 23) under `npm run bench:load`: what an executive opens first (page 1), a
 * badge filter ('Vencido' and 'Por vencer'), «Página siguiente» by key (the last row of page 1: its claim number and
 * due instant, as the client sends it), and the administrator's page 1 (the office's queue, the largest scope).
 * Each is measured against one claim, like the lists.
 */

type QueueRole = 'executive' | 'admin'

interface QueueTarget {
  /** The figure's name in the Markdown. */
  name: string
  /** The load's label in the log and the samples. */
  label: string
  path: string
  role: QueueRole
}

interface QueueFirstPage {
  response: { items: Array<{ idEvento: number; vence: string }>; total: number; totalCapped: boolean }
}

/** The queue paths to load; reads the executive's first page for its «Página siguiente» key. */
export async function queueTargets(origin: string, headers: Record<QueueRole, () => Promise<Record<string, string>>>): Promise<{
  targets: QueueTarget[]
  note: string
}> {
  const first = await fetch(`${origin}/api/queue?page=1`, { headers: await headers.executive() })
  if (!first.ok) throw new Error(`GET /api/queue respondió ${first.status}: ${await first.text()}`)
  const { items, total, totalCapped } = ((await first.json()) as QueueFirstPage).response
  const last = items.at(-1)
  // A queue of one page has no «Página siguiente»: the figure would measure nothing.
  if (!last || total <= items.length) throw new Error(`la cola del ejecutivo tiene ${total} trámites: el benchmark necesita más de una página`)
  const next = `/api/queue?page=2&after=${last.idEvento}&vence=${encodeURIComponent(last.vence)}`
  return {
    targets: [
      { name: "An executive's queue (Pendientes), page 1", label: 'queue page 1', path: '/api/queue?page=1', role: 'executive' },
      { name: "An executive's queue, badge 'Vencido'", label: 'queue overdue', path: '/api/queue?page=1&estado=overdue', role: 'executive' },
      { name: "An executive's queue, badge 'Por vencer'", label: 'queue due soon', path: '/api/queue?page=1&estado=dueSoon', role: 'executive' },
      { name: "An executive's queue, page 2 from page 1 («Siguiente», by key)", label: 'queue page 2 by key', path: next, role: 'executive' },
      { name: "The office's queue (administrator), page 1", label: 'office queue page 1', path: '/api/queue?page=1', role: 'admin' },
    ],
    note: `Queue: the demo executive's holds ${totalCapped ? 'more than ' : ''}${total.toLocaleString('en-US')} claims; page 2 continues after C${last.idEvento} (due ${last.vence})`,
  }
}
