/**
 * Preloaded (`node --import ./scripts/exit-with-parent.mjs …`) into a server that a test run
 * starts with a pipe on its standard input: when that pipe closes — the test runner ended, even by
 * SIGKILL, which gives it no chance to stop its children — the server is sent SIGTERM and shuts
 * down as it would for an operator, instead of living on, orphaned, holding a port and a CPU share.
 */
if (!process.stdin.isTTY) {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
  // Only the server's own work keeps it running.
  process.stdin.unref?.();
}
