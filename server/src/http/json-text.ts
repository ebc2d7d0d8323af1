import type { FastifyReply } from 'fastify';

/*
 * Responses written as JSON text by the route itself: the price chart, whose closes are stored as their
 * JSON number text (db/series.ts), so no number is parsed or formatted on the way out. Each writer is
 * tested equal to JSON.stringify of the same response.
 */
export type JsonText = string & { readonly jsonText: true };

/** Sends the text as it is: with a JSON content type, Fastify runs no serialiser over a string. */
export function sendJsonText(reply: FastifyReply, body: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
