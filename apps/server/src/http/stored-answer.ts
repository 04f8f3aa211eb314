import type { FastifyReply } from 'fastify';

/** Sends a (possibly replayed) answer stored under an Idempotency-Key; a replay says so in a header. */
export function sendStoredAnswer(
  reply: FastifyReply,
  answer: { statusCode: number; body: unknown; replayed: boolean },
) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}
