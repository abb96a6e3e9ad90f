import type { FastifyRequest } from 'fastify';
import { appError } from '../errors/app-error';
import type { TokenClaims, TokenService } from './token-service';

declare module 'fastify' {
  interface FastifyRequest {
    member?: TokenClaims;
  }
}

/** preHandler for member routes: a valid Bearer token or 401. */
export function requireMember(tokens: TokenService) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw appError('UNAUTHORIZED');
    request.member = await tokens.verify(match[1]);
  };
}

/** The member a guarded route runs for; calling it on an unguarded route is a programming error. */
export function currentMember(request: FastifyRequest): TokenClaims {
  if (!request.member) throw new Error('currentMember() used on a route without requireMember');
  return request.member;
}
