/**
 * Machine definitions as graphs: the neutral model, Mermaid text, the docs page, QA's test paths and the coverage
 * comparison. Pure (no Node APIs): used by scripts/ in Node and by the app's /flujos screen in the browser.
 */
export * from './model'
export * from './mermaid'
export * from './markdown'
export * from './names'
export * from './keys'
export * from './traversal'
export * from './paths'
export * from './pathFormats'
export * from './coverage'
