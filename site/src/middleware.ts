// Typed from the astro package, not the generated astro:middleware module: type checks run before any build.
import type { MiddlewareHandler } from 'astro';
import { pageMoneyFormat } from './lib/money.server.ts';

/**
 * Before an on-demand page renders: amounts in the venue's currency and locale, on the server
 * and (through <html data-currency data-locale>, see Layout.astro) in the page's islands.
 */
export const onRequest: MiddlewareHandler = async (context, next) => {
  if (!context.isPrerendered) context.locals.money = await pageMoneyFormat(context);
  return next();
};
