import {
  type DocumentContentType,
  documentContentTypes,
  documentFileNameMaxLength,
  documentFormatNames,
  isDocumentContentType,
  maxDocumentBytes,
} from '@opora/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../platform/errors.ts';

/** The extensions a name may end with for each type; a name without one gets the first. */
const extensionsOf: Record<DocumentContentType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/**
 * The type of the file from its bytes (magic numbers; a DOCX is a zip holding a Word document), or a
 * refusal: `DocumentTypeNotAllowed` (415) for anything but the allowed types — whatever the name or
 * the browser said — and `PayloadTooLarge` (413) past the limit.
 */
export async function sniffDocumentType(content: Uint8Array): Promise<DocumentContentType> {
  return sniffAllowedType(content, documentContentTypes, 'DocumentTypeNotAllowed');
}

/**
 * As `sniffDocumentType`, for a narrower list of types (a provider's verification documents: no DOCX),
 * refused with its own code.
 */
export async function sniffAllowedType<T extends DocumentContentType>(
  content: Uint8Array,
  allowed: readonly T[],
  refusal: 'DocumentTypeNotAllowed' | 'ProviderDocumentTypeNotAllowed',
): Promise<T> {
  if (content.byteLength > maxDocumentBytes) {
    throw new AppError('PayloadTooLarge', `A document can be at most ${maxDocumentBytes} bytes.`);
  }
  const found = content.byteLength === 0 ? undefined : await fileTypeFromBuffer(content);
  const type = found && isDocumentContentType(found.mime) ? found.mime : undefined;
  const accepted = allowed.find((each) => each === type);
  if (!accepted) {
    throw new AppError(
      refusal,
      `The file is not one of ${allowed.map((each) => documentFormatNames[each]).join(', ')}.`,
    );
  }
  return accepted;
}

// Lone surrogate halves (invalid text), control and format characters (NUL, line breaks, the
// right-to-left override that makes `fdp.exe` read as `exe.pdf`, zero-width characters).
const invisible = /[\p{Cs}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// Reserved in file names on Windows or macOS; replaced so a download saves under the name shown.
const reserved = /[<>:"|?*]/g;

/** Cuts to at most `max` code points without splitting a surrogate pair. */
function cut(value: string, max: number): string {
  const points = Array.from(value);
  return points.length <= max ? value : points.slice(0, max).join('');
}

/**
 * The name a document is stored and offered under: the last part of any path, without invisible or
 * reserved characters, leading dots or surrounding spaces, at most `documentFileNameMaxLength`
 * characters, ending with an extension of its real type (`scan` → `scan.pdf`; a PNG named
 * `photo.pdf` → `photo.pdf.png`).
 */
export function cleanFileName(raw: string, contentType: DocumentContentType): string {
  const base = raw.replace(invisible, '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(reserved, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const extensions = extensionsOf[contentType];
  const lower = name.toLowerCase();
  const extension = extensions.find((each) => lower.endsWith(each) && lower.length > each.length);
  let stem = extension ? name.slice(0, name.length - extension.length) : name;
  const suffix = extension ? name.slice(name.length - extension.length) : (extensions[0] ?? '');
  stem = cut(stem, documentFileNameMaxLength - suffix.length).trim();
  name = `${stem || 'document'}${suffix}`;
  return name;
}

/**
 * `Content-Disposition` of a download: always an attachment (user files are never shown on our
 * origin), the name in UTF-8 (RFC 6266 / RFC 8187) with an ASCII fallback for old clients.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
