import { AVATAR_FALLBACK } from '../lib/avatar.ts';

/** A customer's photo, or the default one when there is none or it does not load. */
export function Avatar({ src, size, alt = '' }: { src?: string; size: number; alt?: string }) {
  return (
    <img
      className="dash-avatar"
      src={src || AVATAR_FALLBACK}
      alt={alt}
      width={size}
      height={size}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(AVATAR_FALLBACK)) img.src = AVATAR_FALLBACK;
      }}
    />
  );
}
