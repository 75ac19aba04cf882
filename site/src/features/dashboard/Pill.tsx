import type { Badge } from './badges.ts';

/** A badge, with its detail and a way to act on it beneath. */
export function Pill({ badge }: { badge: Badge }) {
  return (
    <>
      <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
      {(badge.detail || badge.link) && (
        <small className={`badge-detail badge-detail-${badge.tone}`}>
          {badge.detail}
          {badge.link && (
            <>
              {' '}
              <a href={badge.link.href}>{badge.link.text}</a>
            </>
          )}
        </small>
      )}
    </>
  );
}
