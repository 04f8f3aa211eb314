import { Writable } from 'node:stream';
import { createLogger } from '../logger';

/** A logger as production configures it, writing into memory: `text()` is every line so far. */
export function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ env: 'production', logLevel: 'info' }, sink), text: () => lines.join('') };
}
