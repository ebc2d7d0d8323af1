// The parsing thread's module when the server runs from source (vitest, tsx): a worker thread does not
// inherit its parent's TypeScript loader on Node 20, so this registers tsx before loading parse-worker.ts.
import { register } from 'tsx/esm/api';

register();
const { default: parse } = await import('./parse-worker.ts');
export default parse;
