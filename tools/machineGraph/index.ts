/**
 * Machine definitions as graphs: the neutral model, Mermaid text, the docs page, QA's test paths and the coverage
 * comparison. Pure: xstate only, no Node APIs and no DOM (tools/machineGraph/tsconfig.json checks it), because the
 * same modules run in the tools (Node) and in the app's /administrador/flujos screen (browser).
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
