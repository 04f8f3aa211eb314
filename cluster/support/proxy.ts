/**
 * A small round-robin load balancer in front of the instances (http-proxy-3, the maintained
 * rewrite of http-proxy): each request goes to the next instance; one that refuses connections
 * is left out for two seconds (a passive health check), and the request answers 502, as nginx or
 * HAProxy would. Server-sent event streams pass through unbuffered.
 */
import http from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import { freePort } from './ports';

export interface Proxy {
  base: string;
  /** How many requests each target was sent. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/** `targets` is read on every request: the caller may change it (an instance replaced, a round of 1 of 3). */
export async function startProxy(targets: string[]): Promise<Proxy> {
  const proxy = createProxyServer({ xfwd: true });
  const downUntil = new Map<string, number>();
  const counts = new Map<string, number>(targets.map((target) => [target, 0]));
  let next = 0;
  const pick = () => {
    for (let tried = 0; tried < targets.length; tried++) {
      const target = targets[next++ % targets.length] as string;
      if ((downUntil.get(target) ?? 0) <= Date.now()) return target;
    }
    return targets[next++ % targets.length] as string;
  };
  const server = http.createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const target = pick();
    counts.set(target, (counts.get(target) ?? 0) + 1);
    proxy.web(req, res, { target }, (error: Error & { code?: string }) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') downUntil.set(target, Date.now() + 2_000);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'BAD_GATEWAY', message: 'upstream unavailable' }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        proxy.close();
      }),
  };
}
