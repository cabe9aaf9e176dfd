import { describe, expect, it } from 'vitest';
import { serializeForScript } from './hydration.ts';

describe('serializeForScript', () => {
  it('escapes what could end the inline script or a string in it, and reads back the same', () => {
    const value = { text: '</script><script>alert(1)</script>', separators: 'a\u2028b\u2029c', nested: ['<!--', 1] };
    const out = serializeForScript(value);
    expect(out).not.toMatch(/[<\u2028\u2029]/);
    expect(out).toContain('\\u003c/script>');
    expect(JSON.parse(out)).toEqual(value);
  });
});
