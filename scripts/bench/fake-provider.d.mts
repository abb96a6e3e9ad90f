// Types of fake-provider.mjs for tooling/bench-pipeline.test.ts.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export declare const FAKE_PROVIDER_KEY: string;
export declare const FAKE_SERVICE: { service: number; min: number; max: number; rate: string };
export declare const MULTI_STATUS_MAX: number;
export declare function epochMs(): number;

export interface FakeProviderStats {
  adds: number;
  duplicateAdds: number;
  statusCalls: number;
  multiStatusCalls: number;
  idsAsked: number;
  refusedMulti: number;
  inFlight: { add: number; status: number };
  peakInFlight: { add: number; status: number };
}
export interface FakeProvider {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  stats: FakeProviderStats;
  arrivals: Map<string, number>;
}
export declare function createFakeProvider(options?: { latencyMs?: number }): FakeProvider;
export declare function listenFakeProvider(options?: {
  port?: number;
  latencyMs?: number;
}): Promise<{ server: Server; port: number; fake: FakeProvider }>;
