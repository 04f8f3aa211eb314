// `npm start`: builds what changed since the last start, then runs the server in this process.
//
// - The web app (`apps/web/dist`) is built with Vite only when a hash of what the build reads
//   differs from the one kept beside the last build (`apps/web/dist/.build-inputs`).
// - The server is bundled the same way (`apps/server/dist/main.mjs`, esbuild: our TypeScript and
//   the shared package in one file, every npm package left to Node). Running one plain JavaScript
//   file starts several times faster than compiling and resolving hundreds of TypeScript modules
//   through a loader at every start (`npm run serve` still runs the sources through tsx).
//
// `npm run build` always builds the web app.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** Runs `build` unless `output` exists and its inputs hash as they did when it was last built. */
async function buildIfChanged(name, inputs, output, stampFile, build) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  const digest = hash.digest('hex');
  const stamp = path.join(root, stampFile);
  if (
    fs.existsSync(path.join(root, output)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === digest
  ) {
    console.warn(`${name} unchanged since its last build: not rebuilding`);
    return;
  }
  await build();
  fs.writeFileSync(stamp, `${digest}\n`);
}

const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

await buildIfChanged(
  'web app',
  [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/precompress.ts',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    ...shared,
  ],
  'apps/web/dist/index.html',
  'apps/web/dist/.build-inputs',
  async () => {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  },
);

const bundle = 'apps/server/dist/main.mjs';
await buildIfChanged(
  'server',
  ['apps/server/src', 'apps/server/package.json', 'scripts/start.mjs', ...shared],
  bundle,
  'apps/server/dist/.build-inputs',
  async () => {
    const { build } = await import('esbuild');
    fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
    await build({
      absWorkingDir: root,
      entryPoints: { main: 'apps/server/src/main.ts' },
      outdir: 'apps/server/dist',
      outExtension: { '.js': '.mjs' },
      // What main.ts imports lazily stays in its own chunks, so the application's packages load
      // while the database opens rather than before.
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      // Our code and the shared package are bundled; every npm package is loaded by Node as it is
      // (PGlite, sharp and argon2 find their own files next to themselves).
      plugins: [
        {
          name: 'npm-packages-external',
          setup(esbuild) {
            esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@mutual/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  },
);

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, bundle)).href);
