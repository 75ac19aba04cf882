import { brand } from '../theme.ts';

/** The Courtside mark: a court seen from above. */
export const Logo = ({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="30" height="30" rx="7" fill={inverted ? '#fff' : brand.main} />
    <rect x="7" y="6" width="18" height="20" rx="1.5" fill="none" stroke={inverted ? brand.main : '#fff'} strokeWidth="2" />
    <line x1="7" y1="16" x2="25" y2="16" stroke={inverted ? brand.main : '#fff'} strokeWidth="2" />
    <circle cx="22" cy="10" r="2.2" fill={brand.accent} />
  </svg>
);
