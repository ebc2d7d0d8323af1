import type { FastifyReply } from 'fastify';

/*
 * Responses written as JSON by the route itself, each writer tested equal to JSON.stringify of the same
 * response:
 * - JsonText: text, e.g. the screener page made from its rows as read (db/read-formats.ts);
 * - JsonBytes: UTF-8 bytes, the price chart assembled from the JSON its year chunks store
 *   (derived/chart-points.ts). Bytes go out as they are: no string to flatten, measure and encode.
 */
export type JsonText = string & { readonly jsonText: true };
export type JsonBytes = Buffer & { readonly jsonBytes: true };

/** Sends the JSON as it is: with a JSON content type, Fastify runs no serialiser over a string or a buffer. */
export function sendJsonText(reply: FastifyReply, body: JsonText | JsonBytes): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export const isJsonBody = (body: unknown): body is JsonText | JsonBytes =>
  typeof body === 'string' || Buffer.isBuffer(body);
