/**
 * Several instances of the server joined through Redis, by Hocuspocus's own
 * Redis extension: each instance publishes the changes and awareness of the
 * documents it holds, and takes the others'.
 */
import { Redis } from '@hocuspocus/extension-redis';

/**
 * The Redis extension for a `redis://[:password@]host:port[/db]` URL.
 *
 * @example
 * ```ts
 * const redis = redisScaleOut('redis://127.0.0.1:6379');
 * ```
 */
export function redisScaleOut(url: string): Redis {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') {
    throw new TypeError(`REDIS_URL must be a redis:// URL, such as redis://127.0.0.1:6379.`);
  }
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return new Redis({
    host: parsed.hostname,
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    options: {
      // The extension subscribes at once; a ready check (INFO) on a subscribing connection fails.
      enableReadyCheck: false,
      ...(db === 0 ? {} : { db }),
      ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
      ...(parsed.username === '' ? {} : { username: decodeURIComponent(parsed.username) }),
    },
  });
}
