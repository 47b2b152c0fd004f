import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatarUrl, initials } from './avatar';
import { md5 } from './md5';

describe('md5', () => {
  it('matches the RFC 1321 test vectors', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('agrees with node:crypto on UTF-8 and multi-block inputs', () => {
    for (const input of ['ॐ नमः शिवाय', 'é', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000)]) {
      expect(md5(input)).toBe(createHash('md5').update(input, 'utf8').digest('hex'));
    }
  });
});

describe('avatar', () => {
  it('builds an identicon URL from the normalised e-mail', () => {
    expect(avatarUrl(' MyEmailAddress@example.com ')).toBe(
      'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?d=identicon&s=80',
    );
    expect(avatarUrl('a@b.c', 256)).toMatch(/s=256$/);
  });

  it('takes the uppercased first letters of two names', () => {
    expect(initials('lakshmi', 'rao')).toBe('LR');
    expect(initials('Ravi', null)).toBe('R');
  });
});
