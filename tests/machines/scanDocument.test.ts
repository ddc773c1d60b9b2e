/**
 * Model-based tests of scan to PDF (issue 22). Every shortest path plus one path per remaining transition is
 * replayed on a real actor whose `preparePhotos` and `buildPdf` wait on deferred promises. Next to the machine's own
 * snapshot, the test keeps its own list of pages from the events it sent (the oracle): the order and rotations that
 * `buildPdf` receives must be that list, a removed page is handed back for its thumbnail, and only a confirmed PDF
 * is handed to the upload.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import {
  scanDocumentMachine,
  selectCanAddPages,
  selectCanConfirm,
  selectConfirmReason,
  selectIsBusy,
  type ScanDocumentEmitted,
} from '../../machines/scanDocument.machine'
import { scanDocumentSamples } from '../../tools/catalog/samples/scanDocument.samples'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, generatePaths, itKeepsPathsFew, logicOf, namedPaths, stubs } from './drivers/deferredActors'

const { input: INPUT, events: EVENTS } = scanDocumentSamples
const generated = generatePaths(scanDocumentMachine as AnyStateMachine, {
  events: EVENTS,
  input: INPUT,
  kind: 'shortest',
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: scanDocumentSamples.contextKey(snapshot.context) }),
})
const coverage = recordCoverage(scanDocumentMachine, { input: INPUT })

describeReachability('scanDocument', scanDocumentMachine, generated.shortest)

interface OraclePage {
  id: string
  source: string
  rotation: number
}

describe('scanDocument: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof scanDocumentMachine>
  afterEach(() => actor?.stop())

  itKeepsPathsFew(generated.paths, { moreThan: 8, lessThan: 200 })

  for (const [name, path] of namedPaths('scanDocument', generated.paths)) {
    it(name, async () => {
      const stub = stubs('preparePhotos', 'buildPdf')
      actor = createActor(scanDocumentMachine.provide({ actors: logicOf(stub) }), { input: INPUT, inspect: coverage.inspect })
      const emitted: ScanDocumentEmitted[] = []
      actor.on('*', (event) => emitted.push(event))
      actor.start()

      // The oracle: what the user arranged, from the events alone.
      let pages: OraclePage[] = []
      let added = 0
      let waitingPhotos = 0
      const discarded: string[] = []

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        // The traversal merges contexts that differ only in order, rotation or the alert's text (see the samples' key).
        expect(scanDocumentSamples.contextKey(real.context)).toEqual(scanDocumentSamples.contextKey(model.context))
        expect(real.context.pages.map(({ id, source, rotation }) => ({ id, source, rotation }))).toEqual(pages)
        expect(emitted.filter((e) => e.type === 'page.discard').map((e) => (e.type === 'page.discard' ? e.page.id : ''))).toEqual(discarded)
        // 'Cargar documento' needs a page, and says so while there is none.
        expect(selectConfirmReason(real)).toBe(pages.length === 0 ? 'Agrega al menos una página.' : null)
        if (pages.length === 0) expect(selectCanConfirm(real)).toBe(false)
        expect(selectCanConfirm(real)).toBe(real.matches('arranging') || real.matches('previewing'))
        expect(selectIsBusy(real)).toBe(real.matches('preparing') || real.matches('converting'))
        expect(selectCanAddPages(real)).toBe(real.matches('picking') || real.matches('arranging'))
        if (real.matches('preparing')) expect(stub.preparePhotos.last.input.photos).toHaveLength(waitingPhotos)
        if (real.matches('converting')) {
          expect(stub.buildPdf.last.input).toEqual({
            fileName: 'Identificación oficial.pdf',
            pages: pages.map(({ source, rotation }) => ({ source, rotation })),
          })
        }
        if (real.matches('previewing')) expect(real.context.pdf?.pageCount).toBe(2)
        const ready = emitted.filter((e) => e.type === 'document.ready')
        expect(ready).toHaveLength(real.matches('done') ? 1 : 0)
        // A network-like failure of the local steps reads as the step's own message.
        if (real.matches('failed')) expect(['No se pudieron leer las fotos. Intenta con otras fotos.', 'No se pudo crear el PDF. Intenta de nuevo.']).toContain(real.context.alert)
        if (real.status === 'done') expect(['done', 'cancelled']).toContain(real.value)
      }

      const send = (event: AnyEventObject) => {
        const before = actor.getSnapshot()
        actor.send(event as never)
        if (!before.can(event as never)) return
        if (event.type === 'photos.add') waitingPhotos = (event as unknown as { photos: unknown[] }).photos.length
        if (event.type === 'page.remove') {
          discarded.push(event.id)
          pages = pages.filter((p) => p.id !== event.id)
        }
        const at = pages.findIndex((p) => p.id === event.id)
        if (event.type === 'page.moveUp') pages.splice(at - 1, 0, ...pages.splice(at, 1))
        if (event.type === 'page.moveDown') pages.splice(at + 1, 0, ...pages.splice(at, 1))
        if (event.type === 'page.rotate') pages[at] = { ...pages[at]!, rotation: (pages[at]!.rotation + 90) % 360 }
      }

      await drivePath(coverage, path, check, {
        actor: () => actor,
        stubs: stub,
        custom: {
          'photos.add': send,
          'page.remove': send,
          'page.moveUp': send,
          'page.moveDown': send,
          'page.rotate': send,
          'xstate.done.actor.preparePhotos': (event) => {
            const output = (event as unknown as { output: { source: string }[] }).output
            pages = [...pages, ...output.map((p, i) => ({ id: `pagina-${added + i + 1}`, source: p.source, rotation: 0 }))]
            added += output.length
            stub.preparePhotos.resolve(output)
          },
        },
      })
    })
  }
})

describe('scanDocument: handing the PDF over', () => {
  it('emits document.ready with the built PDF once, after "Cargar documento" from the pages', async () => {
    const stub = stubs('preparePhotos', 'buildPdf')
    const actor = createActor(scanDocumentMachine.provide({ actors: logicOf(stub) }), { input: INPUT }).start()
    const ready: unknown[] = []
    actor.on('document.ready', (event) => ready.push(event.pdf))
    actor.send({ type: 'photos.add', photos: [{ name: 'a.jpg', type: 'image/jpeg', size: 1 } as never] })
    stub.preparePhotos.resolve([{ source: 's1', thumbnailUrl: 'blob:1', width: 1, height: 1, size: 1 }])
    await new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'document.confirm' })
    expect(actor.getSnapshot().matches('converting')).toBe(true)
    const pdf = { key: 'k', fileName: 'Identificación oficial.pdf', pageCount: 1, size: 10 }
    stub.buildPdf.resolve(pdf)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ready).toEqual([pdf])
    expect(actor.getSnapshot().status).toBe('done')
    actor.stop()
  })
})
