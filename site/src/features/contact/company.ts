// Facts about Courtside shown on the about and contact pages (the footer repeats the address).

export const contact = {
  addressLines: ['45 Market Street', 'Maple Falls'],
  phone: '(555) 010-0200',
  phoneHref: 'tel:+15550100200',
  email: 'hello@courtside.example',
  /** Support desk hours for the phone line. */
  supportHours: 'Phone support: Mon – Fri, 09:00 – 18:00',
};

/** OpenStreetMap embed around the office (lon/lat bounding box and marker). */
export const map = {
  lat: 48.9284,
  lon: -122.0776,
  get embedUrl() {
    const d = 0.006;
    const bbox = [this.lon - d, this.lat - d / 2, this.lon + d, this.lat + d / 2].map((n) => n.toFixed(4)).join(',');
    return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${this.lat},${this.lon}`;
  },
  get linkUrl() {
    return `https://www.openstreetmap.org/?mlat=${this.lat}&mlon=${this.lon}#map=17/${this.lat}/${this.lon}`;
  },
};

export const mission =
  'We believe everyone should be able to play. Courtside makes it simple to find a court, pitch or hall nearby, see exactly when it is free, and book and pay in a minute — so you spend less time organising and more time playing.';

export const values = [
  { title: 'Play more, plan less', text: 'Real-time availability and instant confirmation replace phone calls and waiting lists.' },
  { title: 'Fair and transparent', text: 'One clear price per hour, shown before you book. No hidden fees.' },
  { title: 'Community first', text: 'We partner with local venues, clubs and schools to keep sport affordable in Maple Falls.' },
];

export interface TeamMember { name: string; role: string; bio: string; initials: string; color: string }

export const team: TeamMember[] = [
  { name: 'Amelia Carter', role: 'Founder & CEO', bio: 'Former county tennis player who got tired of phoning around for a free court.', initials: 'AC', color: '#1d6f42' },
  { name: 'Jonah Whitfield', role: 'Head of Venues', bio: 'Works with every partner venue to keep courts, pitches and halls in top shape.', initials: 'JW', color: '#2f6fb0' },
  { name: 'Sofia Mendes', role: 'Lead Engineer', bio: 'Builds the booking system that makes sure no slot is ever booked twice.', initials: 'SM', color: '#c2621a' },
  { name: 'Kwame Asante', role: 'Community Manager', bio: 'Runs our club partnerships, youth programmes and group bookings.', initials: 'KA', color: '#7a4eb0' },
];

export const journey = [
  { year: '2019', title: 'The idea', text: 'Courtside starts as a shared spreadsheet of free tennis courts in Maple Falls.' },
  { year: '2020', title: 'First venues online', text: 'Three local venues join and players book their first slots online.' },
  { year: '2022', title: 'Online payments', text: 'Secure online checkout arrives, with instant confirmation for every booking.' },
  { year: '2024', title: 'Every sport', text: 'Football, basketball, badminton, squash, padel, volleyball and swimming join tennis.' },
  { year: 'Today', title: 'Thousands of games', text: 'Players, teams and schools book with Courtside every day — and we are just getting started.' },
];
