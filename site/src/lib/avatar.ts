/** The photo shown for an account without one (or whose photo does not load). */
export const AVATAR_FALLBACK = '/images/avatar.svg';
