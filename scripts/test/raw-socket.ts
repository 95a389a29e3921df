/**
 * HTTP written by hand on a `net` socket, for requests no HTTP client sends
 * (an absolute-form target, a Host with user information, `TRACE`), and a
 * large body written while the answer may already be coming.
 */
import { connect } from 'node:net';

/** The status line and body of the answer, or what ended the connection without one. */
export interface SocketAnswer {
  readonly status: number | undefined;
  readonly body: string;
  /** Set when the connection was reset or closed before a whole answer came. */
  readonly failure?: string;
}

/**
 * Sends `head` (the request line and headers, without the blank line) and
 * then `body`, in 64 KiB writes, to 127.0.0.1:`port`, and reads the first
 * answer: the status and the body its Content-Length announces. As a client
 * that writes its whole request before reading, it settles only once every
 * byte of the body was written: a server that closes the connection while
 * the body still arrives gives a `failure`.
 */
export function exchange(
  port: number,
  head: string,
  body: Buffer = Buffer.alloc(0),
): Promise<SocketAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (answer: SocketAnswer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    const parsed = () => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const headers = text.slice(0, end);
      const rest = received.subarray(end + 4);
      if (/\r\ntransfer-encoding: *chunked/i.test(headers)) {
        const chunks = rest.toString('utf8');
        if (!chunks.includes('\r\n0\r\n\r\n') && !chunks.startsWith('0\r\n\r\n')) return undefined;
        return { status, body: unchunked(chunks) };
      }
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
      if (rest.length < length) return undefined;
      return { status, body: rest.subarray(0, length).toString('utf8') };
    };
    let answer: SocketAnswer | undefined;
    let written = false;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      answer ??= parsed();
      if (answer && written) settle(answer);
    });
    socket.on('error', (error) => settle({ status: undefined, body: '', failure: error.message }));
    socket.on('close', () =>
      settle(
        answer && written
          ? answer
          : { status: answer?.status, body: received.toString('utf8'), failure: 'closed' },
      ),
    );
    socket.write(`${head}\r\n\r\n`);
    let at = 0;
    const writeMore = () => {
      while (at < body.length && !settled) {
        const chunk = body.subarray(at, at + 65_536);
        at += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', writeMore);
          return;
        }
      }
      // Every byte is handed to the socket; settle once it has gone out.
      socket.write('', () => {
        written = true;
        if (answer) settle(answer);
      });
    };
    writeMore();
  });
}

/** The body of a chunked transfer (sizes in hex, each chunk followed by CRLF). */
function unchunked(text: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (!(size > 0)) return body;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
