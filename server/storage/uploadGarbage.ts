/**
 * Why uploads ask for a minor garbage collection every UPLOAD_BYTES_PER_SCAVENGE bytes.
 *
 * Every chunk an upload's socket delivers (up to 64 KiB) is an ArrayBuffer outside the V8 heap. Staging writes it to
 * disk and drops it at once, but V8 frees such a buffer only when a collection finds its small JavaScript object
 * dead, and the upload path allocates too little JavaScript for the young generation to fill: no scavenge runs.
 * The buffers pile up until their total trips V8's external-memory limit, which forces a full mark-compact of the
 * whole heap. Measured on 20 parallel 10 MB uploads (issue 27, `node --trace-gc`): about 4 mark-compacts a burst,
 * each 90–220 ms with the portal's ~50 MB live heap (about 20 ms in the bare multipart anchor's 14 MB one), which
 * stop the event loop for a third of the burst, and up to 70 MB of dead buffers in RSS meanwhile.
 *
 * A scavenge only visits the young generation's survivors (about 1 ms here) and frees every dead chunk, so asking for
 * one after each UPLOAD_BYTES_PER_SCAVENGE bytes staged keeps the dead chunks under that amount and leaves no reason
 * for a mark-compact. `gc` is not exposed to a normal process; as scripts/bench.ts does, the flag is set at run time
 * and the function taken from a fresh context (the global scope keeps no `gc`).
 */
import v8 from 'node:v8'
import vm from 'node:vm'

/** Bytes of upload data between two scavenges: the most dead chunk memory that may wait for one. */
const UPLOAD_BYTES_PER_SCAVENGE = 16 * 1024 * 1024

type GcFunction = (options: { type: 'minor' }) => void

let scavenge: GcFunction | null = null
let bytesSinceScavenge = 0

function scavenger(): GcFunction {
  if (!scavenge) {
    v8.setFlagsFromString('--expose-gc')
    scavenge = vm.runInNewContext('gc') as GcFunction
  }
  return scavenge
}

/** Counts upload bytes that have been handed on (to disk) and scavenges once enough of them wait to be freed. */
export function uploadBytesPassed(bytes: number): void {
  bytesSinceScavenge += bytes
  if (bytesSinceScavenge < UPLOAD_BYTES_PER_SCAVENGE) return
  bytesSinceScavenge = 0
  scavenger()({ type: 'minor' })
}
