import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`). This file sits one level below it in the sources
 * (`src/paths.ts`), and so does the bundle `npm start` runs (`dist/main.mjs`), so the same
 * relative step finds it from either: files the server reads at run time are named from here.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
