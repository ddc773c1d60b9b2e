/**
 * The direction of dependencies ("One contract, one domain"), as rules on single imports:
 *
 *   domain/    imports nothing of the project but domain/; among packages only typebox; no Node.
 *   machines/  imports xstate, machines/ and domain/ only: no React, ofetch, date-fns, DOM, src/, server/.
 *   tools/     imports tools/, machines/, domain/, xstate and Node built-ins: never server/, src/, tests/.
 *              Its browser-safe part (tools/machineGraph/, tools/catalog/machineCatalog.ts) takes no Node either.
 *   server/    imports server/, domain/, machines/ and packages: never src/, tools/, tests/, scripts/. Inside it:
 *              server/routes/ never imports the database (drizzle-orm, server/db/): a handler validates, calls one
 *              function of server/domain/ (or auth/, notifications/) and maps its answer, so every query and every
 *              rule a write obeys has one home; server/db/ (connection, schema, migrations) imports nothing of
 *              server/domain/, server/auth/ or server/notifications/: it is the floor they stand on (the demo seed,
 *              which uses them all, is server/seed/).
 *   src/       imports src/, domain/, machines/, styled-system/ and packages, no Node: never server/, tests/,
 *              scripts/; only src/features/flows/ may reach tools/, and only its browser-safe part (the
 *              /administrador/flujos screen and the claim's lifecycle diagram draw machines with it).
 *
 * Free, on purpose: tests/ (they test every folder and share helpers across them), scripts/ (operator commands run
 * with tsx — seeding, benchmarks, screenshots, the dev server — which reuse the server, and test helpers such as
 * the e2e harness; no folder above may import them), and the build configuration files at the root.
 */
import type { ImportTarget } from './importScan'

/** Modules of tools/ that the app may load in the browser: xstate and plain data only. */
export const BROWSER_SAFE_TOOLS: readonly RegExp[] = [/^tools\/machineGraph\//, /^tools\/catalog\/machineCatalog\.ts$/]

const FORBIDDEN_IN_MACHINES: Readonly<Record<string, string>> = {
  react: 'machines never import React: views read snapshots and send events',
  'react-dom': 'machines never touch the DOM',
  '@xstate/react': 'machines never import React: views read snapshots and send events',
  ofetch: 'machines never fetch: the app injects actors with .provide()',
  'date-fns': 'date arithmetic lives in domain/calendarDates.ts',
  jsdom: 'machines never touch the DOM',
  '@testing-library/dom': 'machines never touch the DOM',
}

const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`))
const isBrowserSafeTool = (path: string) => BROWSER_SAFE_TOOLS.some((pattern) => pattern.test(path))

/** Why `file` may not import `target`, or null when it may. */
export function forbiddenImport(file: string, target: ImportTarget): string | null {
  if (under(file, 'domain')) return domainRule(target)
  if (under(file, 'machines')) return machinesRule(target)
  if (under(file, 'tools')) return toolsRule(file, target)
  if (under(file, 'server')) return serverRule(file, target)
  if (under(file, 'src')) return appRule(file, target)
  return null
}

function domainRule(target: ImportTarget): string | null {
  if (target.kind === 'project') return under(target.path, 'domain') ? null : 'domain/ imports nothing of the project but domain/'
  if (target.kind === 'node') return 'domain/ runs in the browser and the server alike: no Node built-ins'
  return target.name === 'typebox' ? null : 'domain/ may import only typebox among packages'
}

function machinesRule(target: ImportTarget): string | null {
  if (target.kind === 'project') {
    if (under(target.path, 'machines', 'domain')) return null
    if (under(target.path, 'src')) return 'machines never import app code (src/): move shared rules and types to domain/'
    if (under(target.path, 'server')) return 'machines never import server code: move shared rules to domain/'
    return 'machines import only xstate, machines/ and domain/'
  }
  if (target.kind === 'node') return 'machines run in the browser: no Node built-ins'
  if (target.name === 'xstate') return null
  return FORBIDDEN_IN_MACHINES[target.name] ?? 'machines may import only xstate among packages'
}

function toolsRule(file: string, target: ImportTarget): string | null {
  if (isBrowserSafeTool(file)) {
    if (target.kind === 'node') return 'the app loads this module in the browser: no Node built-ins'
    if (target.kind === 'project' && /^tools\/machineGraph\//.test(file) && !under(target.path, 'tools/machineGraph')) {
      return 'tools/machineGraph/ is the pure graph model: it imports only xstate and itself'
    }
    if (target.kind === 'project' && /^tools\/catalog\//.test(file) && !under(target.path, 'machines')) {
      return 'the machine catalogue is loaded by the app: it imports machines and nothing else (samples live in traversalSamples.ts)'
    }
  }
  if (target.kind === 'project') {
    return under(target.path, 'tools', 'machines', 'domain') ? null : 'tools/ imports only tools/, machines/ and domain/ of the project'
  }
  if (target.kind === 'node') return null
  return target.name === 'xstate' ? null : 'tools/ may import only xstate among packages'
}

function serverRule(file: string, target: ImportTarget): string | null {
  if (under(file, 'server/routes')) {
    if (target.kind === 'package' && target.name === 'drizzle-orm') {
      return 'server/routes/ never queries: the query belongs in a function of server/domain/ that the handler calls'
    }
    if (target.kind === 'project' && under(target.path, 'server/db')) {
      return 'server/routes/ never reaches the database (schema, client): call a function of server/domain/'
    }
  }
  if (under(file, 'server/db') && target.kind === 'project' && under(target.path, 'server/domain', 'server/auth', 'server/notifications')) {
    return 'server/db/ is the floor below the domain, auth and notifications: it imports none of them (seeds live in server/seed/)'
  }
  if (target.kind !== 'project') return null
  return under(target.path, 'server', 'domain', 'machines') ? null : 'server/ imports only server/, domain/ and machines/ of the project'
}

function appRule(file: string, target: ImportTarget): string | null {
  if (target.kind === 'node') return 'src/ runs in the browser: no Node built-ins'
  if (target.kind === 'package') return null
  if (under(target.path, 'src', 'domain', 'machines', 'styled-system')) return null
  if (under(target.path, 'tools')) {
    if (!file.startsWith('src/features/flows/')) return 'only src/features/flows/ may import tools/ (it draws the machines)'
    return isBrowserSafeTool(target.path) ? null : 'src/features/flows/ may import only tools/machineGraph/ and tools/catalog/machineCatalog.ts (no Node)'
  }
  return 'src/ imports only src/, domain/, machines/ and styled-system/ of the project'
}
