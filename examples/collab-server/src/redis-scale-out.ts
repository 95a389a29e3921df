/**
 * Several instances of the server joined through Redis, by Hocuspocus's own
 * Redis extension: each instance publishes the changes and awareness of the
 * documents it holds, and takes the others'.
 */
import { Redis } from '@hocuspocus/extension-redis';
import type { afterUnloadDocumentPayload } from '@hocuspocus/server';

/**
 * The Redis extension for a `redis://[:password@]host:port[/db]` URL.
 * `onWarning` is told, one line each, when Redis is lost and when it is
 * back (never the password).
 *
 * @example
 * ```ts
 * const redis = redisScaleOut('redis://127.0.0.1:6379', { onWarning: console.warn });
 * ```
 */
export function redisScaleOut(
  url: string,
  options: { readonly onWarning?: (message: string) => void } = {},
): Redis {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') {
    throw new TypeError(`REDIS_URL must be a redis:// URL, such as redis://127.0.0.1:6379.`);
  }
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  const where = `${parsed.hostname}:${parsed.port === '' ? 6379 : parsed.port}`;
  return new OrderlyRedis(where, options.onWarning ?? (() => {}), {
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

/**
 * Hocuspocus's Redis extension, saying when Redis is lost and back, joined again after Redis comes back (each
 * instance asks the others for what it missed, by a sync step of every
 * document it holds), and closed in an order that leaves no command
 * behind. Each message from another instance can make this one publish a
 * reply, so the subscriber connection closes first, and only then the
 * publishing one, after the commands already sent (Redlock's `quit`). The
 * extension's own `onDestroy` closes the publisher first and drops both
 * connections at once, which rejects a reply still in flight with an
 * unhandled "Connection is closed". A document whose unloading ends after
 * that has no subscription left to drop.
 */
class OrderlyRedis extends Redis {
  private closed = false;
  private joined = false;

  private lost = false;

  /** The repeated re-joins after Redis came back, cleared on destroy. */
  private readonly rejoins = new Set<NodeJS.Timeout>();

  constructor(
    where: string,
    warn: (message: string) => void,
    configuration: ConstructorParameters<typeof Redis>[0],
  ) {
    super(configuration);
    // ioredis retries on its own; one line says Redis is lost (a closed connection or an error), one that it is back.
    const lost = () => {
      if (this.lost || this.closed) return;
      this.lost = true;
      warn(
        `Redis at ${where} is unreachable: documents are not shared with other instances until it is back.`,
      );
    };
    this.pub.on('error', lost);
    this.sub.on('error', lost);
    this.sub.on('close', lost);
    // Back after Redis was lost: what either side missed meanwhile is asked for at once.
    this.sub.on('ready', () => {
      if (this.joined && !this.closed) {
        if (this.lost) warn(`Redis at ${where} is back: this instance joined the others again.`);
        this.lost = false;
        this.rejoinRepeatedly();
      }
      this.joined = true;
    });
  }

  /**
   * Re-joins at once and again after 1, 3 and 10 seconds: the other
   * instances' subscriptions come back at about the same moment as this
   * one's, and a sync step published before theirs are back reaches no one.
   * A repeated sync step only confirms what the documents already share.
   */
  private rejoinRepeatedly(): void {
    this.rejoin();
    for (const delay of [1_000, 3_000, 10_000]) {
      const timer = setTimeout(() => {
        this.rejoins.delete(timer);
        if (!this.closed) this.rejoin();
      }, delay);
      timer.unref();
      this.rejoins.add(timer);
    }
  }

  /** Asks the other instances, for every document this one holds, for what it lacks (and they for what they lack). */
  private rejoin(): void {
    for (const [name, document] of this.instance?.documents ?? []) {
      // biome-ignore lint/complexity/useLiteralKeys: the extension's private step, as its own load sends it
      void this['publishFirstSyncStep'](name, document).catch(() => {});
      // biome-ignore lint/complexity/useLiteralKeys: the extension's private step, as its own load sends it
      void this['requestAwarenessFromOtherInstances'](name).catch(() => {});
    }
  }

  override async onDestroy(): Promise<void> {
    this.closed = true;
    for (const timer of this.rejoins) clearTimeout(timer);
    this.rejoins.clear();
    await this.sub.quit().catch(() => undefined);
    await this.redlock.quit().catch(() => undefined);
  }

  override async afterUnloadDocument(data: afterUnloadDocumentPayload): Promise<void> {
    if (this.closed) return;
    await super.afterUnloadDocument(data);
  }
}
