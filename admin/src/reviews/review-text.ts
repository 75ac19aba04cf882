import type { ReviewRecord } from './types.ts';

/** "★★★★☆" for 4 stars. */
export const stars = (rating: number): string => '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));

/** Filter choices: the stars, and visible or hidden. */
export const ratingChoices = [5, 4, 3, 2, 1].map((n) => ({ id: n, name: stars(n) }));
export const hiddenChoices = [
  { id: 'false', name: 'Visible' },
  { id: 'true', name: 'Hidden' },
];

/** "Hidden by Sam Staff: Abusive language", or '' while visible. */
export function hiddenText(r: Pick<ReviewRecord, 'hidden' | 'hiddenByName' | 'hiddenReason'>): string {
  if (!r.hidden) return '';
  const by = r.hiddenByName ? `Hidden by ${r.hiddenByName}` : 'Hidden';
  return r.hiddenReason ? `${by}: ${r.hiddenReason}` : by;
}
