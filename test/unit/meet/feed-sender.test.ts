/**
 * The results feed over TCP: messages go out in order on one kept connection, and when the scoreboard drops it
 * (restarted), the next message connects again and arrives. An address nobody listens on is an error for the note,
 * not a hang.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFeedConnections, sendFeedMessage } from '../../../app/meet/feed-sender.js';

let server: Server | null = null;
afterEach(async () => {
  closeFeedConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

describe('the TCP results feed', () => {
  it('keeps one connection, and connects again when the board drops it', async () => {
    const sockets: Socket[] = [];
    let text = '';
    server = createServer((s) => {
      sockets.push(s);
      s.on('data', (b) => (text += b.toString('utf8')));
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const target = { protocol: 'tcp' as const, host: '127.0.0.1', port };
    await sendFeedMessage(target, '1,012-1-03,provisional\n');
    await sendFeedMessage(target, '2,012-1-03,provisional\n');
    await new Promise((r) => setTimeout(r, 50));
    expect(sockets).toHaveLength(1);
    sockets[0]?.destroy(); // the scoreboard restarts
    await new Promise((r) => setTimeout(r, 50));
    await sendFeedMessage(target, '3,012-1-03,certified\n');
    await new Promise((r) => setTimeout(r, 50));
    expect(sockets).toHaveLength(2);
    expect(text).toBe('1,012-1-03,provisional\n2,012-1-03,provisional\n3,012-1-03,certified\n');
  });

  it('fails (for the note) where nothing listens', async () => {
    server = createServer();
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server?.close(() => r()));
    server = null;
    await expect(sendFeedMessage({ protocol: 'tcp', host: '127.0.0.1', port }, 'x')).rejects.toThrow(/ECONNREFUSED/);
  });
});
