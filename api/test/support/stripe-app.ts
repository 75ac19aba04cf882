import { afterAll, beforeAll, beforeEach } from 'vitest';
import { admin, customer, facility, type Actor } from './actors.ts';
import { StripeStub } from './stripe-stub.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** What the Stripe suites work with: the stub, an app pointed at it, an admin, two customers and a $20/hour court. */
export interface StripeApp {
  stub: StripeStub;
  t: TestApp;
  staff: Actor;
  casey: Actor;
  dana: Actor;
  court: { _id: string };
}

/**
 * Registers the suite hooks the Stripe tests share: start the stub and the app once, set the
 * clock to `start` before each test, close both after. `take` receives what was set up.
 */
export function useStripeApp(start: string, take: (setup: StripeApp) => void): void {
  let stub: StripeStub | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    stub = await new StripeStub().start();
    t = await createTestApp({ env: stub.env() });
    const staff = await admin(t.app);
    const casey = await customer(t.app, 'Casey Customer');
    const dana = await customer(t.app, 'Dana Customer');
    const court = await facility(t.app, staff, { pricePerHour: 20 });
    take({ stub, t, staff, casey, dana, court });
  });
  beforeEach(() => t?.clock.set(start));
  afterAll(async () => {
    await t?.close();
    await stub?.stop();
  });
}
