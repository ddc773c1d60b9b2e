/**
 * The screens a view test opened (renderScreen, renderPortal, renderAdmin, openAs register them here), so one
 * `closeViews()` in `afterEach` disposes them all, newest first, instead of each file keeping its own `dispose`.
 */
const open: Array<() => void> = []

/** Registers a screen's dispose; the returned function disposes it once (a second call does nothing). */
export function closedAfterTest(dispose: () => void): () => void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    dispose()
  }
  open.push(once)
  return once
}

/** Disposes every screen opened since the last call, newest first. */
export function closeViews() {
  while (open.length > 0) open.pop()!()
}
