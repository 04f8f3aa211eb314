import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { CHROME_UA, ORIGIN } from './identity';

/** An upload sent over a real socket that stops part-way through its body, until told to go on. */
export class TrickledUpload {
  readonly socket: net.Socket;
  answer = '';
  readonly closed: Promise<void>;
  private readonly rest: string;

  /** Every one made, so a failing test does not leave the app waiting on them as it closes. */
  static readonly made = new Set<TrickledUpload>();

  constructor(port: number, path: string, headers: Record<string, string>, filePart = 'front') {
    TrickledUpload.made.add(this);
    const boundary = `caps${randomUUID().replaceAll('-', '')}`;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${filePart}"; filename="${filePart}.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    const tail = `\r\n--${boundary}--\r\n`;
    const fill = 4096;
    this.rest = 'x'.repeat(fill - 16) + tail;
    const lines = Object.entries({
      host: `127.0.0.1:${port}`,
      origin: ORIGIN,
      'user-agent': CHROME_UA,
      connection: 'close',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + fill + tail.length),
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.socket.on('data', (data: string) => (this.answer += data));
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    this.socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n${head}${'x'.repeat(16)}`);
  }

  /** One more byte of the body. */
  trickle() {
    if (!this.socket.destroyed) this.socket.write('x');
  }

  /** The rest of the body: the upload is received and answered. */
  finish() {
    this.socket.write(this.rest);
  }

  /** The client goes away mid-body. */
  abort() {
    this.socket.destroy();
  }

  /** The status line of the answer, once one came. */
  get status(): number | undefined {
    const match = /^HTTP\/1\.1 (\d{3})/.exec(this.answer);
    return match ? Number(match[1]) : undefined;
  }
}
