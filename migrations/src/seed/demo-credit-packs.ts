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
  { name: 'Pay $100, play $110', price: 100, credit: 110, bonusExpiresDays: 180 },
  { name: 'Pay $200, play $230', price: 200, credit: 230, bonusExpiresDays: 365 },
];
