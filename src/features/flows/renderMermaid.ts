/**
 * Draws Mermaid text as SVG markup in the browser. Mermaid is large (its diagram types load as further chunks),
 * so it is imported only when a diagram is first drawn, never with the app's main bundle.
 *
 * CSP (server/app.ts: script-src 'self', style-src 'self' 'unsafe-inline'): `securityLevel: 'strict'` keeps labels
 * as sanitised text (no HTML, no click handlers) and draws in the page instead of a sandboxed iframe; Mermaid's
 * <style> element and style attributes are inline styles, which the policy allows. Nothing here evaluates code.
 */
import { fromRequest } from '../../lib/requestActor'

type Mermaid = (typeof import('mermaid'))['default']

let loading: Promise<Mermaid> | undefined

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'base',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      themeVariables: {
        primaryColor: '#eef1f8',
        primaryBorderColor: '#3d4c7a',
        primaryTextColor: '#17203d',
        lineColor: '#3d4c7a',
        textColor: '#17203d',
        fontSize: '14px',
      },
    })
    return mermaid
  })
  // A failed chunk download must not stick: the next attempt imports again.
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

let drawn = 0

/** The SVG markup of the diagram. Rejects with Mermaid's parse or render error. */
async function renderMermaid(text: string): Promise<string> {
  const mermaid = await loadMermaid()
  drawn += 1
  const { svg } = await mermaid.render(`diagrama-flujo-${drawn}`, text)
  return svg
}

export type DrawnDiagram = { svg: string } | { failed: true }

/**
 * Promise actor that draws one diagram (input: the Mermaid text), for `useActorRef`. It resolves on failure too:
 * @xstate/react's useSelector throws the error of a failed actor into React, and a diagram that cannot be drawn is
 * a notice on the page, not a broken page.
 */
export const renderDiagramActor = fromRequest<DrawnDiagram, { text: string }>(({ input }) =>
  renderMermaid(input.text).then(
    (svg) => ({ svg }),
    (error: unknown) => {
      console.warn('Mermaid no pudo dibujar el diagrama', error)
      return { failed: true as const }
    },
  ),
)
