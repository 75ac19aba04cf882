import { Type, type Static } from 'typebox';
import { MAX_TIER_FACILITIES } from '@courtside/domain';
import { Nullable } from './primitives.ts';

/** Customer tiers at /api/admin/tiers. Money in dollars, like a facility's pricePerHour. */

const Dollars = (description: string) => Type.Number({ minimum: 0, maximum: 1_000_000, description });

/** A tier's own prices at one facility: its base price and/or some of its price rules' prices. */
export const TierFacilityPrices = Type.Object(
  {
    pricePerHour: Type.Optional(Dollars("Instead of the facility's pricePerHour (where no price rule applies)")),
    rules: Type.Optional(
      Type.Record(Type.String(), Dollars('Instead of that rule\'s pricePerHour'), {
        description: "By the rule's index in the facility's priceRules (\"0\", \"2\")",
      }),
    ),
  },
  { additionalProperties: false },
);
export type TierFacilityPrices = Static<typeof TierFacilityPrices>;

/** By facility id; at most MAX_TIER_FACILITIES facilities. */
export const TierFacilityPriceMap = Type.Record(Type.String(), TierFacilityPrices, {
  maxProperties: MAX_TIER_FACILITIES,
  description: 'Own prices per facility id; what it leaves out costs the public price, and a tier price is never charged above the public one',
});

/** A tier as the back office reads it. */
export const TierDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  discountPercent: Nullable(Type.Integer()),
  facilityPrices: Nullable(TierFacilityPriceMap),
  customers: Type.Integer({ description: 'How many active customers hold it (expired or not)' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type TierDto = Static<typeof TierDto>;
