// The PGlite worker's first module (client.ts starts it). Node 20 gives worker threads none of the loader hooks that
// `tsx` installs, and vitest's are its own, so the worker starts as plain JavaScript and loads its TypeScript through
// tsx's API, the same under `tsx`, vitest and plain Node.
import { tsImport } from 'tsx/esm/api'

await tsImport('./worker.ts', import.meta.url)
