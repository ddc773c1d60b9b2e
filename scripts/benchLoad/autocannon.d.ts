/** The part of autocannon 9's API the load worker uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  interface Request extends RequestParams {
    /** Called before each request on a connection; returns the request to send. */
    setupRequest?: (request: RequestParams) => RequestParams
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: Request[]
  }

  interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
  }

  interface Result {
    latency: Histogram
    requests: Histogram
    duration: number
    totalCompletedRequests: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }

  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): unknown
  export default autocannon
}
