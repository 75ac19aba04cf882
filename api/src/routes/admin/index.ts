import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareStaffGroup } from '../../plugins/auth.ts';
import facilities from './facilities.ts';
import bookings from './bookings.ts';
import users from './users.ts';
import messages from './messages.ts';
import dayView from './day-view.ts';
import stats from './stats.ts';
import payments from './payments.ts';
import emails from './emails.ts';
import closures from './closures.ts';
import series from './series.ts';
import tiers from './tiers.ts';
import promoCodes from './promo-codes.ts';
import reviews from './reviews.ts';
import uploads from './uploads.ts';
import staff from './staff.ts';
import reports from './reports.ts';
import cashUp from './cash-up.ts';
import waitlist from './waitlist.ts';
import attendance from './attendance.ts';
import webhooks from './webhooks.ts';
import devices from './devices.ts';
import creditPacks from './credit-packs.ts';
import wallets from './wallets.ts';

const tags = ['back office'];

/**
 * The back office's API, registered under /api/admin: every route in this folder is for staff,
 * declares the least role it needs (staffOnly, from the domain's table; the server does not
 * start without it) and is listed under one OpenAPI tag.
 */
const adminApi: FastifyPluginAsyncTypebox = async (app) => {
  declareStaffGroup(app);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags };
  });
  for (const routes of [facilities, bookings, users, messages, dayView, stats, payments, emails, closures, series, tiers, promoCodes, reviews, uploads, staff, reports, cashUp, waitlist, devices, attendance, webhooks, creditPacks, wallets]) await app.register(routes);
};

export default adminApi;
