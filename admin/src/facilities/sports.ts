import { SPORTS, SPORT_LABELS, type Sport } from '@courtside/domain';

/** The sports as react-admin choices, in the domain's order (tennis first, other last). */
export const sportChoices: { id: Sport; name: string }[] = SPORTS.map((id) => ({ id, name: SPORT_LABELS[id] }));

/** A record's sport as people read it; a value this build does not know is shown as it is. */
export const sportLabel = (sport: string | undefined): string => (sport && sport in SPORT_LABELS ? SPORT_LABELS[sport as Sport] : (sport ?? ''));
