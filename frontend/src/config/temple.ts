// The temple's own content in one place. Replace the placeholders with the temple's real details.

export const temple = {
  /** Shown until GET /api/config answers with templeName. */
  shortName: 'Temple',
  tagline: 'A Hindu temple serving the Folsom community',
  address: {
    street: '1000 Temple Way',
    cityLine: 'Folsom, CA 95630',
  },
  /** What the embedded map and the directions link search for. */
  mapQuery: 'Folsom, CA 95630',
  phone: '(916) 555-0100',
  phoneHref: 'tel:+19165550100',
  email: 'info@temple.example.org',
  /** YouTube video id of the promotional video (privacy-enhanced embed, starts at 27 s). */
  promoVideo: { id: 'M7lc1UVf-VE', start: 27, title: 'Recent event celebrations at the temple' },
  priests: [
    {
      name: 'Sri Raghavacharyulu',
      title: 'Founder and Head Priest',
      bio: 'Trained in the Vaikhanasa Agama tradition, he has led worship, festivals and samskaras for the community since the temple was founded.',
      specialties: ['Vaikhanasa Agama', 'Kalyanotsavam', 'Homams'],
    },
    {
      name: 'Sri Srinivasa Sharma',
      title: 'Priest',
      bio: 'Performs the daily rituals and special pujas, and teaches Vedic chanting and stotras to children and adults.',
      specialties: ['Daily Archana', 'Vedic chanting', 'Vratams'],
    },
  ],
} as const;

export const mapEmbedUrl = `https://maps.google.com/maps?q=${encodeURIComponent(temple.mapQuery)}&z=13&output=embed`;
export const directionsUrl = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(temple.mapQuery)}`;
export const promoVideoUrl = `https://www.youtube-nocookie.com/embed/${temple.promoVideo.id}?start=${temple.promoVideo.start}&rel=0`;

/** Temple hours (spec section 9). */
export const templeHours = {
  weekdays: { morning: '9:30 AM - 11:30 AM', evening: '6:00 PM - 8:30 PM' },
  weekends: { morning: '9:00 AM - 1:00 PM', evening: '5:30 PM - 8:30 PM' },
  sayanostavam: '8:15 PM',
} as const;
