import { CssBaseline } from '@mui/material';
import { Suspense, type ComponentType } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, LoadingPage, Notification, Resource, defaultI18nProvider, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';
import { theme } from './theme.ts';
import { Dashboard, Layout } from './layout/LazyConsole.tsx';
import { lazyScreen } from './common/lazyScreen.ts';
import { LoginPage } from './layout/LoginPage.tsx';
import { DaySheetPage, DayViewPage } from './day-view/index.ts';
import { CashUpPage } from './cash-up/index.ts';
import { ReportsPage } from './reports/index.ts';
import { TodayPage } from './attendance/index.ts';
import bookings from './bookings/index.ts';
import facilities from './facilities/index.ts';
import users from './users/index.ts';
import messages from './messages/index.ts';
import payments from './payments/index.ts';
import emails from './emails/index.ts';
import closures from './closures/index.ts';
import series from './series/index.ts';
import waitlist from './waitlist/index.ts';
import tiers from './tiers/index.ts';
import promoCodes from './promo-codes/index.ts';
import creditPacks from './credit-packs/index.ts';
import devices from './devices/index.ts';
import reviews from './reviews/index.ts';
import audit from './audit/index.ts';
import webhooks from './webhooks/index.ts';

const store = localStorageStore();

/** A page drawn outside the layout (and its Suspense boundary) shows the loading page while its code arrives. */
const outsideLayout =
  <P extends object>(Page: ComponentType<P>) =>
  (props: P) => (
    <Suspense fallback={<LoadingPage />}>
      <Page {...props} />
    </Suspense>
  );

const loadPages = () => import('./layout/pages.ts');
const AuthCallback = outsideLayout(lazyScreen(loadPages, 'AuthCallback'));
const ErrorPage = outsideLayout(lazyScreen(loadPages, 'ErrorPage'));
const AuthenticationError = lazyScreen(loadPages, 'AuthenticationError');
const NotFound = lazyScreen(loadPages, 'NotFound');
/** A screen the signed-in role does not include: drawn inside the console (only staff get that far). */
const NotForYourRole = lazyScreen(() => import('./layout/NotForYourRole.tsx'), 'NotForYourRole');

/** react-admin renders its catch-all route without props. */
const NotFoundPage = () => <NotFound />;

/**
 * The Courtside back office: hash routes under /admin/ (/admin/#/facilities, ...).
 *
 * This is react-admin's <Admin> taken apart: <AdminContext> and the UI that <AdminUI> puts
 * around <CoreAdminUI>, with the same defaults (store, messages, pages) passed by hand. <AdminUI>
 * would import its own layout and login form, which this app replaces, into the first screen;
 * here the sign-in page loads alone, and the console and each resource screen load on demand.
 */
export const App = () => (
  <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider} store={store} theme={theme}>
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        title="Courtside back office"
        loginPage={LoginPage}
        layout={Layout}
        dashboard={Dashboard}
        accessDenied={NotForYourRole}
        authCallbackPage={AuthCallback}
        authenticationError={AuthenticationError}
        catchAll={NotFoundPage}
        error={ErrorPage}
        loading={LoadingPage}
        requireAuth
        disableTelemetry
      >
        <Resource name="bookings" {...bookings} />
        <Resource name="payments" {...payments} />
        <Resource name="facilities" {...facilities} />
        <Resource name="users" {...users} />
        <Resource name="messages" {...messages} />
        <Resource name="emails" {...emails} />
        <Resource name="closures" {...closures} />
        <Resource name="series" {...series} />
        <Resource name="waitlist" {...waitlist} />
        <Resource name="tiers" {...tiers} />
        <Resource name="promo-codes" {...promoCodes} />
        <Resource name="credit-packs" {...creditPacks} />
        <Resource name="devices" {...devices} />
        <Resource name="reviews" {...reviews} />
        <Resource name="webhooks" {...webhooks} />
        <Resource name="audit" {...audit} />
        <CustomRoutes>
          <Route path="/day-view" element={<DayViewPage />} />
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/today" element={<TodayPage />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/day-sheet" element={<DaySheetPage />} />
          <Route path="/cash-up" element={<CashUpPage />} />
        </CustomRoutes>
      </CoreAdminUI>
      <Notification />
    </CssBaseline>
  </AdminContext>
);
