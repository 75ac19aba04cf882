// The credit packs a fresh install offers, as a venue would sell them: pay, and play for more.

export interface DemoCreditPack {
  name: string;
  /** Dollars paid. */
  price: number;
  /** Dollars of credit given; above the price is bonus. */
  credit: number;
  /** Days the bonus lasts from the top-up; null: it never expires. */
  bonusExpiresDays: number | null;
}

export const DEMO_CREDIT_PACKS: readonly DemoCreditPack[] = [
  // Pay $100, play $110 (the bonus lasts 180 days); pay $200, play $230 (a year).
  { name: 'Gold', price: 100, credit: 110, bonusExpiresDays: 180 },
  { name: 'Platinum', price: 200, credit: 230, bonusExpiresDays: 365 },
];
