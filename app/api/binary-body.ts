/**
 * How a binary method's call crosses HTTP as one `application/octet-stream` body, with no base64 and no second
 * request: a 4-byte big-endian length, that many bytes of the JSON arguments (without `bytes`), then the payload.
 * Shared by the browser transport (encode) and the bridge (decode); no Node or DOM types, so both can import it.
 */
export const BINARY_CONTENT_TYPE = 'application/octet-stream';
/** The JSON part of a binary call is small (ids, a timestamp); anything larger is refused before parsing. */
export const MAX_BINARY_ARGS_BYTES = 64 * 1024;
const PREFIX = 4;

/** Node and every browser have both; typed here because the API compiles without DOM or Node types. */
const text = globalThis as unknown as {
  TextEncoder: new () => { encode(s: string): Uint8Array };
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(b: Uint8Array): string };
};

/** Parts of the body, in order (a Blob or a Node request can be made from them without copying the payload). */
export function encodeBinaryCall(args: Record<string, unknown>): { head: Uint8Array; payload: Uint8Array } {
  const { bytes, ...rest } = args;
  const payload = bytes instanceof Uint8Array ? bytes : bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(0);
  const json = new text.TextEncoder().encode(JSON.stringify(rest));
  const head = new Uint8Array(PREFIX + json.length);
  new DataView(head.buffer).setUint32(0, json.length);
  head.set(json, PREFIX);
  return { head, payload };
}

/** The arguments object (`bytes` included), or a one-line reason the body is malformed. */
export function decodeBinaryCall(body: Uint8Array): { ok: true; args: Record<string, unknown> } | { ok: false; problem: string } {
  if (body.length < PREFIX) return { ok: false, problem: 'binary call body is shorter than its length prefix' };
  const jsonLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0);
  if (jsonLength > MAX_BINARY_ARGS_BYTES) return { ok: false, problem: `binary call arguments are larger than ${MAX_BINARY_ARGS_BYTES} bytes` };
  if (PREFIX + jsonLength > body.length) return { ok: false, problem: 'binary call body ends inside its arguments' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new text.TextDecoder('utf-8', { fatal: true }).decode(body.subarray(PREFIX, PREFIX + jsonLength)));
  } catch {
    return { ok: false, problem: 'binary call arguments are not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, problem: 'binary call arguments must be a JSON object' };
  if (Object.prototype.hasOwnProperty.call(parsed, 'bytes')) return { ok: false, problem: 'binary call arguments must not name "bytes" (the payload follows them)' };
  return { ok: true, args: { ...(parsed as Record<string, unknown>), bytes: body.subarray(PREFIX + jsonLength) } };
}
