/**
 * Where an agent's `export_score` keeps its file on the collaboration
 * server: in memory, for download at `/exports/ID/NAME`, where `ID` is a
 * random 128-bit id that only the agent's answer carries (a link as good as
 * a capability, as a signed download URL is). So an export costs the agent a
 * link instead of the whole file in its context, and the person beside it
 * can open the link in a browser.
 *
 * Exports are kept for `ttlMs` (default an hour) and at most `maxFiles`
 * (default 64) and `maxBytes` (default 64 MiB) at once, the oldest going
 * first; a link past that answers 404 saying to export again. They live in
 * the instance that made them (the link names its host and port) and go
 * when it stops.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ScoreFileHost } from '@scorelane/score-tools';

/** The path every download link starts with. */
export const EXPORTS_PATH = '/exports/';

/**
 * Limits of {@link exportDownloads}.
 *
 * @example
 * ```ts
 * const limits: ExportDownloadLimits = { ttlMs: 600_000, maxFiles: 16 };
 * ```
 */
export interface ExportDownloadLimits {
  /** How long a link works; default one hour. */
  readonly ttlMs?: number;
  /** The most files kept at once; default 64. */
  readonly maxFiles?: number;
  /** The most bytes kept at once; default 64 MiB. */
  readonly maxBytes?: number;
  /** The clock, for tests of expiry; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The server's kept exports: a file host for the tools, and the handler of
 * their download links.
 *
 * @example
 * ```ts
 * const downloads = exportDownloads(() => 'http://127.0.0.1:8700');
 * if (downloads.handles(req)) downloads.handle(req, res);
 * ```
 */
export interface ExportDownloads {
  /** The file host to give a document's score tools (`files`). */
  readonly files: ScoreFileHost;
  /** Whether the request is for a download link (its path starts with `/exports/`). */
  handles(req: IncomingMessage): boolean;
  /** Answers a download: the file, or 404 / 405 in one plain sentence. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** How many files are kept now. */
  readonly size: number;
}

interface KeptExport {
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
  readonly keptAt: number;
}

/**
 * Creates the store; `origin` gives the server's `http://HOST:PORT` when a
 * file is kept (the server knows its port only once it listens).
 *
 * @example
 * ```ts
 * const downloads = exportDownloads(() => server.httpUrl, { ttlMs: 3_600_000 });
 * ```
 */
export function exportDownloads(
  origin: () => string,
  limits: ExportDownloadLimits = {},
): ExportDownloads {
  const ttlMs = limits.ttlMs ?? 3_600_000;
  const maxFiles = limits.maxFiles ?? 64;
  const maxBytes = limits.maxBytes ?? 64 * 1024 * 1024;
  const now = limits.now ?? Date.now;
  // In insertion order, so the first entry is always the oldest.
  const kept = new Map<string, KeptExport>();
  let bytes = 0;

  const drop = (id: string) => {
    const file = kept.get(id);
    if (file === undefined) return;
    kept.delete(id);
    bytes -= file.bytes.length;
  };
  const expire = () => {
    for (const [id, file] of kept) {
      if (now() - file.keptAt < ttlMs) break;
      drop(id);
    }
  };

  return {
    files: {
      keep: (file) => {
        if (file.bytes.length > maxBytes) {
          throw new Error(
            `the file is ${file.bytes.length} bytes, over the ${maxBytes} bytes this server keeps for download`,
          );
        }
        expire();
        while (kept.size >= maxFiles || bytes + file.bytes.length > maxBytes) {
          drop(kept.keys().next().value as string);
        }
        const id = randomUUID();
        kept.set(id, { ...file, keptAt: now() });
        bytes += file.bytes.length;
        return {
          uri: `${origin()}${EXPORTS_PATH}${id}/${encodeURIComponent(file.name)}`,
          name: file.name,
        };
      },
    },
    handles: (req) => pathOf(req).startsWith(EXPORTS_PATH),
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method not allowed: GET a download link.\n');
        return;
      }
      expire();
      const id = pathOf(req).slice(EXPORTS_PATH.length).split('/')[0] ?? '';
      const file = kept.get(id);
      if (file === undefined) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(
          `This export is gone or never was: links work for ${Math.round(ttlMs / 60_000)} minutes, for the latest ${maxFiles} exports. Call export_score again for a new link.\n`,
        );
        return;
      }
      res.writeHead(200, {
        'Content-Type': file.mimeType,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': contentDisposition(file.name),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : file.bytes);
    },
    get size() {
      return kept.size;
    },
  };
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
