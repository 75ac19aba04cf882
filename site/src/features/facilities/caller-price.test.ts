import { describe, expect, it } from 'vitest';
import { callerPriceHtml, hourlyPriceLabel } from './caller-price.ts';

const list = { pricePerHour: 20, varies: true };

describe("a facility's price line for whoever reads it", () => {
  it('says one price, or "from" the lowest when rules vary it', () => {
    expect(hourlyPriceLabel({ pricePerHour: 28, varies: false })).toBe('$28.00 / hour');
    expect(hourlyPriceLabel(list)).toBe('from $20.00 / hour');
  });

  it("shows a member their own price, labelled with their tier, beside the list price", () => {
    const html = callerPriceHtml({ price: { pricePerHour: 16, varies: true }, listPrice: list, tier: 'Member' });
    expect(html).toBe('<span class="price-who">Member price</span> <span class="price-own">from $16.00 / hour</span> <span class="price-list">List price <s>from $20.00 / hour</s></span>');
  });

  it('changes nothing for a customer who pays the list price (no tier, or a tier that does not lower it here)', () => {
    expect(callerPriceHtml({ price: list, listPrice: list, tier: null })).toBeNull();
    expect(callerPriceHtml({ price: list, listPrice: list, tier: 'Member' })).toBeNull();
  });

  it("escapes the tier's name, which staff type", () => {
    expect(callerPriceHtml({ price: { pricePerHour: 16, varies: false }, listPrice: { pricePerHour: 20, varies: false }, tier: '<b>Gold</b>' })).toContain('&lt;b&gt;Gold&lt;/b&gt; price');
  });
});
