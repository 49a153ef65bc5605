// autocannon 8 ships no types and @types/autocannon is not installed: the part of its API the benchmarks use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  };
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; requests?: Request[] };
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number };
  type Instance = EventEmitter &
    PromiseLike<Result> & {
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    };

  export default function autocannon(options: Options): Instance;
}
