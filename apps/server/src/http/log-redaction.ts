import type { FastifyRequest } from 'fastify';

const STATIC_FILE = /(\/sys\/common\/static\/)[^?#]*/;

/**
 * A request's URL as the log keeps it: a stored file's path is left out (issue 16 finding 5; a
 * path names a sealed bid's attachment as well as any other file), the rest as requested.
 */
export function loggedUrl(url: string): string {
  return url.replace(STATIC_FILE, '$1[file]');
}

/** The log's `req` of every request: pino's default fields, with the URL as `loggedUrl` keeps it. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
