/** The site's main pages, signed out and signed in, for the accessibility, CSP and screenshot passes. */
export interface MainPage {
  name: string;
  path: (ids: { facility: string }) => string;
  session?: boolean;
  /** The answer the server should give (200 unless said). */
  status?: number;
  /** Text that shows the page is really rendered (not a spinner). */
  ready?: RegExp;
}

export const MAIN_PAGES: MainPage[] = [
  { name: 'home', path: () => '/' },
  { name: 'about-us', path: () => '/about-us' },
  { name: 'contact-us', path: () => '/contact-us' },
  { name: 'facilities-list', path: () => '/facilities-list' },
  { name: 'facility-detail', path: ({ facility }) => `/facilities/${facility}` },
  { name: 'login', path: () => '/login' },
  { name: 'register', path: () => '/register' },
  { name: 'forgot-password', path: () => '/forgot-password' },
  { name: 'reset-password', path: () => '/reset-password?token=x' },
  { name: 'checkin', path: () => '/checkin', ready: /Sign in this device/ },
  { name: '404', path: () => '/no-such-page', status: 404 },
  { name: 'facility-booking', path: ({ facility }) => `/facility-booking/${facility}`, session: true, ready: /free slots?|No available slots/i },
  { name: 'dashboard', path: () => '/dashboard', session: true, ready: /Edit Profile/i },
  { name: 'my-bookings', path: () => '/dashboard/userBookings', session: true, ready: /You have no bookings|Cancel/i },
  { name: 'checkout', path: () => '/dashboard/checkoutForPayment', session: true, ready: /Pay|nothing to pay|no bookings/i },
  { name: 'payment-success', path: () => '/payment/success?order=x', session: true },
  { name: 'payment-cancelled', path: () => '/payment/cancelled?order=x', session: true },
  { name: 'payment-refunded', path: () => '/payment/refunded?order=x', session: true },
];
