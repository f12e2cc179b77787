import { describe, expect, it } from 'vitest';
import { browserName } from '../../../src/client/screens/profile/browser-name.ts';

describe("a session's browser, as a person recognises it", () => {
  it('names Chrome, Edge, Firefox and Safari with their system, not the Chrome inside Edge', () => {
    expect(
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ].map(browserName),
    ).toEqual(['Chrome · Windows', 'Edge · Windows', 'Firefox · Linux', 'Safari · iPhone']);
  });

  it('an agent it does not know is shown as sent, and none as a dash', () => {
    expect(browserName('curl/8.5.0')).toBe('curl/8.5.0');
    expect(browserName(null)).toBe('—');
  });
});
