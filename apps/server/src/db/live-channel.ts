/**
 * The NOTIFY channel members' open pages hear changes on (`live/live-hub.ts` listens; the money
 * commands, notifications and `ledger_post` publish). A name both sides know, below them all.
 */
export const LIVE_CHANNEL = 'mutual_live';
