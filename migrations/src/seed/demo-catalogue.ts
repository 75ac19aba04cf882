// The demo catalogue a fresh install starts with; images ship in api/public/images/facilities.
import type { Sport } from '@courtside/domain';

export interface DemoFacility {
  name: string;
  location: string;
  pricePerHour: number;
  description: string;
  imageUrl: string;
  sport: Sport;
  /** How many may play on one booking (default: the sport's usual number). */
  maxPlayers?: number;
  /** Linked courts: the name of the demo facility it is part of (listed before it). */
  partOf?: string;
}

export const DEMO_FACILITIES: readonly DemoFacility[] = [
  {
    name: 'Riverside Tennis Centre',
    location: 'Riverside Park, 120 River Road, Maple Falls',
    pricePerHour: 28,
    description: 'Two acrylic hard courts beside the river with LED floodlights for evening play. Racket and ball hire at the front desk; changing rooms with showers.',
    imageUrl: '/images/facilities/tennis.svg',
    sport: 'tennis',
  },
  {
    name: 'Downtown Basketball Arena',
    location: 'Civic Sports Hall, 45 Market Street, Maple Falls',
    pricePerHour: 45,
    description: 'A full-size indoor maple court with glass backboards, electronic scoreboard and spectator seating for 150. Balls and bibs included.',
    imageUrl: '/images/facilities/basketball.svg',
    sport: 'basketball',
  },
  {
    name: 'Northside 5-a-side Pitch',
    location: 'Northside Fields, 8 Elm Avenue, Maple Falls',
    pricePerHour: 40,
    description: 'Third-generation artificial turf enclosed by rebound boards, floodlit until 10 pm. Goals, bibs and a match ball are ready for every booking.',
    imageUrl: '/images/facilities/football.svg',
    sport: 'football',
  },
  {
    name: 'Lakeside Badminton Hall',
    location: 'Lakeside Leisure Centre, 3 Shore Drive, Maple Falls',
    pricePerHour: 16,
    description: 'A sprung-floor hall with non-glare lighting and tournament-height nets. Shuttles and rackets can be hired; water fountains and lockers on site.',
    imageUrl: '/images/facilities/badminton.svg',
    sport: 'badminton',
  },
  {
    name: 'Glass-Back Squash Court',
    location: 'Civic Sports Hall, 45 Market Street, Maple Falls',
    pricePerHour: 18,
    description: 'A championship-size court with a glass back wall and a fresh maple floor. Eye protection and rackets available to borrow.',
    imageUrl: '/images/facilities/squash.svg',
    sport: 'squash',
  },
  {
    name: 'Aquatic Centre Lane Hire',
    location: 'Lakeside Leisure Centre, 3 Shore Drive, Maple Falls',
    pricePerHour: 35,
    description: 'Private hire of two 25-metre lanes in a heated pool, ideal for training groups and lessons. Kickboards and pull buoys on the poolside.',
    imageUrl: '/images/facilities/swimming.svg',
    sport: 'swimming',
  },
  {
    name: 'Padel Club Court',
    location: 'Northside Fields, 8 Elm Avenue, Maple Falls',
    pricePerHour: 32.5,
    description: 'A panoramic glass padel court with blue turf and evening lighting. Rackets and balls for four players included in the price.',
    imageUrl: '/images/facilities/padel.svg',
    sport: 'padel',
  },
  {
    name: 'Sunset Beach Volleyball',
    location: 'Harbour Beach, 1 Boardwalk, Maple Falls',
    pricePerHour: 22,
    description: 'Two sand courts of deep washed sand with permanent posts and boundary ropes, steps from the boardwalk. Balls available; outdoor showers nearby.',
    imageUrl: '/images/facilities/volleyball.svg',
    sport: 'volleyball',
  },
  {
    name: 'Willow Park Padel Court',
    location: 'Willow Park, 60 Orchard Lane, Maple Falls',
    pricePerHour: 30,
    description: 'An outdoor padel court under a canopy, with glass walls and mesh sides. Rackets for four and a tube of balls can be hired at the kiosk.',
    imageUrl: '/images/facilities/padel.svg',
    sport: 'padel',
  },
  {
    name: 'Willow Park Tennis Court',
    location: 'Willow Park, 60 Orchard Lane, Maple Falls',
    pricePerHour: 20,
    description: 'A red clay court in a quiet corner of the park, watered and brushed every morning. Floodlit until 10 pm; ball machine available on request.',
    imageUrl: '/images/facilities/tennis.svg',
    sport: 'tennis',
  },
  {
    name: 'Meadow Lane Pitch',
    location: 'Meadow Lane Sports Ground, 21 Meadow Lane, Maple Falls',
    pricePerHour: 90,
    description: 'A full-size floodlit 3G pitch for 11-a-side matches, sold whole or as two halves for 7-a-side. Booking the whole pitch takes both halves; each half can be booked on its own.',
    imageUrl: '/images/facilities/football.svg',
    sport: 'football',
    maxPlayers: 22,
  },
  {
    name: 'Meadow Lane Pitch, Half A',
    location: 'Meadow Lane Sports Ground, 21 Meadow Lane, Maple Falls',
    pricePerHour: 50,
    description: 'The clubhouse half of Meadow Lane Pitch, with 7-a-side goals. Half B can be booked at the same time; the whole pitch cannot.',
    imageUrl: '/images/facilities/football.svg',
    sport: 'football',
    maxPlayers: 14,
    partOf: 'Meadow Lane Pitch',
  },
  {
    name: 'Meadow Lane Pitch, Half B',
    location: 'Meadow Lane Sports Ground, 21 Meadow Lane, Maple Falls',
    pricePerHour: 50,
    description: 'The far half of Meadow Lane Pitch, with 7-a-side goals. Half A can be booked at the same time; the whole pitch cannot.',
    imageUrl: '/images/facilities/football.svg',
    sport: 'football',
    maxPlayers: 14,
    partOf: 'Meadow Lane Pitch',
  },
];
