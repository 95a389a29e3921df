/**
 * The secrets in edit and view links, and comparing them without leaking
 * through timing which characters matched.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A new random token: 24 bytes (192 bits) in base64url, safe in a URL.
 *
 * @example
 * ```ts
 * newAccessToken(); // 'q3Xo...' (32 characters)
 * ```
 */
export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Whether `given` is `expected`, in time that does not depend on where they differ.
 *
 * @example
 * ```ts
 * sameToken(request.token, tokens.edit);
 * ```
 */
export function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
