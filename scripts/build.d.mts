/** scripts/build.mjs: what `npm start` builds, and how. */
export function webBuildArgs(...extra: string[]): string[];
export function webBuildEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function buildOutdated(options?: {
  force?: boolean;
  log?: (line: string) => void;
  only?: ('web' | 'server')[];
}): Promise<void>;
