/** scripts/prerender/html.ts: the chunks an entry loads before it runs, and a pre-rendered page from the template. */
import { describe, expect, it } from 'vitest'
import { chunksOfEntry, withPage } from '../../scripts/prerender/html'

const TEMPLATE = [
  '<html>',
  '  <head>',
  '    <title>Portal de trámites</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/client-2.js">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n')

describe('chunksOfEntry', () => {
  const manifest = {
    'src/areas/signIn.ts': { file: 'assets/signIn-9.js', imports: ['_Button.js', '_client.js'], dynamicImports: ['src/late.ts'] },
    '_Button.js': { file: 'assets/Button-3.js', imports: ['_client.js'] },
    '_client.js': { file: 'assets/client-2.js' },
    'src/late.ts': { file: 'assets/late-4.js' },
  }

  it('lists the static imports, dependencies first, each once, without the dynamic ones', () => {
    expect(chunksOfEntry(manifest, 'src/areas/signIn.ts')).toEqual(['assets/client-2.js', 'assets/Button-3.js', 'assets/signIn-9.js'])
  })

  it('refuses an entry the manifest does not have', () => {
    expect(() => chunksOfEntry(manifest, 'src/nada.ts')).toThrow('src/nada.ts')
  })
})

describe('withPage', () => {
  it('puts the markup in #root with the path it was drawn for, and announces the chunks index.html does not name', () => {
    const html = withPage(TEMPLATE, {
      markup: '<form>Iniciar sesión</form>',
      prerenderedFor: '/login-colaborador',
      modulePreloads: ['assets/client-2.js', 'assets/signIn-9.js'],
    })
    expect(html).toContain('<div id="root" data-prerendered="/login-colaborador"><form>Iniciar sesión</form></div>')
    expect(html.match(/client-2\.js/g)).toHaveLength(1)
    expect(html).toContain('    <link rel="modulepreload" crossorigin href="/assets/signIn-9.js">\n  </head>')
  })

  it("a role's first screen names its path and screen, and its chunks come at low priority (the page is drawn already)", () => {
    const html = withPage(TEMPLATE, {
      markup: '<main id="contenido"><h1>Pendientes</h1></main>',
      landing: { path: '/pendientes', screen: 'queue' },
      modulePreloads: ['assets/client-2.js', 'assets/QueuePage-5.js'],
      preloadPriority: 'low',
    })
    expect(html).toContain('<div id="root" data-landing="/pendientes" data-landing-screen="queue"><main id="contenido">')
    expect(html).not.toContain('data-prerendered')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/QueuePage-5.js" fetchpriority="low">')
    // The entry's own chunks, which index.html announces, keep their priority.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/client-2.js">')
  })

  it('the loading frame has no data-prerendered: the app renders it afresh', () => {
    const html = withPage(TEMPLATE, { markup: '<span role="status"></span>', modulePreloads: [] })
    expect(html).toContain('<div id="root"><span role="status"></span></div>')
    expect(html).not.toContain('data-prerendered')
  })

  it("the page's title replaces the template's, escaped; without one the template's stays", () => {
    expect(withPage(TEMPLATE, { markup: '', title: 'Iniciar sesión · Portal de trámites', modulePreloads: [] })).toContain(
      '<title>Iniciar sesión · Portal de trámites</title>',
    )
    expect(withPage(TEMPLATE, { markup: '', title: 'A & <b>', modulePreloads: [] })).toContain('<title>A &amp; &lt;b></title>')
    expect(withPage(TEMPLATE, { markup: '', modulePreloads: [] })).toContain('<title>Portal de trámites</title>')
  })

  it('markup with $ patterns is inserted as written', () => {
    expect(withPage(TEMPLATE, { markup: "<p>$&$'</p>", modulePreloads: [] })).toContain("<div id=\"root\"><p>$&$'</p></div>")
  })
})
