// Fixed marketing content of the home page (the original product's counts: 4 slides, 6 steps,
// 3 testimonials, 5 tips of which 3 show at first, 5 FAQ items).
import type { PublicSettings } from '@courtside/contracts';
import { cancellationPolicy } from '../../lib/policy.ts';

export interface Slide {
  heading: string;
  text: string;
  image: string;
  alt: string;
}

export const slides: Slide[] = [
  {
    heading: 'Your next game starts here',
    text: 'Tennis courts, football pitches, basketball halls and more across Maple Falls — see what is free and book it in under a minute.',
    image: '/images/home/hero-tennis.svg',
    alt: 'A tennis court seen from above, with a ball in flight over the net',
  },
  {
    heading: 'Real-time availability',
    text: 'Pick a date and see every open slot at a glance. No phone calls, no waiting lists, no double bookings.',
    image: '/images/home/hero-football.svg',
    alt: 'A floodlit five-a-side football pitch with a ball on the centre spot',
  },
  {
    heading: 'Pay securely online',
    text: 'Hold your slot, check out in one step and get an instant confirmation in your dashboard.',
    image: '/images/home/hero-basketball.svg',
    alt: 'An indoor basketball court with a ball dropping through the hoop',
  },
  {
    heading: 'Bring the whole team',
    text: 'From a quick badminton rally to a full squad training session, there is a space for every group size.',
    image: '/images/home/hero-badminton.svg',
    alt: 'A badminton court with a shuttlecock crossing the net',
  },
];

export interface Step {
  title: string;
  text: string;
  icon: 'user' | 'search' | 'calendar' | 'card' | 'ball' | 'star';
}

export const steps: Step[] = [
  { title: 'Sign up or log in', text: 'Create a free account in seconds, or log in to the one you already have.', icon: 'user' },
  { title: 'Browse facilities', text: 'Search by name and filter by price to find the right court, pitch or hall.', icon: 'search' },
  { title: 'Check availability', text: 'Choose a date and see every free slot for that facility in real time.', icon: 'calendar' },
  { title: 'Book and pay', text: 'Pick your start and end time, then pay securely online to confirm.', icon: 'card' },
  { title: 'Play', text: 'Turn up, warm up and enjoy your game — the space is yours.', icon: 'ball' },
  { title: 'Rate and review', text: 'Tell other players how it went and help us keep every venue at its best.', icon: 'star' },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  initials: string;
}

export const testimonials: Testimonial[] = [
  {
    quote: 'Booking our Sunday five-a-side used to take a dozen messages. Now I check the free slots, book, pay and share the confirmation with the team in two minutes.',
    name: 'Daniel Okafor',
    role: 'Five-a-side captain',
    initials: 'DO',
  },
  {
    quote: 'I love that I can see exactly which tennis courts are open before I leave home. The courts are well kept and the prices are clear.',
    name: 'Priya Raman',
    role: 'Club tennis player',
    initials: 'PR',
  },
  {
    quote: 'We run youth basketball sessions every week. Courtside makes it easy to book the hall in advance and keep every payment in one place.',
    name: 'Marcus Lee',
    role: 'Youth basketball coach',
    initials: 'ML',
  },
];

export interface Tip {
  title: string;
  text: string;
}

/** The first three show at first; Show More reveals all five. */
export const TIPS_SHOWN = 3;

export const tips: Tip[] = [
  { title: 'Book early for peak hours', text: 'Evenings and weekends fill up fast. Booking a few days ahead gives you the best choice of slots.' },
  { title: 'Check the facility details', text: 'Read the description and location before you book, so you arrive at the right place with the right kit.' },
  { title: 'Complete payment promptly', text: 'A new booking holds your slot for a short time only. Pay at checkout to confirm it.' },
  { title: 'Cancel if plans change', text: 'Can’t make it? Cancel from My Bookings before the free cancellation deadline it shows, so someone else can enjoy the slot.' },
  { title: 'Arrive a little early', text: 'Give yourself ten minutes to change and warm up, so you get the full time you paid for.' },
];

export interface Faq {
  question: string;
  answer: string;
}

/** The questions and answers; the cancellation answer states the server's own window (GET /api/settings). */
export const faqsFor = (settings: PublicSettings | null): Faq[] => [
  {
    question: 'How do I book a facility?',
    answer: 'Sign up or log in, open a facility from the facilities list, choose a date and a free time slot, then confirm and pay at checkout.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'We accept two online payment systems: card payments through our secure checkout, and mobile wallet payments. Your booking is confirmed as soon as the payment succeeds.',
  },
  {
    question: 'Can I cancel or change a booking?',
    answer: settings
      ? `${cancellationPolicy(settings)} To change a booking, cancel it and book a new slot. An unpaid hold can be released any time.`
      : 'Each booking shows its free cancellation deadline in My Bookings, and the booking page states the policy before you pay. To change a booking, cancel it and book a new slot.',
  },
  {
    question: 'Do you offer group discounts?',
    answer: 'Yes — teams, clubs and schools that book regularly can get group discounts. Contact us with your group size and schedule and we will send you an offer.',
  },
  {
    question: 'What if no slots are available on my date?',
    answer: 'Try another date or another facility of the same sport. New slots open up whenever someone cancels, so it is worth checking again later.',
  },
];
