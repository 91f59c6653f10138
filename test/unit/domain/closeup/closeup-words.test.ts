import { describe, expect, it } from 'vitest';
import { noCloseupWords } from '../../../../app/domain/closeup/closeup-words.js';

describe('the Close-up with nothing to enlarge', () => {
  it('asks for hairlines only while there are fewer than two, else says why none is enlarged', () => {
    expect(noCloseupWords(0)).toMatch(/^Place two hairlines/);
    expect(noCloseupWords(1)).toMatch(/^Place two hairlines/);
    // A race won by seconds has its hairlines: asking for them again would send the judge looking for a fault.
    expect(noCloseupWords(4)).not.toMatch(/Place two hairlines/);
    expect(noCloseupWords(4)).toContain('too far ahead');
  });
});
