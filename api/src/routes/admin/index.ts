import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { declareGroupAccess } from '../../plugins/auth.ts';
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

const tags = ['back office'];

/**
 * The back office's API, registered under /api/admin: every route in this folder is for
 * staff only and listed under one OpenAPI tag, so the files declare neither.
 */
const adminApi: FastifyPluginAsyncTypebox = async (app) => {
  declareGroupAccess(app, 'admin');
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags };
  });
  for (const routes of [facilities, bookings, users, messages, dayView, stats, payments, emails, closures, series, tiers, promoCodes, reviews, uploads]) await app.register(routes);
};

export default adminApi;
