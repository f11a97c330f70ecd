import type { Locale } from '@opora/contracts';
import { useId } from 'react';

type FlagProps = { locale: Locale; width?: number };

/** Small inline flags (no remote images, no emoji fonts needed); decorative, the language name is the label. */
export function LocaleFlag({ locale, width = 24 }: FlagProps) {
  const clipId = useId();
  const common = {
    width,
    height: (width * 2) / 3,
    focusable: false,
    style: { flex: 'none', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' },
  } as const;

  if (locale === 'cs') {
    return (
      <svg viewBox="0 0 6 4" aria-hidden {...common}>
        <rect width="6" height="4" fill="#d7141a" />
        <rect width="6" height="2" fill="#fff" />
        <path d="M0 0l3 2-3 2z" fill="#11457e" />
      </svg>
    );
  }

  if (locale === 'sk') {
    return (
      <svg viewBox="0 0 9 6" aria-hidden {...common}>
        <rect width="9" height="6" fill="#ee1c25" />
        <rect width="9" height="4" fill="#0b4ea2" />
        <rect width="9" height="2" fill="#fff" />
        <path
          d="M2 1.2h2.6v2.2c0 1-.7 1.6-1.3 1.9-.6-.3-1.3-.9-1.3-1.9z"
          fill="#ee1c25"
          stroke="#fff"
          strokeWidth=".18"
        />
        <path
          d="M3.2 1.55h.2v.35h.5v.2h-.5v.3h.65v.2h-.65v.95h-.2V3.6h-.65v-.2h.65v-.3h-.5v-.2h.5z"
          fill="#fff"
        />
        <path d="M2.25 4.15q.3-.45.65-.25.2-.4.4-.4t.4.4q.35-.2.65.25l-.35.5-.7.35-.7-.35z" fill="#0b4ea2" />
      </svg>
    );
  }

  return (
    <svg viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice" aria-hidden {...common}>
      <clipPath id={`${clipId}-diagonal`}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clipId}-diagonal)`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
