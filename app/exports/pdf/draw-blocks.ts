/** The blocks an official signs under: notes, the certification with signature lines, and the evidence hashes. */
import { fingerprintOf } from '../../security/installation-key.js';
import type { RaceView } from '../../api/types.js';
import type { CertificationSignature } from '../../domain/race/document.js';
import { certifiedRules } from '../../domain/results/results-rules.js';
import type { EvidenceHashes } from '../evidence-files.js';
import { instantText } from '../sheet/notes.js';
import { MUTED, type SheetWriter } from './sheet-writer.js';

export function drawNotes(w: SheetWriter, notes: string[]): void {
  if (notes.length === 0) return;
  w.heading('Notes', 24);
  const indent = 10;
  for (const n of notes) {
    w.font('Sans', 7.5);
    const h = w.heightOf(n, w.contentWidth - indent);
    w.ensure(h + 2);
    w.textAt('•', w.left + 1, w.y, { lineBreak: false });
    w.textAt(n, w.left + indent, w.y, { width: w.contentWidth - indent });
    w.y += h + 2;
  }
  w.y += 6;
}

function signatureLine(w: SheetWriter, x: number, y: number, width: number, caption: string): void {
  w.doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(MUTED).stroke();
  w.font('Sans', 6.5, MUTED);
  w.textAt(caption, x, y + 2, { width, lineBreak: false });
}

export function drawCertification(w: SheetWriter, view: RaceView): void {
  w.heading('Certification', 54);
  const c = view.certified;
  if (c) {
    w.font('Sans-Bold', 9);
    w.textAt(`Certified by ${c.official}, ${c.role}`, w.left, w.y, { width: w.contentWidth });
    w.y += 13;
    w.font('Sans', 8);
    w.textAt(`Signed at ${instantText(c.at)} · revision ${c.revision}`, w.left, w.y, { width: w.contentWidth });
    w.y += 11;
    w.font('Sans', 7, MUTED);
    w.textAt('Results SHA-256 at certification:', w.left, w.y, { lineBreak: false });
    w.font('Mono', 7);
    // The rules version says how to recompute that hash (results-rules.ts).
    w.textAt(`${c.resultsSha256}  (result rules ${certifiedRules(c)})`, w.left + 120, w.y, { lineBreak: false });
    w.y += 10;
    if (c.signature) drawSignature(w, c.signature);
  } else {
    w.font('Sans-Bold', 8.5, '#cc0000');
    const text = `NOT CERTIFIED — provisional results (revision ${view.revision}): not valid for prizes, records or protests.`;
    w.textAt(text, w.left, w.y, { width: w.contentWidth });
    w.y += w.heightOf(text, w.contentWidth);
  }
  w.y += 22;
  const half = (w.contentWidth - 24) / 2;
  const first = c ? `Signature of ${c.official} (${c.role})` : 'Chief photo-finish judge: name, signature, date';
  signatureLine(w, w.left, w.y, half, first);
  signatureLine(w, w.left + half + 24, w.y, half, 'Second official (referee / steward): name, role, signature, date');
  w.y += 16;
}

/** The installation's Ed25519 signature of the certification: key (id and public key) and signature value. */
function drawSignature(w: SheetWriter, sig: CertificationSignature): void {
  for (const [label, value] of [
    ['Signing key (Ed25519):', `${sig.keyId}  ${sig.publicKey}`],
    ['Key fingerprint:', `SHA256 ${fingerprintOf(sig.publicKey)}`],
    ['Signature:', sig.value],
  ] as const) {
    w.font('Sans', 7, MUTED);
    w.textAt(label, w.left, w.y, { lineBreak: false });
    w.font('Mono', 6.5);
    w.textAt(value, w.left + 120, w.y, { width: w.contentWidth - 120, lineBreak: false });
    w.y += 9;
  }
}

export function drawEvidence(w: SheetWriter, h: EvidenceHashes): void {
  const rows: [string, string][] = [
    ['race.json SHA-256', h.raceJsonSha256],
    ['composite SHA-256', h.compositeSha256],
    ['manifest SHA-256', h.manifestSha256],
    ['times SHA-256', h.timesSha256],
    ['audit head', `${h.auditHead} (${h.auditCount} entries)`],
    ['source frames', `${h.sourceFrames} (${h.sourceFiles} file${h.sourceFiles === 1 ? '' : 's'} hashed in the manifest)`],
  ];
  if (h.sourceSha256) rows.splice(rows.length - 1, 0, ['source file SHA-256', h.sourceSha256]);
  w.heading('Evidence', rows.length * 9 + 14);
  for (const [label, value] of rows) {
    w.ensure(9);
    w.font('Sans', 7, MUTED);
    w.textAt(label, w.left, w.y, { width: 100, lineBreak: false });
    w.font('Mono', 7);
    w.textAt(value, w.left + 100, w.y, { width: w.contentWidth - 100, lineBreak: false });
    w.y += 9;
  }
  w.font('Sans', 6.5, MUTED);
  const verify = '`photofinish verify RACE --head <audit head>` recomputes these hashes, replays the audit log, checks the signature and that the log still holds this head.';
  w.ensure(12);
  w.textAt(verify, w.left, w.y + 1, { width: w.contentWidth });
  w.y += 16;
}
