import { declaredEndpoints } from '@mutual/shared/contract';
import { transferCountsApi } from '@mutual/shared/contract/transfer-counts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { requireDeclaredRoutes } from './contract-route';

describe('[HTTP]: the contract', () => {
  const t = useTestApp();

  it('has a registered route for every declared endpoint', () => {
    const missing = declaredEndpoints()
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: endpoint.path }))
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} ${endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const routes = declaredEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('[HTTP]: an undeclared route', () => {
  it('stops the server from starting', async () => {
    const app = Fastify();
    requireDeclaredRoutes(app, [transferCountsApi.list]);
    app.get('/api/admin/transfer-counts', async () => ({ counts: [] }));
    app.get('/api/docs/anything', async () => 'docs are not part of the contract');
    // Inside a plugin, as every module registers its routes: the server does not become ready.
    app.register(async (plugin) => {
      plugin.get('/api/not-declared', async () => 'nobody told the web');
    });
    await expect(app.ready()).rejects.toThrow('GET /api/not-declared is not declared in packages/shared/src/contract');
    await app.close();
  });

  it('lets every declared route start', async () => {
    const app = Fastify();
    requireDeclaredRoutes(app, [transferCountsApi.list]);
    app.get('/api/admin/transfer-counts', async () => ({ counts: [] }));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
