import type { LocalizedText } from '@opora/contracts';

/** A text in the three interface languages, in the order the documents are written: cs, en, sk. */
export const localized = (cs: string, en: string, sk: string): LocalizedText => ({ cs, en, sk });
