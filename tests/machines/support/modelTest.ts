/**
 * Coverage recording for model-based tests. The coverage check (`tsx tools/machineCoverage.ts`, run by `npm test`
 * after vitest) fails when a state or transition of a registered machine was not reached by that machine's tests,
 * so every model-based test records what it walked through this helper.
 *
 * API
 *   const coverage = recordCoverage(loginMachine)            // once per test file (and machine)
 *   const coverage = recordCoverage(machine, { input })       // if the machine needs input to start
 *
 *   // 1. Walking a generated path with TestModel: runs `path.test(params)` and, once it passed, records the path.
 *   for (const path of model.getShortestPaths()) {
 *     it(path.description, async () => { await coverage.testPath(path, { states: {...}, events: {...} }) })
 *   }
 *
 *   // 2. Driving the steps yourself (a view, a real actor): assert as you like, then record the path.
 *   coverage.recordPath(path)   // any path from xstate/graph: getShortestPaths, getSimplePaths, TestModel paths
 *
 *   // 3. Recording what a real actor actually does (fake timers, injected actors, React views):
 *   createActor(machine.provide(impls), { inspect: coverage.inspect })
 *   // or useActorRef(machine.provide(impls), { inspect: coverage.inspect }) when the view accepts actor options
 *
 * What is recorded: state node ids (every node active in a step, ancestors included) and transition keys
 * (`<source id>|<event type>|<index>`, see tools/machineGraph/keys.ts). For paths (1, 2) the transitions are found
 * by replaying each step through the machine, so guarded alternatives, `always`, delayed (`xstate.after.*`) and
 * invoke results (`xstate.done.actor.*`, `xstate.error.actor.*`) count exactly as taken. Records are written at
 * once to `.tmp/machine-coverage/<machine id>/<test file>.json` (see tools/coverageStore.ts).
 *
 * Building the model: `createMachineModel(machine, { events, input })` returns a `TestModel` walked the same way as
 * `npm run paths` walks it (events from the active transitions, followed when the machine selects a transition for
 * them — accepted no-op transitions like `'letter.save': {}` included, which `snapshot.can` would drop —, samples for
 * events that carry data, `#id` or state-value keys in `states`). A bare `new TestModel(machine, { filterEvents })` offers NO events
 * (TestModel's default is `events: []`), so its only path is the initial state.
 *
 * Transitions: shortest and simple paths reach every state but skip transitions back to a state already reached.
 * `getTransitionTestPaths(model)` gives one path per transition (shortest path to its source, then its event);
 * walk those too (or instead) so the coverage check passes.
 *
 * Check one machine after running its tests alone:
 *   npx vitest run tests/machines/login.test.ts && npx tsx tools/machineCoverage.ts login
 */
import { createEmptyActor, type ActorLogic, type EventFromLogic, type InputFrom, type SnapshotFrom, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type InspectionEvent } from 'xstate'
import { TestModel, type StatePath, type TestModelOptions, type TestParam, type TestPath, type TestPathResult, type TraversalOptions } from 'xstate/graph'
import { expect } from 'vitest'
import { relative } from 'node:path'
import { transitionKeyOf } from '../../../tools/machineGraph/keys'
import { getTransitionPaths, traversalOptions, type TraversalSamples } from '../../../tools/machineGraph/traversal'
import { writeCoverageRecord } from '../../../tools/coverageStore'

export interface CoverageRecorder {
  readonly machineId: string
  /** Runs `path.test(params)`; records the path only when it passed. Returns the TestModel result. */
  testPath<TSnapshot extends AnyMachineSnapshot, TEvent extends AnyEventObject>(
    path: TestPath<TSnapshot, TEvent>,
    params: TestParam<TSnapshot, TEvent>,
  ): Promise<TestPathResult>
  /** Records the states and transitions of a generated path (call it after the test asserted that path). */
  recordPath(path: StatePath<AnyMachineSnapshot, AnyEventObject>): void
  /** Records the states of one snapshot of this machine. */
  recordSnapshot(snapshot: AnyMachineSnapshot): void
  /** Inspection callback for `createActor(machine, { inspect })`: records what the real actor does. */
  readonly inspect: (event: InspectionEvent) => void
  /** What this test file recorded so far for this machine (sorted). */
  visited(): { states: string[]; transitions: string[] }
}

export interface RecordCoverageOptions {
  /** Input for replaying the initial transition of paths (machines whose context is built from input). */
  input?: unknown
  /** Overrides the test file name used for the record (defaults to the running vitest file). */
  testFile?: string
  /** Overrides the records folder (tests of this helper). */
  dir?: string
}

interface Visited {
  states: Set<string>
  transitions: Set<string>
}

// One accumulator per machine and test file: vitest isolates each test file in its own module graph.
const visitedByMachine = new Map<string, Visited>()

export function recordCoverage(machine: AnyStateMachine, options: RecordCoverageOptions = {}): CoverageRecorder {
  const machineId = machine.id
  const testFile = options.testFile ?? currentTestFile()
  const accKey = `${options.dir ?? ''}|${machineId}|${testFile}`
  let visited = visitedByMachine.get(accKey)
  if (!visited) {
    visited = { states: new Set(), transitions: new Set() }
    visitedByMachine.set(accKey, visited)
  }
  const acc = visited

  const flush = () => {
    writeCoverageRecord({
      machineId,
      testFile,
      states: [...acc.states].sort(),
      transitions: [...acc.transitions].sort(),
    }, options.dir)
  }

  const addSnapshot = (snapshot: AnyMachineSnapshot) => {
    assertSameMachine(snapshot)
    for (const node of snapshot._nodes) if (node.parent) acc.states.add(node.id)
  }
  const addTransitions = (transitions: readonly AnyTransitionDefinition[]) => {
    for (const t of transitions) acc.transitions.add(transitionKeyOf(t))
  }
  const addReplayed = ({ transitions, snapshots }: Replayed) => {
    addTransitions(transitions)
    for (const snapshot of snapshots) addSnapshot(snapshot)
  }
  const assertSameMachine = (snapshot: AnyMachineSnapshot) => {
    if (snapshot.machine.id !== machineId) {
      throw new Error(`recordCoverage(${machineId}): recibió un snapshot de la máquina "${snapshot.machine.id}"`)
    }
  }

  const recordPath = (path: StatePath<AnyMachineSnapshot, AnyEventObject>) => {
    path.steps.forEach((step, i) => {
      addSnapshot(step.state)
      if (i === 0 && step.event.type === 'xstate.init') {
        addReplayed(replayInitial(step.state.machine, options.input))
      } else {
        const previous = i === 0 ? undefined : path.steps[i - 1]?.state
        if (previous) addReplayed(replayStep(previous, step.event))
      }
    })
    addSnapshot(path.state)
    flush()
  }

  return {
    machineId,
    async testPath(path, params) {
      const result = await path.test(params)
      recordPath(path as unknown as StatePath<AnyMachineSnapshot, AnyEventObject>)
      return result
    },
    recordPath,
    recordSnapshot(snapshot) {
      addSnapshot(snapshot)
      flush()
    },
    inspect(event) {
      if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return
      const logic = (event.actorRef as { logic?: unknown }).logic
      if (!isMachine(logic) || logic.id !== machineId) return
      const snapshot = event.snapshot as AnyMachineSnapshot
      if (!snapshot || !Array.isArray(snapshot._nodes)) return
      addSnapshot(snapshot)
      if (event.type === '@xstate.microstep') addTransitions(event._transitions)
      flush()
    },
    visited() {
      return { states: [...acc.states].sort(), transitions: [...acc.transitions].sort() }
    },
  }
}

/**
 * A TestModel of the machine walked like `npm run paths` walks it. `samples.events` gives events that carry data
 * (see tools/machineGraph/traversal.ts); further TestModel options (e.g. `stopWhen`, `limit`) pass through.
 */
export function createMachineModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  samples: TraversalSamples & Partial<TestModelOptions<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>> = {},
): TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>> {
  const { events, input, contextKey, ...rest } = samples
  const options = {
    ...traversalOptions({ events, input, contextKey }),
    stateMatcher: (snapshot: AnyMachineSnapshot, key: string) =>
      key.startsWith('#') ? snapshot._nodes.some((node) => `#${node.id}` === key) : snapshot.matches(key),
    ...rest,
  } as unknown as Partial<TestModelOptions<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>>
  return new TestModel(machine as unknown as ActorLogic<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>, options)
}

/**
 * The model's paths that take every transition once (see getTransitionPaths): walk these, not only
 * `getShortestPaths()`/`getSimplePaths()`, or transitions back to an already reached state stay uncovered.
 */
export function getTransitionTestPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends AnyEventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, TInput>,
): Array<TestPath<TSnapshot, TEvent>> {
  return model.getPaths(
    (logic, options) =>
      getTransitionPaths(
        logic as unknown as AnyStateMachine,
        options as unknown as TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown>,
      ) as unknown as Array<StatePath<TSnapshot, TEvent>>,
  )
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic
}

type ActorScope = Parameters<AnyStateMachine['transition']>[2]

interface Replayed {
  transitions: AnyTransitionDefinition[]
  /** Snapshots after each microstep, so transient states left at once by `always` count as reached. */
  snapshots: AnyMachineSnapshot[]
}

/**
 * Runs one pure transition of the machine with an inert actor scope (no action runs, no actor starts) and returns
 * the transition definitions xstate selected, as reported by its `@xstate.microstep` inspection events.
 */
function replay(run: (scope: ActorScope) => void): Replayed {
  const self = createEmptyActor()
  const replayed: Replayed = { transitions: [], snapshots: [] }
  const subscription = self.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return
    replayed.transitions.push(...event._transitions)
    replayed.snapshots.push(event.snapshot as AnyMachineSnapshot)
  })
  const scope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
    system: self.system,
  } as unknown as ActorScope
  try {
    run(scope)
  } finally {
    subscription.unsubscribe()
  }
  return replayed
}

function replayStep(previous: AnyMachineSnapshot, event: AnyEventObject): Replayed {
  return replay((scope) => {
    previous.machine.transition(previous, event, scope)
  })
}

function replayInitial(machine: AnyStateMachine, input: unknown): Replayed {
  return replay((scope) => {
    machine.getInitialSnapshot(scope, input)
  })
}

function currentTestFile(): string {
  try {
    const testPath = expect.getState().testPath
    if (testPath) return relative(process.cwd(), testPath)
  } catch {
    // outside vitest
  }
  return 'manual'
}
