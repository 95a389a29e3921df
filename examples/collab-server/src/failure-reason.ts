/**
 * What went wrong, in a few words, for the server's one-line warnings and
 * errors.
 */

/**
 * The message of `error`; for an AggregateError without one (a refused
 * connection has no message of its own on some Node versions), its first
 * error's; else its code, else the error as text.
 *
 * @example
 * ```ts
 * reasonOf(new Error('connection refused')); // 'connection refused'
 * reasonOf(new AggregateError([Object.assign(new Error(''), { code: 'ECONNREFUSED' })])); // 'ECONNREFUSED'
 * ```
 */
export function reasonOf(error: unknown): string {
  const { code, message, errors } = (error ?? {}) as {
    code?: string;
    message?: string;
    errors?: unknown[];
  };
  if (message) return message;
  if (errors !== undefined && errors.length > 0) return reasonOf(errors[0]);
  return code ?? String(error);
}
