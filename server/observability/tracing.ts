/**
 * OpenTelemetry traces (issue 25, item 2): a span per request (@fastify/otel: the request, its hooks and handler,
 * named by route) with the PostgreSQL queries it ran as child spans (@opentelemetry/instrumentation-pg), exported by
 * OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). Off, and nothing loaded or
 * patched, when neither is set. The standard OTEL_* variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS…) apply.
 *
 * server/main.ts starts it before the database opens, because the pg instrumentation patches the `pg` module when it
 * is first required; the app then registers the Fastify plugin (tracingPlugin). PGlite queries run in our own worker,
 * not through `pg`, so with PGlite a trace has the request's spans only.
 */
import { createRequire } from 'node:module'
import type { FastifyPluginCallback } from 'fastify'
import { trace } from '@opentelemetry/api'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import type { SpanExporter } from '@opentelemetry/sdk-trace-node'

export interface Tracing {
  /** Sends what is buffered, then stops tracing and removes the patches (the server's close, tests). */
  shutdown: () => Promise<void>
}

let fastifyPlugin: FastifyPluginCallback | undefined

/** Whether the environment asks for traces. */
export const tracingWanted = (env: NodeJS.ProcessEnv): boolean => Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)

/**
 * Starts tracing when the environment asks for it (or a test gives its own exporter, whose spans are then exported
 * one by one instead of in batches). Returns undefined when tracing stays off.
 */
export async function startTracing(env: NodeJS.ProcessEnv, opts: { exporter?: SpanExporter } = {}): Promise<Tracing | undefined> {
  if (!opts.exporter && !tracingWanted(env)) return undefined
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-node')
  const { resourceFromAttributes } = await import('@opentelemetry/resources')
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg')
  const { FastifyOtelInstrumentation } = await import('@fastify/otel')
  const exporter = opts.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter()
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'portal-tramites' }),
    spanProcessors: [opts.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  })
  provider.register()
  // Database spans only inside a request's trace (not the maintenance timers' or the mail worker's polling).
  const pg = new PgInstrumentation({ requireParentSpan: true })
  const fastify = new FastifyOtelInstrumentation()
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations: [pg, fastify] })
  // The patch applies through `require`: load pg through it now, so the module every later `import('pg')` gets (the
  // same CommonJS exports) is the patched one.
  createRequire(import.meta.url)('pg')
  fastifyPlugin = fastify.plugin() as FastifyPluginCallback
  return {
    shutdown: async () => {
      fastifyPlugin = undefined
      await provider.shutdown()
      unregister()
      trace.disable()
    },
  }
}

/** The Fastify plugin of the running tracing, if any (server/app.ts registers it first). */
export const tracingPlugin = (): FastifyPluginCallback | undefined => fastifyPlugin
