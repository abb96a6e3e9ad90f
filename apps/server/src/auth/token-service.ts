import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role } from '@smm/domain';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';

export interface TokenClaims {
  accountId: number;
  role: Role;
}

const ISSUER = 'smm-panel';

/** Signed HS256 access tokens; expiry is measured on the injected clock. */
export class TokenService {
  private readonly key: Uint8Array;

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

  /** Any missing, forged, expired or malformed token is the same 401 to the caller. */
  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock.now(),
      });
      const accountId = Number(payload.sub);
      const role = payload.role;
      if (!Number.isInteger(accountId) || (role !== 'member' && role !== 'admin')) {
        throw appError('TOKEN_INVALID');
      }
      return { accountId, role };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw appError('TOKEN_INVALID');
      throw error;
    }
  }
}
