/**
 * Raw HTTP requests to an endpoint, with exactly the headers a test gives
 * (node:http, because fetch would not send a forged Host), for the hostile
 * tests.
 */
import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean;
}

/** The JSON-RPC POST headers an MCP client sends, for `port`. */
export function mcpHeaders(port: number): Record<string, string> {
  return {
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
}

/** Sends one request to 127.0.0.1:`port` and reads the whole answer. */
export function rawRequest(port: number, spec: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...mcpHeaders(port), ...spec.headers };
    if (spec.body !== undefined && spec.chunked !== true) {
      headers['content-length'] = String(Buffer.byteLength(spec.body));
    }
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: spec.method ?? 'POST',
        path: spec.path ?? '/mcp',
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // The server may answer and close before it has read a refused body.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (spec.body === undefined) req.end();
    else if (spec.chunked === true) {
      const half = Math.floor(spec.body.length / 2);
      req.write(spec.body.slice(0, half));
      req.end(spec.body.slice(half));
    } else req.end(spec.body);
  });
}

/** A JSON-RPC request body. */
export function rpc(method: string, params: unknown = {}, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}
