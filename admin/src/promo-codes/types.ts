import type { PromoCodeDto } from '@courtside/contracts';

/** A promo code as the back office lists it (its `id` is react-admin's key already). */
export type PromoCodeRecord = PromoCodeDto;
