import { Type, type Static } from 'typebox';
import { MAX_TIER_FACILITIES, TIER_NAME_MAX_LENGTH } from '@courtside/domain';
import { Nullable, Price, Text } from './primitives.ts';

/** Customer tiers at /api/admin/tiers. Money in dollars, like a facility's pricePerHour. */

/** A tier's own prices at one facility: its base price and/or some of its price rules' prices. */
export const TierFacilityPrices = Type.Object(
  {
    pricePerHour: Type.Optional(Price("Instead of the facility's pricePerHour (where no price rule applies)")),
    rules: Type.Optional(
      Type.Record(Type.String(), Price('Instead of that rule\'s pricePerHour'), {
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

/** POST and PUT /api/admin/tiers: a name and exactly one of discountPercent or facilityPrices (the other left out or null; the domain checks both). */
export const TierBody = Type.Object(
  {
    name: Text(TIER_NAME_MAX_LENGTH),
    discountPercent: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100, description: 'Percent off the public price' }))),
    facilityPrices: Type.Optional(Nullable(TierFacilityPriceMap)),
  },
  { additionalProperties: false },
);
export type TierBody = Static<typeof TierBody>;
