/**
 * One suggestion per body: small pieces beside a body that stay on the line with it are parts of it. A cyclist's
 * head above the rider, a wheel below the frame, a livery stripe, a horse's hoof: the detector can see each as a
 * region of its own (its outline steps where the piece meets the body, or a row or two of background shows between
 * them), and each would get a suggestion. A piece is taken for part of its neighbour when
 * - it moves the same way,
 * - it lies beside it across the line (touching, or a few rows apart),
 * - it is on the line while the neighbour is (their columns mostly overlap: parts of one body pass together), and
 * - it is much narrower across the line than the neighbour (two competitors side by side are each a whole body,
 *   of like size, and stay two), or it lies mostly within the neighbour's rows and columns both (a stripe or a
 *   window read on its own: a competitor drawn over another one comes and goes at its own times);
 * or when it rides on its neighbour (ridesOn: a cyclist on the bike, as wide across the line as the bike itself).
 * The joined body's crossing is the earliest of its pieces' (its first point to reach the line), read as that
 * piece's reading states it.
 */
import type { Reading } from './reading.js';

/** A piece is a part of its neighbour when it spans at most this share of the neighbour's rows. */
const PIECE_SHARE = 0.4;
/** Share of the shorter one's columns that must lie within the other's. */
const TOGETHER_SHARE = 0.5;
/** A rider touches what carries it (rows between at most) and is on the line at most this share of its time. */
const RIDER_GAP = 1;
const RIDER_SHARE = 0.75;

const rowsOf = (r: Reading) => r.span.bottom - r.span.top + 1;
/** Rows of background between two readings across the line (0: they touch; negative: they overlap). */
const rowGap = (a: Reading, b: Reading) => Math.max(a.span.top, b.span.top) - Math.min(a.span.bottom, b.span.bottom) - 1;

function isPieceOf(piece: Reading, body: Reading, maxGap: number): boolean {
  if (piece.direction !== body.direction) return false;
  if (ridesOn(piece, body)) return true;
  if (rowsOf(piece) > rowsOf(body)) return false;
  if (rowsOf(piece) > PIECE_SHARE * rowsOf(body) && !within(piece, body)) return false;
  if (rowGap(piece, body) > maxGap) return false;
  const overlap = Math.min(piece.span.lastColumn, body.span.lastColumn) - Math.max(piece.span.firstColumn, body.span.firstColumn) + 1;
  const shorter = Math.min(piece.span.lastColumn - piece.span.firstColumn + 1, body.span.lastColumn - body.span.firstColumn + 1);
  return overlap >= TOGETHER_SHARE * shorter;
}

/**
 * A rider on the body that carries it: touching it across the line, on the line only while it is, and for well
 * under its time there (RIDER_SHARE), however many rows it spans. A cyclist above the bike (15 fps: the rider 2
 * columns, the bike 4), a jockey on a horse. Two competitors side by side are each on the line about as long as
 * the other (a class of racing shares its bodies' lengths), and the one behind leaves after the one ahead.
 */
function ridesOn(rider: Reading, body: Reading): boolean {
  if (rowGap(rider, body) > RIDER_GAP) return false;
  const columns = (r: Reading) => r.span.lastColumn - r.span.firstColumn + 1;
  if (rider.span.firstColumn < body.span.firstColumn || rider.span.lastColumn >= body.span.lastColumn) return false;
  return columns(rider) <= RIDER_SHARE * columns(body);
}

/** Mostly inside the body's rows, and on the line only while the body is (a column of slack either end). */
function within(piece: Reading, body: Reading): boolean {
  const rows = Math.min(piece.span.bottom, body.span.bottom) - Math.max(piece.span.top, body.span.top) + 1;
  return rows >= 0.5 * rowsOf(piece) && piece.span.firstColumn >= body.span.firstColumn && piece.span.lastColumn <= body.span.lastColumn + 1;
}

/** The readings with every piece joined to its body (see above); `maxGap` rows of background may lie between them. */
export function joinPieces(readings: readonly Reading[], maxGap: number): Reading[] {
  const out = [...readings].sort((a, b) => rowsOf(b) - rowsOf(a));
  for (let joined = true; joined; ) {
    joined = false;
    search: for (let i = 0; i < out.length; i++) {
      for (let j = 0; j < out.length; j++) {
        if (i === j || !isPieceOf(out[j] as Reading, out[i] as Reading, maxGap)) continue;
        out[i] = joinTwo(out[i] as Reading, out[j] as Reading);
        out.splice(j, 1);
        joined = true;
        break search;
      }
    }
  }
  return out;
}

function joinTwo(body: Reading, piece: Reading): Reading {
  // The first of the two to reach the line gives the time, unless only the other was read between frames.
  const first = piece.time < body.time && (piece.calibrated || !body.calibrated) ? piece : body;
  const span = {
    firstColumn: Math.min(body.span.firstColumn, piece.span.firstColumn),
    lastColumn: Math.max(body.span.lastColumn, piece.span.lastColumn),
    top: Math.min(body.span.top, piece.span.top),
    bottom: Math.max(body.span.bottom, piece.span.bottom),
    contrast: Math.max(body.span.contrast, piece.span.contrast),
    lighting: Math.min(body.span.lighting ?? 0, piece.span.lighting ?? 0),
  };
  return { ...first, span, rows: [Math.min(body.rows[0], piece.rows[0]), Math.max(body.rows[1], piece.rows[1])], quality: Math.max(body.quality, piece.quality) };
}
