import { describe, expect, it } from 'vitest';
import { closeupScene, type SceneSubject } from '../../../../app/domain/closeup/closeup-scene.js';

const metrics = { row: 10, gap: 3, slack: 60, hairline: 1, measure: (t: string) => t.length * 5 };
const subject = (x: number, tag: string, margin = '', colour = '#d7191c'): SceneSubject => ({ x, tag, margin, colour, typed: false });

/** Does any line pass through any text box (other than touching at its end)? */
function crossings(scene: ReturnType<typeof closeupScene>): string[] {
  const out: string[] = [];
  for (const t of scene.texts) {
    const box = { x0: t.x, x1: t.x + metrics.measure(t.text), y0: t.y, y1: t.y + metrics.row };
    for (const l of scene.lines) {
      const vertical = l.x1 === l.x2;
      if (vertical) {
        const [ya, yb] = [Math.min(l.y1, l.y2), Math.max(l.y1, l.y2)];
        if (l.x1 > box.x0 + 0.5 && l.x1 < box.x1 - 0.5 && yb > box.y0 + 2 && ya < box.y1 - 2) out.push(`vertical line at ${l.x1} through "${t.text}"`);
      } else if (l.y1 > box.y0 && l.y1 < box.y1 && Math.max(l.x1, l.x2) > box.x0 + 0.5 && Math.min(l.x1, l.x2) < box.x1 - 0.5) {
        out.push(`dimension line through "${t.text}"`);
      }
    }
  }
  return out;
}

describe('close-up scene', () => {
  it('draws each hairline over the image and out to its tag, and the margin between the hairlines below', () => {
    const scene = closeupScene([subject(100, '1st #5'), subject(160, '2nd #17', '+0.001 s', '#2166ac')], { width: 300, height: 200 }, metrics);
    expect(scene.lines.filter((l) => l.y1 === 0 && l.y2 === 200).map((l) => l.x1)).toEqual([100, 160]);
    const margin = scene.texts.find((t) => t.text === '+0.001 s')!;
    expect(margin.y).toBeGreaterThan(200);
    expect(margin.x).toBeGreaterThan(100);
    expect(margin.x + 40).toBeLessThan(160);
    expect(scene.bounds.top).toBeLessThan(0);
    expect(scene.bounds.bottom).toBeGreaterThan(200);
    expect(crossings(scene)).toEqual([]);
  });

  it('keeps lines off the texts for a tight bunch of five with their margins', () => {
    const subjects = [0, 1.5, 3, 4, 6].map((d, i) => subject(150 + d, `${i + 1}th #${10 + i}`, i > 0 ? '+0.001 s' : ''));
    const scene = closeupScene(subjects, { width: 300, height: 120 }, metrics);
    expect(crossings(scene)).toEqual([]);
    expect(scene.texts).toHaveLength(9);
  });

  it('stops a hairline under its tag where the tag must stand over it (no room beside it)', () => {
    const narrow = { ...metrics, slack: 0 };
    const scene = closeupScene([subject(30, '1st #77')], { width: 60, height: 50 }, narrow);
    const tag = scene.texts.find((t) => t.text === '1st #77')!;
    expect(tag.x).toBeLessThan(30);
    expect(tag.x + 35).toBeGreaterThan(30);
    expect(crossings(scene)).toEqual([]);
  });
});
