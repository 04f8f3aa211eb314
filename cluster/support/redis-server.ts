/**
 * A Redis of the test's own (the installed `redis-server`, its own port, nothing kept on disk), so
 * the cluster's shared rate limits are tested against a real Redis that nothing else uses.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { waitFor } from './instances';
import { freePort } from './ports';

/** Why no Redis can be started here, or undefined when it can. */
export function whyNoRedis(): string | undefined {
  const found = (spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout ?? '').trim();
  return found ? undefined : 'no redis-server on the PATH: install redis-server';
}

/** Whether Redis answers PING on `port`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.write('PING\r\n');
  });
}

export async function startRedis(): Promise<{ url: string; dispose: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitFor('redis-server to answer', 10_000, () => pong(port));
  return { url: `redis://127.0.0.1:${port}`, dispose: () => child.kill() };
}
