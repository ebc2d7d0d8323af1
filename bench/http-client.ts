import net from 'node:net';

/*
 * The load generator's HTTP/1.1 client: keep-alive connections over node:net that send a GET and read the
 * answer's status and body length, never keeping or decoding the body.
 *
 * The benchmarks run their generator on the machine they measure (2 cores). node:http's client spends
 * about 0.25 ms of CPU on each 100 kB answer (a ClientRequest, an IncomingMessage stream, an event per
 * chunk) and leaves garbage whose collections stalled the generator itself: the open-loop runs showed it
 * sending requests up to 20-30 ms late. What it spends is taken from the server being measured, and its
 * stalls are counted as the server's latency. This client reads each chunk once to find where the answer
 * ends (Content-Length or chunked) and allocates almost nothing per request.
 */

export interface Answer {
  status: number;
  /** Body bytes received (the chunked framing not counted). */
  bytes: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

type BodyState =
  | { kind: 'length'; left: number }
  | { kind: 'chunk-size' }
  | { kind: 'chunk-data'; left: number }
  | { kind: 'chunk-end' }
  | { kind: 'trailers' }
  /** No length given: the body runs until the server closes the connection. */
  | { kind: 'until-close' };

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/** One keep-alive connection; one request at a time (no pipelining). */
export class Connection {
  private readonly socket: net.Socket;
  private pending: Pending | undefined;
  /** Bytes of an answer's head (status line and headers) read so far. */
  private headBytes: Buffer = EMPTY;
  private body: BodyState | undefined;
  private status = 0;
  private bytes = 0;
  private closeAfter = false;
  closed = false;

  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      try {
        this.read(chunk);
      } catch (error) {
        this.close(error as Error);
        this.socket.destroy();
      }
    });
    this.socket.on('error', (error) => this.close(error));
    this.socket.on('close', () => this.close(new Error('connection closed')));
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  /**
   * GET `path`; resolves with the status and the body's length once the whole answer is read. `headers`:
   * more request header lines, each ending in CRLF (e.g. "Accept-Encoding: br, gzip\r\n").
   */
  get(path: string, headers = ''): Promise<Answer> {
    if (this.pending) return Promise.reject(new Error('Connection.get: a request is already in flight'));
    if (this.closed) return Promise.reject(new Error('Connection.get: the connection is closed'));
    return new Promise<Answer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.headBytes = EMPTY;
      this.body = undefined;
      this.bytes = 0;
      // Written before the connection is up, it waits in the socket until it is.
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${headers}\r\n`);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private close(error: Error): void {
    if (this.closed) return;
    this.closed = true;
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    if (this.body?.kind === 'until-close') pending.resolve({ status: this.status, bytes: this.bytes });
    else pending.reject(error);
  }

  private read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (!this.pending) {
        this.close(new Error('bytes after the answer'));
        this.socket.destroy();
        return;
      }
      if (this.body === undefined) {
        at = this.readHead(chunk, at);
        if (this.body === undefined) return; // the head continues in the next chunk
      } else {
        at = this.readBody(chunk, at);
      }
      // A head that says there is no body ends the answer as soon as it is read.
      if (this.body && this.done(this.body)) this.finish();
    }
  }

  /** Reads the head from `at`; sets `body` when the head is complete. Returns where reading stopped. */
  private readHead(chunk: Buffer, at: number): number {
    // The head may arrive in pieces: keep what came, and look for its end across the seam.
    const seen = this.headBytes.length;
    const joined = seen ? Buffer.concat([this.headBytes, chunk.subarray(at)]) : chunk.subarray(at);
    const end = joined.indexOf(CRLF2, Math.max(0, seen - 3));
    if (end < 0) {
      if (joined.length > 64 * 1024) throw new Error('an answer head over 64 kB');
      this.headBytes = Buffer.from(joined);
      return chunk.length;
    }
    this.headBytes = EMPTY;
    this.startBody(joined.toString('latin1', 0, end));
    return at + (end + 4 - seen);
  }

  private startBody(head: string): void {
    const lines = head.split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!match) throw new Error(`not an HTTP/1.1 answer: ${lines[0]}`);
    this.status = Number(match[1]);
    let length: number | undefined;
    let chunked = false;
    this.closeAfter = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.split(',').some((v) => v.trim() === 'chunked');
      else if (name === 'connection') this.closeAfter = value === 'close';
    }
    const noBody = this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200);
    if (noBody) this.body = { kind: 'length', left: 0 };
    else if (chunked) this.body = { kind: 'chunk-size' };
    else if (length !== undefined) this.body = { kind: 'length', left: length };
    else this.body = { kind: 'until-close' };
  }

  private chunkLine = '';

  /** Reads body bytes from `at`. Returns where reading stopped. */
  private readBody(chunk: Buffer, at: number): number {
    const body = this.body as BodyState;
    switch (body.kind) {
      case 'length':
      case 'chunk-data': {
        const take = Math.min(body.left, chunk.length - at);
        body.left -= take;
        this.bytes += take;
        if (body.kind === 'chunk-data' && body.left === 0) this.body = { kind: 'chunk-end' };
        return at + take;
      }
      case 'until-close':
        this.bytes += chunk.length - at;
        return chunk.length;
      case 'chunk-size':
      case 'chunk-end':
      case 'trailers': {
        const lf = chunk.indexOf(10, at);
        const stop = lf < 0 ? chunk.length : lf + 1;
        this.chunkLine += chunk.toString('latin1', at, stop);
        if (lf < 0) return stop;
        const line = this.chunkLine.replace(/\r?\n$/, '');
        this.chunkLine = '';
        if (body.kind === 'chunk-end') {
          if (line !== '') throw new Error('a chunk not followed by CRLF');
          this.body = { kind: 'chunk-size' };
        } else if (body.kind === 'chunk-size') {
          const size = Number.parseInt(line.split(';')[0] ?? '', 16);
          if (!Number.isFinite(size) || size < 0) throw new Error(`a bad chunk size: ${line}`);
          this.body = size === 0 ? { kind: 'trailers' } : { kind: 'chunk-data', left: size };
        } else if (line === '') {
          this.body = { kind: 'length', left: 0 }; // the empty line after the trailers ends the answer
        }
        return stop;
      }
    }
  }

  private done(body: BodyState): boolean {
    return body.kind === 'length' && body.left === 0;
  }

  private finish(): void {
    const pending = this.pending as Pending;
    this.pending = undefined;
    this.body = undefined;
    if (this.closeAfter) {
      this.closed = true;
      this.socket.end();
    }
    pending.resolve({ status: this.status, bytes: this.bytes });
  }
}

/**
 * Up to `max` connections to one server. A request takes an idle connection, opens one while under
 * `max`, or waits for one to be free (first come, first served). A closed connection is replaced.
 */
export class Pool {
  private readonly idle: Connection[] = [];
  private readonly waiting: ((connection: Connection) => void)[] = [];
  private open = 0;

  constructor(
    readonly host: string,
    readonly port: number,
    readonly max: number,
  ) {}

  async get(path: string, headers = ''): Promise<Answer> {
    const connection = await this.take();
    try {
      return await connection.get(path, headers);
    } finally {
      this.give(connection);
    }
  }

  destroy(): void {
    for (const connection of this.idle) connection.destroy();
    this.idle.length = 0;
  }

  private take(): Promise<Connection> {
    let connection = this.idle.pop();
    while (connection?.closed) {
      this.open--;
      connection = this.idle.pop();
    }
    if (connection) return Promise.resolve(connection);
    if (this.open < this.max) {
      this.open++;
      return Promise.resolve(new Connection(this.host, this.port));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(connection: Connection): void {
    let next: Connection = connection;
    if (connection.closed) {
      next = new Connection(this.host, this.port);
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(next);
    else this.idle.push(next);
  }
}
