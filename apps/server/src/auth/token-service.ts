import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '@smm/domain';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';

export interface TokenClaims {
  accountId: number;
  role: Role;
}

/** What a verified token says, with when it was issued (seconds), for sessions ended since. */
export interface VerifiedClaims extends TokenClaims {
  issuedAt: number;
}

const ISSUER = 'smm-panel';
/** An account id as we write it in `sub`: a positive integer in plain decimal, at most 10 digits. */
const SUBJECT = /^[1-9][0-9]{0,9}$/;
/** accounts.id is a PostgreSQL integer: a larger id is no account, and must not reach a query. */
const MAX_ACCOUNT_ID = 2_147_483_647;
/** Bounded so a flood of distinct valid tokens cannot grow memory; cleared when full. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signed HS256 access tokens; expiry is measured on the injected clock. */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: VerifiedClaims; exp: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.accountId))
      .setIssuer(ISSUER)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * Any missing, forged, expired or malformed token is the same 401 to the caller. A token whose
   * signature was checked once is remembered until its own expiry: members send the same token on
   * every request, and the HMAC check through WebCrypto is the largest cost of a guarded read.
   */
  async verify(token: string): Promise<VerifiedClaims> {
    const nowSeconds = this.clock.now().getTime() / 1000;
    const known = this.verified.get(token);
    if (known && nowSeconds < known.exp) return known.claims;
    const claims = await this.verifyUncached(token);
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { claims, exp });
    }
    return claims;
  }

  private async verifyUncached(token: string): Promise<VerifiedClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock.now(),
        // A token without an expiry would be valid forever; ours always carry one.
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      const role = payload.role;
      // Only the plain decimal form we issue: Number() would also take '1e0', ' 1', '0x1', '01'.
      const sub = payload.sub ?? '';
      if (!SUBJECT.test(sub) || Number(sub) > MAX_ACCOUNT_ID || (role !== 'member' && role !== 'admin')) {
        throw appError('TOKEN_INVALID');
      }
      const issuedAt = payload.iat;
      if (typeof issuedAt !== 'number') throw appError('TOKEN_INVALID');
      return { accountId: Number(sub), role, issuedAt };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw appError('TOKEN_INVALID');
      throw error;
    }
  }
}
