/**
 * Where the local HTTP endpoint listens: 127.0.0.1 only, never every
 * interface, on the port asked for or else the first free one of a small
 * known range, so a client's configuration can name it.
 */
import type { Server } from 'node:http';

/** The only address the endpoint binds. */
export const LOOPBACK_HOST = '127.0.0.1';

/** The ports tried in order when none is given: 8642 to 8651. */
export const DEFAULT_PORTS: readonly number[] = Array.from({ length: 10 }, (_, i) => 8642 + i);

/**
 * Listens on `port` (0 lets the OS pick), or on the first of `candidates`
 * (default {@link DEFAULT_PORTS}) that is free, and resolves with the port in
 * use. Rejects with an error saying what to do when the port is taken, or
 * when every candidate is.
 *
 * @example
 * ```ts
 * const port = await listenOnLoopback(server); // 8642, or the next free one
 * ```
 */
export async function listenOnLoopback(
  server: Server,
  port?: number,
  candidates: readonly number[] = DEFAULT_PORTS,
): Promise<number> {
  if (port !== undefined) {
    if (await tryListen(server, port)) return boundPort(server);
    throw new Error(`Port ${port} on ${LOOPBACK_HOST} is in use; pass another --port, or none.`);
  }
  for (const candidate of candidates) {
    if (await tryListen(server, candidate)) return boundPort(server);
  }
  throw new Error(
    `Ports ${candidates.join(', ')} on ${LOOPBACK_HOST} are all in use; pass a free one with --port.`,
  );
}

/** Resolves true once listening, false if the port is in use; rejects on any other error. */
function tryListen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOOPBACK_HOST);
  });
}

function boundPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The server is not listening on a TCP port.');
  }
  return address.port;
}
