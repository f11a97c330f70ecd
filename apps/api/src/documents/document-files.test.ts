import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './document-files.ts';

describe('cleanFileName', () => {
  it('removes lone surrogate halves, NUL, controls and invisible direction marks', () => {
    expect(cleanFileName('a\ud800b\udc00c\u0000d\u0007e\u202Ef\u200Bg.pdf', 'application/pdf')).toBe(
      'abcdefg.pdf',
    );
  });

  it('keeps the last part of a path and drops leading dots', () => {
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(cleanFileName('..\\..\\.bashrc', 'image/png')).toBe('bashrc.png');
    expect(cleanFileName('/', 'image/png')).toBe('document.png');
  });

  it('ends the name with an extension of the real type', () => {
    expect(cleanFileName('sken.JPEG', 'image/jpeg')).toBe('sken.JPEG');
    expect(cleanFileName('sken.pdf', 'image/jpeg')).toBe('sken.pdf.jpg');
    expect(cleanFileName('.pdf', 'application/pdf')).toBe('pdf.pdf');
  });

  it('shortens a long name to 120 characters without splitting a character', () => {
    const cleaned = cleanFileName(
      `${'😀'.repeat(300)}.docx`,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(Array.from(cleaned)).toHaveLength(120);
    expect(cleaned.endsWith('😀.docx')).toBe(true);
    expect(cleaned.isWellFormed()).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('offers the UTF-8 name and an ASCII fallback without quotes or backslashes', () => {
    expect(attachmentDisposition('Zpráva "1" (a)\\b.pdf')).toBe(
      `attachment; filename="Zpr_va _1_ (a)_b.pdf"; filename*=UTF-8''Zpr%C3%A1va%20%221%22%20%28a%29%5Cb.pdf`,
    );
  });
});
