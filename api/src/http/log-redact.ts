/**
 * What a log line says of a request: its method and path, never its query string. A query may
 * carry a secret (a guest's order key, `?key=`, opens the order and its bill; a browser's visitor
 * id, `?visitor=`), and logs travel further than the database: collectors, terminals, support
 * tickets. Fastify's own request serializer logs `req.url` whole; this one replaces it for every
 * logger the app makes (app.ts), the pretty format included (it reads the same field).
 */
import type { FastifyRequest } from 'fastify';

/** `/api/x?key=secret` -> `/api/x`. */
export const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
