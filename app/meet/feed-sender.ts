/**
 * The results feed: one message per committed change, sent to the one address the official configured (UDP
 * datagram or TCP stream). Nothing is ever listened for. A TCP connection is kept while the process runs and made
 * again when it drops (the scoreboard restarted); a short-lived CLI process lets go of it once the message is
 * written. A feed that cannot be reached never undoes or blocks the change: the caller gets a note.
 */
import { createSocket } from 'node:dgram';
import { isIP, Socket } from 'node:net';
import type { FeedTarget } from '../domain/meet/meet-settings.js';
import { feedTargetText } from '../domain/meet/meet-settings.js';

const CONNECT_TIMEOUT_MS = 2000;
/** The largest UDP payload over IPv4. */
const MAX_DATAGRAM = 65507;

export async function sendFeedMessage(target: FeedTarget, message: string): Promise<void> {
  const bytes = Buffer.from(message, 'utf8');
  if (target.protocol === 'udp') return sendDatagram(target, bytes);
  return sendOverTcp(target, bytes);
}

async function sendDatagram(target: FeedTarget, bytes: Buffer): Promise<void> {
  if (bytes.length > MAX_DATAGRAM) throw new Error(`the message is ${bytes.length} bytes, more than one UDP datagram holds`);
  const socket = createSocket(isIP(target.host) === 6 ? 'udp6' : 'udp4');
  try {
    await new Promise<void>((resolve, reject) => socket.send(bytes, target.port, target.host, (err) => (err ? reject(err) : resolve())));
  } finally {
    socket.close();
  }
}

interface Connection {
  socket: Socket;
  ready: Promise<void>;
}

const connections = new Map<string, Connection>();
/** Messages to one address go out in order, one after another. */
const queues = new Map<string, Promise<unknown>>();

function connect(target: FeedTarget): Connection {
  const key = feedTargetText(target);
  const socket = new Socket();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => socket.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  ready.catch(() => undefined); // the sender awaits it; an unhandled copy must not crash the process
  // A dropped connection is forgotten: the next message connects again.
  socket.on('close', () => {
    if (connections.get(key)?.socket === socket) connections.delete(key);
  });
  socket.on('error', () => undefined); // reported through `ready` or the write; 'close' follows
  socket.on('data', () => undefined); // a board that talks back is not listened to
  socket.connect(target.port, target.host);
  const c = { socket, ready };
  connections.set(key, c);
  return c;
}

async function writeOnce(target: FeedTarget, bytes: Buffer): Promise<void> {
  const key = feedTargetText(target);
  const c = connections.get(key) ?? connect(target);
  c.socket.ref();
  try {
    await c.ready;
    await new Promise<void>((resolve, reject) => c.socket.write(bytes, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    c.socket.destroy();
    connections.delete(key);
    throw err;
  } finally {
    // The connection stays for the next message but never keeps a finished process alive.
    c.socket.unref();
  }
}

function sendOverTcp(target: FeedTarget, bytes: Buffer): Promise<void> {
  const key = feedTargetText(target);
  const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
    try {
      await writeOnce(target, bytes);
    } catch {
      // The kept connection had dropped (the board restarted): connect again and send once more.
      await writeOnce(target, bytes);
    }
  });
  queues.set(key, run);
  return run;
}

/** Closes every kept connection (a long-running process shutting down, tests). */
export function closeFeedConnections(): void {
  for (const c of connections.values()) c.socket.destroy();
  connections.clear();
}
