/**
 * Extra MCP resources a host serves beside its tools: documents a client can
 * show or load once (a format guide, a style sheet), read fresh on each
 * `resources/read`.
 */
import type { McpServer } from '@modelcontextprotocol/server';

/**
 * A text resource the host serves as is.
 *
 * @example
 * ```ts
 * const guide: CatalogResource = {
 *   uri: 'scorelane://docs/lanes-seq',
 *   name: 'lanes-seq',
 *   title: 'The lanes-seq format',
 *   description: 'How read_measures prints music and rewrite_measures reads it.',
 *   mimeType: 'text/markdown',
 *   read: () => guideText,
 * };
 * ```
 */
export interface CatalogResource {
  /** Absolute URI, e.g. `myapp://docs/guide`. Unique among the resources. */
  readonly uri: string;
  /** Short machine name. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** Default `text/plain`. */
  readonly mimeType?: string;
  /** The text, read on every `resources/read`. */
  read(): string | Promise<string>;
}

/**
 * Registers `resources` on `server`, each read through its `read` on every
 * `resources/read`. Check them first with {@link checkCatalogResources}.
 *
 * @example
 * ```ts
 * registerCatalogResources(server, [guide]);
 * ```
 */
export function registerCatalogResources(
  server: McpServer,
  resources: readonly CatalogResource[],
): void {
  for (const resource of resources) {
    server.registerResource(
      resource.name,
      resource.uri,
      {
        mimeType: resource.mimeType ?? 'text/plain',
        ...(resource.title === undefined ? {} : { title: resource.title }),
        ...(resource.description === undefined ? {} : { description: resource.description }),
      },
      async (uri) => ({
        contents: [
          {
            uri: uri.href,
            mimeType: resource.mimeType ?? 'text/plain',
            text: await resource.read(),
          },
        ],
      }),
    );
  }
}

/**
 * Checks the host's resources once, before serving: every URI absolute and
 * unique. Throws a `TypeError` naming the first that is not.
 *
 * @example
 * ```ts
 * checkCatalogResources([guide, guide]); // throws: given twice
 * ```
 */
export function checkCatalogResources(resources: readonly CatalogResource[]): void {
  const seen = new Set<string>();
  for (const resource of resources) {
    if (!URL.canParse(resource.uri)) {
      throw new TypeError(
        `Resource ${JSON.stringify(resource.name)} has the URI ${JSON.stringify(resource.uri)}, which is not absolute; use a scheme such as myapp://docs/guide.`,
      );
    }
    if (seen.has(resource.uri)) {
      throw new TypeError(`The resource URI ${JSON.stringify(resource.uri)} is given twice.`);
    }
    seen.add(resource.uri);
  }
}
