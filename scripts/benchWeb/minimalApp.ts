/**
 * The yardstick of bench:web: the smallest React + react-dom app, built by the same Vite (and the same React plugin)
 * in the same run, so "2× the minimal app" compares like with like whatever the versions are. The temporary project
 * lives under .tmp/ inside the repository, so `react` and `react-dom` resolve to our node_modules.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const INDEX_HTML = `<!doctype html>
<html lang="es-MX">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Mínima</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`

const MAIN_TSX = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hola</h1>
  </StrictMode>,
)
`

/**
 * The floor of the chosen stack for a sign-in screen: what any sign-in built the way this project must be built
 * (the data router, an XState machine bound with @xstate/react, Ark UI's Field and Select for the role picker)
 * downloads before a line of the portal's own code. If this floor alone is above the ratio, the ratio cannot
 * be met without leaving the stack; bench:web prints it next to the minimal app so the gap is measured, not argued.
 */
const STACK_FLOOR_TSX = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { createMachine } from 'xstate'
import { useMachine } from '@xstate/react'
import { Field } from '@ark-ui/react/field'
import { Select, createListCollection } from '@ark-ui/react/select'

const machine = createMachine({ id: 'entrar', initial: 'idle', states: { idle: { on: { SEND: 'sending' } }, sending: {} } })
const roles = createListCollection({ items: ['Ejecutivo', 'Administrativo', 'Proveedores'] })

function SignIn() {
  const [state, send] = useMachine(machine)
  return (
    <main>
      <h1>Hola</h1>
      <Field.Root><Field.Label>Correo</Field.Label><Field.Input /></Field.Root>
      <Select.Root collection={roles}>
        <Select.Label>Perfil</Select.Label>
        <Select.Control><Select.Trigger><Select.ValueText placeholder="Elija" /></Select.Trigger></Select.Control>
        <Select.Positioner>
          <Select.Content>
            {roles.items.map((role) => <Select.Item key={role} item={role}><Select.ItemText>{role}</Select.ItemText></Select.Item>)}
          </Select.Content>
        </Select.Positioner>
      </Select.Root>
      <button type="button" onClick={() => send({ type: 'SEND' })}>{String(state.value)}</button>
    </main>
  )
}

const router = createBrowserRouter([{ path: '/', element: <SignIn /> }])
createRoot(document.getElementById('root')!).render(<StrictMode><RouterProvider router={router} /></StrictMode>)
`

async function buildApp(workDir: string, name: string, mainTsx: string): Promise<string> {
  const root = join(workDir, name)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, 'index.html'), INDEX_HTML)
  writeFileSync(join(root, 'main.tsx'), mainTsx)
  const outDir = join(root, 'dist')
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/** Writes and builds the minimal app; returns its dist folder. */
export const buildMinimalApp = (workDir: string) => buildApp(workDir, 'minimal-react', MAIN_TSX)

/** Writes and builds the stack-floor sign-in; returns its dist folder. */
export const buildStackFloorApp = (workDir: string) => buildApp(workDir, 'stack-floor', STACK_FLOOR_TSX)
