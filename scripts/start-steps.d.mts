// Types of start-steps.mjs for tooling/start.test.ts.
export interface BuildStep {
  name: string;
  command: string;
  args: string[];
}
interface Output {
  write(text: string): unknown;
}
export declare function buildSteps(
  root: string,
  env?: NodeJS.ProcessEnv,
): (BuildStep & { artifact: string })[];
export declare function buildQuietly(
  steps: BuildStep[],
  options?: { cwd?: string; out?: Output },
): Promise<boolean>;
export declare function serve(options: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  operator?: unknown;
  out?: Output;
  onReady?: (message: unknown) => void;
}): Promise<number>;
