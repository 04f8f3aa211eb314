// The browser tests (`npm run test:e2e`, after the build): the Vitest projects `e2e` and
// `e2e-money` run side by side, each in its own Vitest process, each against a server of its own
// on its own fresh data directory (e2e/support/global-setup.ts), each file after the other within
// its project. One Vitest process ran the two projects one after the other, and a browser test
// leaves a core idle about a third of the time (waiting for pages, mail and the network to settle).
//
//   node scripts/test-e2e.mjs [vitest arguments…]
//
// The arguments go to both processes; a JSON report's file (`--outputFile.json=out/e2e.json`) gets
// the project's name (`out/e2e-e2e.json`, `out/e2e-e2e-money.json`). Each output line is prefixed
// with its project. The exit status is non-zero if either failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['e2e', 'e2e-money'];
const args = process.argv.slice(2);

/** The arguments for one project: its own JSON report file. */
function argsFor(project) {
  return args.map((arg) => {
    const report = /^(--outputFile(?:\.json)?=)(.+?)(\.json)?$/.exec(arg);
    return report ? `${report[1]}${report[2]}-${project}${report[3] ?? ''}` : arg;
  });
}

function run(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest(), 'run', '--project', project, ...argsFor(project)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const prefix = `[${project}] `;
    readline.createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(prefix + line + '\n'));
    readline.createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(prefix + line + '\n'));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function vitest() {
  return path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
}

const codes = await Promise.all(projects.map(run));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
