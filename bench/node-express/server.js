// Baseline for `just bench`: the same GET /api/events as mandir (events by date, each with its
// people count and spots left), on Express + better-sqlite3, reading the same SQLite file.
import Database from 'better-sqlite3';
import express from 'express';

const [, , dbPath, port] = process.argv;
const db = new Database(dbPath, { readonly: true });
db.pragma('journal_mode = WAL');
const eventsStmt = db.prepare('SELECT * FROM events ORDER BY event_date, id');
const countsStmt = db.prepare(
  'SELECT event_id, SUM(number_of_family_members + 1) AS people FROM attendees GROUP BY event_id',
);

const app = express();
app.disable('x-powered-by');
app.get('/api/events', (_req, res) => {
  const counts = new Map(countsStmt.all().map((r) => [r.event_id, r.people]));
  const events = eventsStmt.all().map((e) => {
    const attendeeCount = counts.get(e.id) ?? 0;
    return {
      id: e.id,
      name: e.name,
      description: e.description,
      location: e.location,
      eventDate: new Date(e.event_date).toISOString(),
      imageUrl: e.image_url,
      donationOptions: e.donation_options ? JSON.parse(e.donation_options) : null,
      capacity: e.capacity,
      attendeeCount,
      spotsLeft: e.capacity == null ? null : Math.max(0, e.capacity - attendeeCount),
      createdAt: new Date(e.created_at).toISOString(),
      updatedAt: new Date(e.updated_at).toISOString(),
    };
  });
  res.json(events);
});
app.listen(Number(port), '127.0.0.1', () => console.log(`baseline listening on ${port}`));
