import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  type FormatName,
  type FormatOptions,
  type FormatValue,
  formatObjects,
  formatsSource,
  type ReadFormats,
} from './read-formats.ts';
import { compileRecord, fastRowsDatabase } from './sqlite-rows.ts';

/*
 * Reader threads for the embedded database. better-sqlite3 is synchronous: on the one event loop, eight
 * concurrent 10-year chart reads run one after the other while the second core idles. Each reader thread
 * holds its own read-only connection to the same file (WAL lets readers run beside the writer, each on the
 * last committed state), so reads overlap with each other and with the HTTP work of the main thread.
 *
 * Rows travel back by column, not as row objects: a column of numbers as a Float64Array (moved, not
 * copied), a column of strings as one joined string, a column of BLOBs as one moved buffer. Structured
 * cloning 2,600 small row arrays cost about as much as the read; this costs a few percent of it.
 *
 * The thread's code is the function `readerThread` below, started from its source text, so the same code
 * runs under the TypeScript loader in tests and from the bundle in production.
 *
 * Handing a read to a thread has a price of its own, several times what a small read costs where it runs,
 * and since the series tables (ADR 0008) most reads are small (ADR 0014). So the pool times every statement (by SQL text, a moving average), and one
 * that runs in less than `inlineBelowMs` is run on the main thread instead, on a read-only connection of
 * its own: the same committed state a thread would see, without waiting for the main connection's lock.
 * A statement that grows slower (more rows over time) goes back to the threads when its average does.
 */

/** What a thread sends back for one column. */
type Column =
  | { kind: 'number'; values: Float64Array }
  /** Joined with U+0000; null written as U+0001 when `nulls` is set. */
  | { kind: 'text'; joined: string; nulls: boolean }
  /** Every BLOB in one buffer, each starting at a multiple of 8 (a Float64Array can view it); -1: null. */
  | { kind: 'blob'; bytes: Uint8Array; starts: Int32Array; lengths: Int32Array }
  | { kind: 'mixed'; values: unknown[] };

type Reply =
  /** `ms`: how long the statement ran, for the pool's choice of where to run it next. */
  | { id: number; names: string[]; count: number; columns: Column[]; ms: number }
  /** The rows in a format (a read with `format`), and how many were read. */
  | { id: number; value: unknown; count: number; ms: number }
  | { id: number; notRead: true }
  | { id: number; error: { message: string; code?: string; name: string } };

interface Request {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  /** Answer with the rows in this format (read-formats.ts) instead of the rows. */
  format?: { name: FormatName; options: unknown };
}

function readerThread(): void {
  // No `require` or `import` here: bundlers rewrite them into helpers that do not exist in the thread.
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  if (!parentPort) return;
  const { createRequire } = process.getBuiltinModule('node:module');
  const SQLite = createRequire(workerData.driverPath)(workerData.driverPath) as typeof import('better-sqlite3');
  const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(`mmap_size = ${Number(workerData.mmapBytes)}`);
  /** Prepared statements by SQL text, with their column names (asking better-sqlite3 each time costs 1 µs a column). */
  const statements = new Map<string, { statement: import('better-sqlite3').Statement; names: string[] }>();
  const KEPT = 500;
  const formats = (globalThis as unknown as Record<string, ReadFormats>)[workerData.formats] as ReadFormats;
  const SEPARATOR = '\u0000';
  const NULL = '\u0001';

  function prepared(sql: string) {
    let entry = statements.get(sql);
    if (entry) {
      statements.delete(sql);
    } else {
      const statement = db.prepare(sql);
      if (statement.reader) statement.raw(true);
      entry = { statement, names: statement.reader ? statement.columns().map((column) => column.name) : [] };
      if (statements.size >= KEPT) statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, entry);
    return entry;
  }

  function encode(rows: unknown[][], width: number, transfer: ArrayBuffer[]) {
    const columns = [];
    for (let c = 0; c < width; c++) {
      let kind = '';
      let nulls = false;
      let plain = true;
      for (let i = 0; i < rows.length; i++) {
        const value = (rows[i] as unknown[])[c];
        if (value === null) {
          nulls = true;
          continue;
        }
        const type = value instanceof Uint8Array ? 'blob' : typeof value;
        if (type === 'string' && ((value as string).includes(SEPARATOR) || (value as string) === NULL)) plain = false;
        if (kind === '') kind = type;
        else if (kind !== type) kind = 'mixed';
      }
      if (kind === 'number' && !nulls) {
        const values = new Float64Array(rows.length);
        for (let i = 0; i < rows.length; i++) values[i] = (rows[i] as number[])[c] as number;
        transfer.push(values.buffer);
        columns.push({ kind: 'number', values });
      } else if (kind === 'blob') {
        const starts = new Int32Array(rows.length);
        const lengths = new Int32Array(rows.length);
        let size = 0;
        for (let i = 0; i < rows.length; i++) {
          const value = (rows[i] as unknown[])[c] as Uint8Array | null;
          starts[i] = size;
          lengths[i] = value === null ? -1 : value.byteLength;
          if (value !== null) size += (value.byteLength + 7) & ~7;
        }
        const bytes = new Uint8Array(size);
        for (let i = 0; i < rows.length; i++) {
          const value = (rows[i] as unknown[])[c] as Uint8Array | null;
          if (value !== null) bytes.set(value, starts[i]);
        }
        transfer.push(bytes.buffer, starts.buffer, lengths.buffer);
        columns.push({ kind: 'blob', bytes, starts, lengths });
      } else if (kind === 'string' && plain) {
        const parts = new Array<string>(rows.length);
        for (let i = 0; i < rows.length; i++) parts[i] = ((rows[i] as unknown[])[c] as string | null) ?? NULL;
        columns.push({ kind: 'text', joined: parts.join(SEPARATOR), nulls });
      } else {
        columns.push({ kind: 'mixed', values: rows.map((row) => row[c]) });
      }
    }
    return columns;
  }

  parentPort.on('message', (request: Request) => {
    try {
      const entry = prepared(request.sql);
      const { statement } = entry;
      if (!statement.reader) {
        parentPort.postMessage({ id: request.id, notRead: true });
        return;
      }
      const started = performance.now();
      const rows = statement.all(request.parameters) as unknown[][];
      const ms = performance.now() - started;
      // SQLite re-prepares a statement after a schema change: a `select *` may have gained a column.
      if (rows.length > 0 && (rows[0] as unknown[]).length !== entry.names.length) {
        entry.names = statement.columns().map((column) => column.name);
      }
      const { names } = entry;
      if (request.format) {
        const format = formats[request.format.name] as (r: unknown[][], n: string[], o: unknown) => unknown;
        const value = format(rows, names, request.format.options);
        parentPort.postMessage({ id: request.id, value, count: rows.length, ms });
        return;
      }
      const transfer: ArrayBuffer[] = [];
      const columns = encode(rows, names.length, transfer);
      parentPort.postMessage({ id: request.id, names, count: rows.length, columns, ms }, transfer);
    } catch (error) {
      const e = error as { message?: string; code?: string; name?: string };
      parentPort.postMessage({
        id: request.id,
        error: { message: String(e.message ?? error), code: e.code, name: e.name ?? 'Error' },
      });
    }
  });
}

type RowMaker = (columns: ArrayLike<unknown>[], i: number) => Record<string, unknown>;

/** `(c, i) => ({ "a": c[0][i], "b": c[1][i] })`: row i of the columns made an object. */
const rowMaker = (names: readonly string[]): RowMaker =>
  compileRecord<RowMaker>(names, ['c', 'i'], (k) => `c[${k}][i]`);

function decode(column: Column): ArrayLike<unknown> {
  if (column.kind === 'number') return column.values;
  if (column.kind === 'text') {
    const values: (string | null)[] = column.joined.split('\u0000');
    if (column.nulls) for (let i = 0; i < values.length; i++) if (values[i] === '\u0001') values[i] = null;
    return values;
  }
  if (column.kind === 'blob') {
    const { bytes, starts, lengths } = column;
    const values = new Array<Buffer | null>(lengths.length);
    // Buffers as the main connection gives them, viewing the one moved buffer (no copy).
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i] as number;
      values[i] = length < 0 ? null : Buffer.from(bytes.buffer, bytes.byteOffset + (starts[i] as number), length);
    }
    return values;
  }
  // A BLOB arrives as a Uint8Array; the main connection would have given a Buffer.
  return column.values.map((v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v));
}

/** The main connection must run it (the statement writes): not an error. */
export class NotARead extends Error {}

/** A read answered in a format: its value, and how many rows the statement gave. */
export interface Formatted<T> {
  value: T;
  count: number;
}

export interface ReadPool {
  read(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * The rows in a format of read-formats.ts, made where they are read: a thread hands back its text
   * instead of columns to decode, objects to build and JSON to write on the main thread.
   */
  readFormatted<F extends FormatName>(
    sql: string,
    parameters: readonly unknown[],
    format: F,
    options: FormatOptions<F>,
  ): Promise<Formatted<FormatValue<F>>>;
  /** Where the statement's next read runs: on the main thread (it has been fast so far) or a thread. */
  where(sql: string): 'main' | 'thread';
  close(): Promise<void>;
  readonly size: number;
}

export interface ReadPoolOptions {
  file: string;
  threads: number;
  mmapBytes: number;
  /** A statement whose runs average less than this runs on the main thread (default INLINE_BELOW_MS). */
  inlineBelowMs?: number;
}

/** The global the threads find the read formats under. */
const FORMATS = '__ledgerlightReadFormats';

/** Below the cost of a handoff (see above), with a margin: a read this short is cheaper where it is asked. */
export const INLINE_BELOW_MS = 0.1;
/** Statements whose time is remembered, most recently used kept. */
const TIMED = 1000;
/** Weight of the newest run in a statement's moving average. */
const NEWEST = 0.2;

interface Thread {
  worker: Worker;
  pending: Map<
    number,
    {
      sql: string;
      resolve: (answer: Record<string, unknown>[] | Formatted<unknown>) => void;
      reject: (error: Error) => void;
    }
  >;
}

export function createReadPool(options: ReadPoolOptions): ReadPool {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  // Compilers that keep function names (tsx does) wrap inner functions in a __name helper of their own.
  // The formats go in as a global: a bundler may rename an import the thread's code refers to.
  const source = `const __name = (target) => target;\n${formatsSource(FORMATS)}\n(${readerThread.toString()})();`;
  const threads: (Thread | undefined)[] = new Array(options.threads).fill(undefined);
  const inlineBelowMs = options.inlineBelowMs ?? INLINE_BELOW_MS;
  /** Moving average of each statement's run time in ms, by SQL text. */
  const times = new Map<string, number>();
  let inline: { sqlite: SQLite.Database; rows: ReturnType<typeof fastRowsDatabase> } | undefined;
  let nextId = 1;
  let closed = false;

  function timed(sql: string, ms: number) {
    const average = times.get(sql);
    times.delete(sql);
    times.set(sql, average === undefined ? ms : average + NEWEST * (ms - average));
    if (times.size > TIMED) times.delete(times.keys().next().value as string);
  }

  /** Timed, and fast so far: cheaper to run in place than to hand to a thread. */
  function runsInline(sql: string): boolean {
    const time = times.get(sql);
    return time !== undefined && time < inlineBelowMs;
  }

  /** The main thread's read-only connection, opened on first use. */
  function inlineConnection() {
    if (!inline) {
      const sqlite = new SQLite(options.file, { readonly: true, fileMustExist: true });
      // Never wait on the event loop: a busy file (rare in WAL) sends the read to a thread instead.
      sqlite.pragma('busy_timeout = 0');
      sqlite.pragma(`mmap_size = ${options.mmapBytes}`);
      inline = { sqlite, rows: fastRowsDatabase(sqlite) };
    }
    return inline.rows;
  }

  /** The rows, or undefined when the statement must run elsewhere (busy file). */
  function readInline(sql: string, parameters: readonly unknown[]): Record<string, unknown>[] | undefined {
    const statement = inlineConnection().prepare(sql);
    if (!statement.reader) throw new NotARead('not a read');
    const started = performance.now();
    try {
      const rows = statement.all(parameters) as Record<string, unknown>[];
      timed(sql, performance.now() - started);
      return rows;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
      throw error;
    }
  }

  function start(slot: number): Thread {
    const worker = new Worker(source, {
      eval: true,
      workerData: { file: options.file, driverPath, mmapBytes: options.mmapBytes, formats: FORMATS },
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (reply: Reply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if ('error' in reply) {
        const error = Object.assign(new Error(reply.error.message), { code: reply.error.code });
        error.name = reply.error.name;
        waiting.reject(error);
      } else if ('notRead' in reply) {
        waiting.reject(new NotARead(`not a read`));
      } else if ('value' in reply) {
        timed(waiting.sql, reply.ms);
        waiting.resolve({ value: reply.value, count: reply.count });
      } else {
        timed(waiting.sql, reply.ms);
        const columns = reply.count === 0 ? [] : reply.columns.map(decode);
        const make = rowMaker(reply.names);
        const rows = new Array<Record<string, unknown>>(reply.count);
        for (let i = 0; i < reply.count; i++) rows[i] = make(columns, i);
        waiting.resolve(rows);
      }
    });
    // A thread that dies takes its queries with it; the next read starts a new one in its slot.
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`database reader thread exited (${code})`)));
    // An idle reader must not keep the process alive; one with a query in flight must (see read).
    worker.unref();
    threads[slot] = thread;
    return thread;
  }

  /** The thread with the fewest queries in flight (a new one while a slot is empty). */
  function pick(): Thread {
    let best: Thread | undefined;
    for (let slot = 0; slot < threads.length; slot++) {
      const thread = threads[slot] ?? start(slot);
      if (thread.pending.size === 0) return thread;
      if (!best || thread.pending.size < best.pending.size) best = thread;
    }
    return best as Thread;
  }

  /**
   * A statement that has been fast runs here, its rows given to `here`; any other goes to a thread,
   * which answers with rows, or with the rows in `format` when one is given (the same value as `here`).
   */
  function readHereOrSend<T>(
    sql: string,
    parameters: readonly unknown[],
    here: (rows: Record<string, unknown>[]) => T,
    format: Request['format'],
  ): Promise<T> {
    if (closed) return Promise.reject(new Error('database is closed'));
    if (runsInline(sql)) {
      try {
        const rows = readInline(sql, parameters);
        if (rows) return Promise.resolve(here(rows));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return send<T>(sql, parameters, format);
  }

  /** Sends a read to the least busy thread. */
  function send<T>(sql: string, parameters: readonly unknown[], format?: Request['format']): Promise<T> {
    const thread = pick();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { sql, resolve: resolve as (answer: unknown) => void, reject });
      thread.worker.postMessage({ id, sql, parameters, ...(format ? { format } : {}) } satisfies Request);
    });
  }

  return {
    size: options.threads,
    read(sql, parameters) {
      return readHereOrSend(sql, parameters, (rows) => rows, undefined);
    },
    readFormatted(sql, parameters, format, options) {
      return readHereOrSend(
        sql,
        parameters,
        (rows) => ({ value: formatObjects(rows, format, options), count: rows.length }),
        { name: format, options },
      );
    },
    where: (sql) => (runsInline(sql) ? 'main' : 'thread'),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
      threads.fill(undefined);
      inline?.rows.close();
      inline = undefined;
      times.clear();
    },
  };
}
