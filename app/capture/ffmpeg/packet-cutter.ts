/**
 * Cuts the copied stream's bytes (the packets one after another, pipe 4) into packets by the sizes framecrc reports
 * for them (pipe 3), in order. The two pipes are read independently, so either may run ahead: bytes wait for their
 * line, lines for their bytes. Bytes past the last line when ffmpeg stops belong to a packet whose line never came,
 * and are not a packet of the recording.
 */
import { emptyHeader, parseFramecrcPacket, readFramecrcHeader, type CopiedPacket, type FramecrcHeader } from '../../domain/capture/ffmpeg-lines.js';

export interface CutPacket extends CopiedPacket {
  bytes: Uint8Array;
}

export class PacketCutter {
  readonly header: FramecrcHeader = emptyHeader();
  private readonly lines: CopiedPacket[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private text = '';

  constructor(private readonly onPacket: (p: CutPacket) => void) {}

  /** framecrc text, as it comes. */
  pushText(chunk: string): void {
    this.text += chunk;
    let nl;
    while ((nl = this.text.indexOf('\n')) >= 0) {
      const line = this.text.slice(0, nl);
      this.text = this.text.slice(nl + 1);
      if (readFramecrcHeader(line, this.header)) continue;
      const packet = parseFramecrcPacket(line);
      if (packet) this.lines.push(packet);
    }
    this.cut();
  }

  /** Packet bytes, as they come. */
  pushBytes(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.cut();
  }

  /** Bytes waiting for their line (a bounded amount while running: one packet or so). */
  get pendingBytes(): number {
    return this.buffered;
  }

  private cut(): void {
    while (this.lines.length > 0 && this.buffered >= (this.lines[0] as CopiedPacket).size) {
      const line = this.lines.shift() as CopiedPacket;
      const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.buffered);
      const bytes = Uint8Array.prototype.slice.call(all, 0, line.size);
      const rest = all.subarray(line.size);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
      this.onPacket({ ...line, bytes });
    }
  }
}
