// `npm start` builds the web app only when something the build reads has changed since the last
// build: a hash of those inputs is kept beside the build (apps/web/dist/.build-inputs). A missing
// or stale build is built; `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
const stampFile = path.join(root, 'apps/web/dist/.build-inputs');

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs.readdirSync(full).sort().flatMap((name) => files(path.join(entry, name)));
}

const hash = createHash('sha256');
for (const file of inputs.flatMap(files)) {
  hash.update(`${file}\0`);
  hash.update(fs.readFileSync(path.join(root, file)));
}
const digest = hash.digest('hex');
const built = fs.existsSync(path.join(root, 'apps/web/dist/index.html')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === digest;

if (built) {
  console.warn('web app unchanged since its last build: not rebuilding');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, `${digest}\n`);
}
