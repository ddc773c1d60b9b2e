/**
 * Drives a real actor along a generated path. Each injected promise actor waits on a deferred promise that the path
 * settles: a step `xstate.done.actor.<id>` resolves the pending call of actor `<id>` with the step's `output`,
 * `xstate.error.actor.<id>` rejects it with the step's `error`, `xstate.after.<delay>.<state>` advances vitest's fake
 * clock by exactly that delay (and checks that one millisecond earlier nothing had happened yet); any other event is
 * sent to the actor as the view would send it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { traversalOptions } from '../../../tools/machineGraph/traversal'
import { createMachineModel, type CoverageRecorder } from '../support/modelTest'
import { transitionKeyOf } from '../../../tools/machineGraph/keys'
import { createEmptyActor, fromPromise, type AnyStateMachine, type AnyActorRef, type InspectionEvent, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { eventWords, stateWords } from './pathWords'
import { getAdjacencyMap, getStateNodes, getShortestPaths, type StatePath, type TestModel, type TestParam, type TestPath } from 'xstate/graph'

export interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export interface StubCall<TInput, TOutput> {
  input: TInput
  signal: AbortSignal
  deferred: Deferred<TOutput>
}

/** A promise actor whose calls are recorded and settled by the test. */
export class PromiseStub<TInput = unknown, TOutput = unknown> {
  readonly calls: StubCall<TInput, TOutput>[] = []
  readonly logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    const call = { input, signal, deferred: deferred<TOutput>() }
    this.calls.push(call)
    return call.deferred.promise
  })

  get last(): StubCall<TInput, TOutput> {
    const call = this.calls.at(-1)
    if (!call) throw new Error('the actor was never invoked')
    return call
  }

  resolve(output: TOutput) {
    this.last.deferred.resolve(output)
  }

  reject(error: unknown) {
    this.last.deferred.reject(error)
  }
}

export function stubs<TNames extends string>(...names: TNames[]): Record<TNames, PromiseStub<any, any>> {
  return Object.fromEntries(names.map((name) => [name, new PromiseStub()])) as Record<TNames, PromiseStub<any, any>>
}

/** The stubs' actor logic by name: `machine.provide({ actors: logicOf(stub) })` runs the machine on them. */
export function logicOf<TNames extends string>(stub: Record<TNames, PromiseStub<any, any>>) {
  const entries = Object.entries<PromiseStub<any, any>>(stub).map(([name, one]) => [name, one.logic] as const)
  return Object.fromEntries(entries) as Record<TNames, PromiseStub<any, any>['logic']>
}

/** Lets settled promises reach the actor (promise actor → parent takes a few microtasks). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

export type StepExecutor = (event: AnyEventObject) => void | Promise<void>

export interface DriverOptions {
  /** The running actor under test. */
  actor: () => AnyActorRef
  /** Stubs by invoke id (the machines name each invoke after its actor). */
  stubs?: Record<string, PromiseStub<any, any>>
  /** Delay names → milliseconds as the spec writes them: literals in the test, never read from the machine. */
  delays?: Record<string, number>
  /** Events that need their own executor (events an injected callback actor sends, for instance). */
  custom?: Record<string, StepExecutor>
}

export function executeStep(options: DriverOptions): StepExecutor {
  return async (event) => {
    const { type } = event
    if (type === 'xstate.init') return
    const custom = options.custom?.[type]
    if (custom) {
      await custom(event)
    } else if (type.startsWith('xstate.done.actor.')) {
      stubFor(options, type.slice('xstate.done.actor.'.length)).resolve((event as { output?: unknown }).output)
    } else if (type.startsWith('xstate.error.actor.')) {
      stubFor(options, type.slice('xstate.error.actor.'.length)).reject((event as { error?: unknown }).error)
    } else if (type.startsWith('xstate.after.')) {
      const delayName = type.split('.')[2]!
      const ms = options.delays?.[delayName]
      if (ms === undefined) throw new Error(`unknown delay ${delayName}`)
      const before = JSON.stringify(options.actor().getSnapshot().value)
      await vi.advanceTimersByTimeAsync(ms - 1)
      expect(JSON.stringify(options.actor().getSnapshot().value), `${delayName} fired before ${ms} ms`).toBe(before)
      await vi.advanceTimersByTimeAsync(1)
    } else {
      options.actor().send(event)
    }
    await flush()
  }
}

function stubFor(options: DriverOptions, id: string): PromiseStub<any, any> {
  const stub = options.stubs?.[id]
  if (!stub) throw new Error(`no stub for actor ${id}`)
  return stub
}

/**
 * TestParam for `path.test`: every event of the path goes through `executeStep`, and every reached state is checked
 * by `check(modelSnapshot)` (the model's snapshot; read the real one from the actor).
 */
export function pathParams<TSnapshot extends AnyMachineSnapshot, TEvent extends AnyEventObject>(
  path: StatePath<TSnapshot, TEvent>,
  options: DriverOptions,
  check: (model: TSnapshot) => void | Promise<void>,
): TestParam<TSnapshot, TEvent> {
  const exec = executeStep(options)
  const events = Object.fromEntries(
    [...new Set(path.steps.map((step) => step.event.type))].map((type) => [type, ({ event }: { event: TEvent }) => exec(event)]),
  )
  return { events, states: { '*': check } } as unknown as TestParam<TSnapshot, TEvent>
}

/**
 * A test name that reads as the spec: the machine's name, the path as the user's and the system's actions in words
 * (./pathWords.ts), and where it ends — 'login: elegir Administrativo → escribir correo «ana@» → entrar ⇒ en espera'.
 * An event the vocabulary lacks shows as its type (tests/machines/pathWords.test.ts fails on it meanwhile).
 */
export function pathName(machineName: string, path: NamedPath): string {
  const machine = path.state.machine as AnyStateMachine
  const events = path.steps
    .map((step) => step.event)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => eventWords(machine, event) ?? event.type)
  return `${machineName}: ${events.join(' → ') || '(inicio)'} ⇒ ${stateWords(path.state)}`
}

/** What `pathName` reads of a generated path. */
export type NamedPath = { state: AnyMachineSnapshot; steps: readonly { event: AnyEventObject }[] }

/**
 * Each path with its `pathName`, for `for (const [name, path] of namedPaths('login', paths)) it(name, …)`. A name two
 * paths share (they differ only in data the words leave out) gets ' (2)', ' (3)'… so a failure points at one test.
 */
export function namedPaths<TPath extends NamedPath>(machineName: string, paths: readonly TPath[]): [string, TPath][] {
  const seen = new Map<string, number>()
  return paths.map((path) => {
    const name = pathName(machineName, path)
    const count = (seen.get(name) ?? 0) + 1
    seen.set(name, count)
    return [count === 1 ? name : `${name} (${count})`, path]
  })
}

/** State node ids of the machine that no path ends in (empty when every state is reachable). */
export function unreachedStates(
  machine: AnyStateMachine,
  paths: readonly { state: AnyMachineSnapshot }[],
): string[] {
  const reached = new Set<string>()
  for (const path of paths) for (const node of path.state._nodes) reached.add(node.id)
  return getStateNodes(machine.root)
    .map((node) => node.id)
    .filter((id) => !reached.has(id))
}

type AnyPath = StatePath<AnyMachineSnapshot, AnyEventObject>
type Traversal = NonNullable<Parameters<typeof getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>>[1]>

/** The transition definitions one pure step takes, named as the coverage check names them. */
export function transitionsTaken(from: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const scope = inertScope()
  const taken: string[] = []
  const subscription = scope.self.system.inspect((inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.microstep') taken.push(...inspection._transitions.map(transitionKeyOf))
  })
  try {
    from.machine.transition(from, event, scope)
  } finally {
    subscription.unsubscribe()
  }
  return taken
}

/**
 * Simple (or shortest) paths visit every reachable state but never take an edge back to a state already on the path
 * (a banner that times out to idle, a self-transition that only emits). This adds, for each transition definition
 * that `base` does not take, the shortest path to a state where it is enabled plus that step, so that together the
 * paths take every transition the traversal can reach.
 */
export function pathsForUntakenTransitions(
  model: TestModel<AnyMachineSnapshot, AnyEventObject, unknown>,
  machine: AnyStateMachine,
  traversal: Traversal & { serializeState: (snapshot: AnyMachineSnapshot) => string },
  base: readonly AnyPath[],
): TestPath<AnyMachineSnapshot, AnyEventObject>[] {
  const key = (snapshot: AnyMachineSnapshot) => traversal.serializeState(snapshot)
  const taken = new Set<string>()
  for (const path of base) {
    for (let i = 1; i < path.steps.length; i++) {
      for (const t of transitionsTaken(path.steps[i - 1]!.state, path.steps[i]!.event)) taken.add(t)
    }
  }
  const shortest = getShortestPaths(machine, traversal as never) as unknown as AnyPath[]
  const byKey = new Map(shortest.map((p) => [key(p.state), p]))
  const adjacency = getAdjacencyMap(machine as never, traversal as never) as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }
  >
  // Nearest sources first, so each added path is as short as it can be.
  const sources = Object.values(adjacency)
    .map((entry) => ({ ...entry, head: byKey.get(key(entry.state)) }))
    .filter((entry): entry is typeof entry & { head: AnyPath } => entry.head !== undefined)
    .sort((a, b) => a.head.weight - b.head.weight)
  const result: TestPath<AnyMachineSnapshot, AnyEventObject>[] = []
  for (const { head, transitions } of sources) {
    for (const { event } of Object.values(transitions)) {
      // Replay from the head's own end state: it is the snapshot the real actor will be in.
      const from = head.state
      const fresh = transitionsTaken(from, event).filter((t) => !taken.has(t))
      if (!fresh.length) continue
      fresh.forEach((t) => taken.add(t))
      const state = machine.transition(from, event, inertScope()) as AnyMachineSnapshot
      const statePath: AnyPath = { state, weight: head.weight + 1, steps: [...head.steps, { state, event }] }
      result.push({
        ...statePath,
        description: `Takes ${event.type} from ${JSON.stringify(from.value)}`,
        test: (params) => model.testPath(statePath, params),
      })
    }
  }
  return result
}

function inertScope() {
  const self = createEmptyActor()
  return {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
    system: self.system,
  } as unknown as Parameters<AnyStateMachine['transition']>[2]
}

export interface PathGeneration {
  /** Sample events for types that carry data (see tools/machineGraph/traversal.ts). */
  events: readonly AnyEventObject[]
  input?: unknown
  /** 'simple' where simple paths stay few, else 'shortest'; both are completed with the untaken edges. */
  kind: 'simple' | 'shortest'
  /** A coarser state key for machines with form contexts (keeps the graph small). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string
}

/** The traversal, the TestModel and the generated paths of one machine, as every issue-4 machine test uses them. */
export function generatePaths(machine: AnyStateMachine, options: PathGeneration) {
  // `xstate.done.state.*` is raised by xstate itself when a compound or parallel state completes; nobody sends it.
  const filterEvents = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
    !event.type.startsWith('xstate.done.state.') && snapshot.can(event)
  const overrides = { filterEvents, ...(options.serializeState ? { serializeState: options.serializeState } : {}) }
  const traversal = { ...traversalOptions({ events: options.events, input: options.input }), ...overrides }
  const model = createMachineModel(machine, {
    events: options.events,
    input: options.input,
    ...overrides,
  }) as unknown as TestModel<AnyMachineSnapshot, AnyEventObject, unknown>
  const base = options.kind === 'simple' ? model.getSimplePaths() : model.getShortestPaths()
  const shortest = getShortestPaths(machine, traversal as never) as unknown as AnyPath[]
  return {
    traversal,
    model,
    /** Shortest paths to every reachable state (for the reachability test). */
    shortest,
    paths: [...base, ...pathsForUntakenTransitions(model, machine, traversal, base)],
  }
}

/** The reachability suite of a model test: every state of the machine is the end of some shortest path. */
export function describeReachability(name: string, machine: AnyStateMachine, shortest: readonly { state: AnyMachineSnapshot }[]): void {
  describe(`${name}: reachability`, () => {
    it('reaches every state by a shortest path', () => {
      expect(unreachedStates(machine, shortest)).toEqual([])
    })
  })
}

/** A test that the generated paths are enough to mean something and few enough to replay. */
export function itKeepsPathsFew(paths: readonly unknown[], { moreThan, lessThan }: { moreThan: number; lessThan: number }): void {
  it('keeps the number of generated paths small', () => {
    expect(paths.length).toBeGreaterThan(moreThan)
    expect(paths.length).toBeLessThan(lessThan)
  })
}

/**
 * Replays each generated path in its own test, on vitest's fake clock; after each test the actor that `current`
 * returns (the one the test started) is stopped and the real clock comes back. Call it inside a `describe`. Tests are
 * named by `pathName` with the machine's id, or with `machineName` (a variant: 'pagedList (búsqueda)').
 */
export function replayEachPath<TPath extends NamedPath>(
  paths: readonly TPath[],
  current: () => { stop(): unknown } | undefined,
  replay: (path: TPath) => Promise<void>,
  machineName?: string,
): void {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    current()?.stop()
    vi.useRealTimers()
  })

  const name = machineName ?? paths[0]?.state.machine.id ?? ''
  for (const [title, path] of namedPaths(name, paths)) it(title, () => replay(path))
}

/** Replays `path` on the real actor with the driver (`pathParams`); `coverage` records it once it passed. */
export function drivePath<TSnapshot extends AnyMachineSnapshot, TEvent extends AnyEventObject>(
  coverage: CoverageRecorder,
  path: TestPath<TSnapshot, TEvent>,
  check: (model: TSnapshot) => void | Promise<void>,
  options: DriverOptions,
) {
  return coverage.testPath(path, pathParams(path, options, check))
}
