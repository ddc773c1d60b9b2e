/**
 * Model-based tests of the document viewer. Every shortest path (plus one path per remaining transition) is replayed
 * on a real actor whose loader waits on a deferred promise; each state is checked against an oracle written from
 * the issue, not from the machine: what the toolbar allows on each page and zoom, which notice shows, that the
 * download is offered when shown or damaged only, and that it saves the file once per request. The zoom steps and
 * the rotation are checked literally below.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import { documentViewerSamples as entry } from '../../tools/catalog/samples/documentViewer.samples'
import {
  documentViewerMachine,
  selectCanDownload,
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanRotate,
  selectCanZoomIn,
  selectCanZoomOut,
  selectIsLoading,
  selectIsShown,
  selectNotice,
} from '../../machines/documentViewer.machine'
import { recordCoverage } from './support/modelTest'
import { describeReachability, drivePath, flush, generatePaths, itKeepsPathsFew, logicOf, namedPaths, stubs } from './drivers/deferredActors'

const INPUT = {}
const SOURCE = '/api/file/download/claim-file/12'
const DAMAGED = 'No se pudo mostrar el documento: el archivo PDF está dañado o protegido con contraseña. Se puede descargar para abrirlo con otro programa.'
const FORBIDDEN = 'Sin permiso para ver este documento.'
const NOT_FOUND = 'No se encontró el archivo'

const generated = generatePaths(documentViewerMachine as AnyStateMachine, {
  events: entry.events,
  input: INPUT,
  kind: 'shortest',
  serializeState: (snapshot) => JSON.stringify([snapshot.value, entry.contextKey(snapshot.context)]),
})
const coverage = recordCoverage(documentViewerMachine, { input: INPUT })

describeReachability('documentViewer', documentViewerMachine, generated.shortest)

describe('documentViewer: every shortest path and every transition on a real actor', () => {
  let actor: Actor<typeof documentViewerMachine>
  afterEach(() => actor?.stop())

  itKeepsPathsFew(generated.paths, { moreThan: 10, lessThan: 400 })

  for (const [name, path] of namedPaths('documentViewer', generated.paths)) {
    it(name, async () => {
      const stub = stubs('loadDocument')
      let saved = 0
      let downloadsAsked = 0
      actor = createActor(
        documentViewerMachine.provide({ actors: { loadDocument: stub.loadDocument.logic }, actions: { saveFile: () => void saved++ } }),
        { input: INPUT, inspect: coverage.inspect },
      )
      actor.start()

      const check = (model: AnyMachineSnapshot) => {
        const real = actor.getSnapshot()
        expect(real.value).toEqual(model.value)
        expect(real.context).toEqual(model.context)
        const { page, pageCount, zoom } = real.context
        const shown = real.matches('shown')

        expect(selectIsShown(real)).toBe(shown)
        expect(selectIsLoading(real)).toBe(real.matches('loading') || real.matches('idle'))
        // The toolbar: pages within 1..N, zoom within 25–300 %, rotation and everything else only on a shown page.
        expect(selectCanGoNext(real)).toBe(shown && page < pageCount)
        expect(selectCanGoPrevious(real)).toBe(shown && page > 1)
        expect(selectCanZoomIn(real)).toBe(shown && zoom < 300)
        expect(selectCanZoomOut(real)).toBe(shown && zoom > 25)
        expect(selectCanRotate(real)).toBe(shown)
        expect(page).toBeGreaterThanOrEqual(1)
        if (shown) expect(page).toBeLessThanOrEqual(pageCount)
        expect(zoom).toBeGreaterThanOrEqual(25)
        expect(zoom).toBeLessThanOrEqual(300)

        // A damaged file still offers the download; a refused one offers nothing.
        expect(selectCanDownload(real)).toBe(shown || real.matches('damaged'))
        expect(selectNotice(real)).toBe(
          real.matches('damaged') ? DAMAGED : real.matches('forbidden') ? FORBIDDEN : real.matches('failed') ? NOT_FOUND : null,
        )
        if (real.matches('loading')) expect(stub.loadDocument.last.input).toEqual({ source: SOURCE })
        expect(saved).toBe(downloadsAsked)
      }

      await drivePath(coverage, path, check, {
        actor: () => actor,
        stubs: stub,
        custom: {
          'document.download': (event) => {
            downloadsAsked++
            actor.send(event as never)
          },
        },
      })
    })
  }
})

describe('documentViewer: toolbar steps on a real actor', () => {
  async function shownActor(pageCount = 3) {
    const stub = stubs('loadDocument')
    const actor = createActor(documentViewerMachine.provide({ actors: logicOf(stub) }), {
      input: { source: SOURCE, fileName: 'resumen.pdf' },
      inspect: coverage.inspect,
    })
    actor.start()
    // With a file in its input the viewer loads it at once.
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    stub.loadDocument.resolve({ pageCount })
    await flush()
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    return actor
  }

  it('zooms through 25, 50, 75, 100, 125, 150, 200 and 300 % and stops at both ends', async () => {
    const actor = await shownActor()
    const zoom = () => actor.getSnapshot().context.zoom
    expect(actor.getSnapshot().context.fitWidth).toBe(true)
    const up: number[] = []
    for (let i = 0; i < 6; i++) {
      actor.send({ type: 'zoom.in' })
      up.push(zoom())
    }
    expect(up).toEqual([125, 150, 200, 300, 300, 300])
    expect(actor.getSnapshot().context.fitWidth).toBe(false)
    const down: number[] = []
    for (let i = 0; i < 8; i++) {
      actor.send({ type: 'zoom.out' })
      down.push(zoom())
    }
    expect(down).toEqual([200, 150, 125, 100, 75, 50, 25, 25])
    actor.stop()
  })

  it('zooms in from the fitted width, not from 100 %', async () => {
    const actor = await shownActor()
    actor.send({ type: 'zoom.fitted', zoom: 61.4 })
    expect(actor.getSnapshot().context.zoom).toBe(61)
    actor.send({ type: 'zoom.in' })
    expect(actor.getSnapshot().context).toMatchObject({ zoom: 75, fitWidth: false })
    // Outside fit-to-width, a measured width changes nothing.
    actor.send({ type: 'zoom.fitted', zoom: 90 })
    expect(actor.getSnapshot().context.zoom).toBe(75)
    actor.send({ type: 'zoom.fitWidth' })
    actor.send({ type: 'zoom.fitted', zoom: 140 })
    expect(actor.getSnapshot().context).toMatchObject({ zoom: 140, fitWidth: true })
    actor.stop()
  })

  it('rotates a quarter turn at a time and pages within the document', async () => {
    const actor = await shownActor(4)
    const rotations: number[] = []
    for (let i = 0; i < 4; i++) {
      actor.send({ type: 'view.rotate' })
      rotations.push(actor.getSnapshot().context.rotation)
    }
    expect(rotations).toEqual([90, 180, 270, 0])
    actor.send({ type: 'page.last' })
    expect(actor.getSnapshot().context.page).toBe(4)
    actor.send({ type: 'page.next' })
    expect(actor.getSnapshot().context.page).toBe(4)
    for (const page of [0, 5, 2.5, Number.NaN]) actor.send({ type: 'page.go', page })
    expect(actor.getSnapshot().context.page).toBe(4)
    actor.send({ type: 'page.go', page: 2 })
    actor.send({ type: 'page.previous' })
    expect(actor.getSnapshot().context.page).toBe(1)
    actor.stop()
  })

  it('opening another file starts over and aborts the load in progress', async () => {
    const stub = stubs('loadDocument')
    const actor = createActor(documentViewerMachine.provide({ actors: logicOf(stub) }), {
      input: { source: SOURCE, fileName: 'a.pdf' },
    })
    actor.start()
    const first = stub.loadDocument.last
    actor.send({ type: 'document.open', source: '/api/file/download/invoice/3', fileName: 'factura.pdf' })
    expect(first.signal.aborted).toBe(true)
    expect(stub.loadDocument.last.input).toEqual({ source: '/api/file/download/invoice/3' })
    expect(actor.getSnapshot().context.fileName).toBe('factura.pdf')
    actor.stop()
  })

  it('reads an HTTP 401 or 403 on the failure as forbidden, and a page that cannot be drawn as damaged', async () => {
    const stub = stubs('loadDocument')
    const actor = createActor(documentViewerMachine.provide({ actors: logicOf(stub) }), {
      input: { source: SOURCE },
    })
    actor.start()
    stub.loadDocument.reject({ reason: 'No tiene permiso sobre este trámite', status: 403 })
    await flush()
    expect(actor.getSnapshot().matches('forbidden')).toBe(true)
    actor.send({ type: 'document.open', source: SOURCE, fileName: 'x.pdf' })
    stub.loadDocument.reject(new Error('network'))
    await flush()
    expect(selectNotice(actor.getSnapshot())).toBe('No se pudo cargar el documento.')
    actor.send({ type: 'document.retry' })
    stub.loadDocument.resolve({ pageCount: 1 })
    await flush()
    actor.send({ type: 'page.failed' })
    expect(actor.getSnapshot().matches('damaged')).toBe(true)
    actor.stop()
  })
})
