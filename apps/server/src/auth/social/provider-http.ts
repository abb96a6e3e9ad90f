import { hasControlCharacter, isEmailFormat, normalizeEmail } from '@smm/domain';

export type SocialProvider = 'naver' | 'kakao';

/**
 * A provider call that did not give us a member's identity. `refused`: the provider answered and said
 * no (a bad or used code, an expired token, a token of another app); `unreachable`: no usable answer
 * (timeout, refused connection, HTTP 5xx, not JSON, an unexpected shape). Both are a 400 to the member;
 * the reason goes to the log.
 */
export class SocialProviderError extends Error {
  constructor(
    readonly provider: SocialProvider,
    readonly reason: 'refused' | 'unreachable',
    detail: string,
  ) {
    super(`${provider} ${reason}: ${detail}`);
    this.name = 'SocialProviderError';
  }
}

/** Who the provider says the member is. */
export interface SocialProfile {
  /** The provider's stable user id (Naver: a string; Kakao: a number, kept as its decimal text). */
  providerUserId: string;
  /** An address the provider vouches for, normalised; null when it gave none (or none usable). */
  email: string | null;
}

/** Longest answer read from a provider; theirs are a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * GET a provider's JSON with a timeout. Answers with the HTTP status and the parsed body; throws
 * `unreachable` when there is no parsable answer at all.
 */
export async function getProviderJson(
  provider: SocialProvider,
  url: string,
  options: { timeoutMs: number; bearer?: string },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        accept: 'application/json',
        ...(options.bearer === undefined ? {} : { authorization: `Bearer ${options.bearer}` }),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new SocialProviderError(provider, 'unreachable', (error as Error).name);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new SocialProviderError(provider, 'unreachable', `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new SocialProviderError(provider, 'unreachable', (error as Error).name);
  }
  if (text.length > MAX_BODY_BYTES) throw new SocialProviderError(provider, 'unreachable', 'answer too long');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new SocialProviderError(provider, 'unreachable', `HTTP ${response.status}, not JSON`);
  }
}

/**
 * Access tokens are opaque printable ASCII (RFC 6750's b64token); anything else never reaches a
 * provider (nor a header, where a line break or a non-ASCII character would not even be sendable).
 */
export function isBearerToken(token: string): boolean {
  return /^[A-Za-z0-9\-._~+/]+=*$/.test(token) && token.length <= 2000;
}

/** A provider's e-mail, if it is one we can store and mail to. */
export function usableEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !isEmailFormat(normalized) || hasControlCharacter(normalized)) return null;
  return normalized;
}
