import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can make it go silent the way a failover, a cut network
 * or a vanished host does: no data either way and nothing closed (both ends' kernels still
 * acknowledge, so TCP itself never gives up). Not a mock of the database: every byte that does go
 * through is the real server's.
 */
export interface SilentProxy {
  /** `url` (a PostgreSQL URL) pointed at the proxy. */
  through(url: string): string;
  /** The connections open now go silent; new ones work (a failover to a new primary). */
  cut(): void;
  /** Every connection, open now or made later, goes silent (the database host stopped answering). */
  silence(): void;
  /** New connections work again; the silent ones stay silent, as on a host that vanished. */
  restore(): void;
  /** Every open connection is reset (RST): the socket error a real outage raises in the driver. */
  reset(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  silent: boolean;
}

export async function startSilentProxy(databaseUrl: string): Promise<SilentProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<Pair>();
  let silenced = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: Pair = { client, server: upstream, silent: silenced };
    pairs.add(pair);
    client.on('data', (data) => {
      if (!pair.silent) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!pair.silent) client.write(data);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      for (const pair of pairs) pair.silent = true;
    },
    silence() {
      silenced = true;
      for (const pair of pairs) pair.silent = true;
    },
    restore() {
      silenced = false;
    },
    reset() {
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        pair.client.resetAndDestroy();
        pair.server.destroy();
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
