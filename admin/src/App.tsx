import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';
import { theme } from './theme.ts';
import { Layout } from './layout/Layout.tsx';
import { LoginPage } from './layout/LoginPage.tsx';
import { StaffOnly } from './layout/StaffOnly.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { DayViewPage } from './day-view/index.ts';
import bookings from './bookings/index.ts';
import facilities from './facilities/index.ts';
import users from './users/index.ts';
import messages from './messages/index.ts';
import payments from './payments/index.ts';

/** The Courtside back office: hash routes under /admin/ (/admin/#/facilities, ...). */
export const App = () => (
  <Admin
    title="Courtside back office"
    dataProvider={dataProvider}
    authProvider={authProvider}
    loginPage={LoginPage}
    layout={Layout}
    dashboard={Dashboard}
    accessDenied={StaffOnly}
    theme={theme}
    requireAuth
    disableTelemetry
  >
    <Resource name="bookings" {...bookings} />
    <Resource name="payments" {...payments} />
    <Resource name="facilities" {...facilities} />
    <Resource name="users" {...users} />
    <Resource name="messages" {...messages} />
    <CustomRoutes>
      <Route path="/day-view" element={<DayViewPage />} />
    </CustomRoutes>
  </Admin>
);
