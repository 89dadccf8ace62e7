import { describe, expect, it } from 'vitest';
import { frameWords } from './frame-words';

describe('frame words', () => {
  it('are Filipino for a TY launch and English otherwise', () => {
    const ty = frameWords('TY');
    const en = frameWords('EN');
    expect(ty.backToLobby).toBe('Bumalik sa lobby');
    for (const key of Object.keys(en) as (keyof typeof en)[])
      if (key !== 'demo') expect(ty[key], key).not.toBe(en[key]);
    expect(frameWords('ty')).toBe(ty);
    expect(frameWords('DE')).toBe(en);
    expect(frameWords(undefined)).toBe(en);
  });
});
