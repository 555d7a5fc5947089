import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenSigner } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

/**
 * Authenticates every API route unless it is marked public: a bearer access token
 * (03-decisions §2). On public routes a token, when given and valid, is still read.
 */
export function authHook(tokens: TokenSigner) {
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
      request.auth = await tokens.verifyAccess(match[1]);
    } catch (err) {
      if (!isPublic) throw err;
    }
  };
}
