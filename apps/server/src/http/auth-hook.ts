import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

/**
 * Authenticates every API route unless it is marked public: a bearer access token
 * (03-decisions §2) whose session is still open (`authenticate` of the auth module). On public
 * routes a token, when given and valid, is still read.
 */
export function authHook(authenticate: (token: string) => Promise<AccessClaims>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = null;
    const isPublic = request.routeOptions.config.public === true;
    const header = request.headers.authorization;
    if (!header) {
      if (isPublic) return;
      throw new AppError('NOT_AUTHENTICATED');
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      if (isPublic) return;
      throw new AppError('NOT_AUTHENTICATED', 'Use an Authorization header of the form "Bearer <token>".');
    }
    try {
      request.auth = await authenticate(match[1]);
    } catch (err) {
      if (!isPublic) throw err;
    }
  };
}
