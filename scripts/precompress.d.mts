/** Writes name.br and name.gz beside every text file under `dir` (scripts/precompress.mjs). */
export function precompress(dir: string): Promise<void>;
