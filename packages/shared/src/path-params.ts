import { z } from 'zod';

/**
 * A path's `:id`, a UUID. A malformed one is refused with `notFound` (no such thing can exist), or
 * with zod's own message when none is given.
 */
export const idParams = (notFound?: string) => z.object({ id: z.uuid(notFound) });
