// Baseline for `just bench`: the same endpoints as mandir, with the same checks and queries, on
// Express + jsonwebtoken and either better-sqlite3 (a SQLite file) or node-postgres (a pool of 16,
// as mandir's), over the same database as mandir.
//
//   node server.js <sqlite-file | postgres://...> <port> <jwt-secret>
//
// Authenticated endpoints verify the HS256 token (issuer, expiry), then look the member up with
// the token not revoked (one statement, as mandir's session lookup) and compare the token version.
import Database from 'better-sqlite3';
import express from 'express';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const [, , target, port, secret] = process.argv;
const postgres = target.startsWith('postgres');

const PEOPLE =
  '(SELECT COALESCE(SUM(p.number_of_family_members + 1), 0) FROM attendees p WHERE p.event_id = events.id) AS people';
const SQL = {
  events: `SELECT events.*, ${PEOPLE} FROM events ORDER BY event_date, id`,
  event: `SELECT events.*, ${PEOPLE} FROM events WHERE id = $1`,
  session: 'SELECT * FROM users WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2)',
  gotram: 'SELECT * FROM gotrams WHERE id = $1',
  userEvents: `SELECT events.*, ${PEOPLE}, a.id AS a_id, a.event_id AS a_event_id, a.user_id AS a_user_id,
      a.number_of_family_members AS a_number_of_family_members, a.additional_notes AS a_additional_notes,
      a.created_at AS a_created_at, a.updated_at AS a_updated_at
    FROM events JOIN attendees a ON a.event_id = events.id WHERE a.user_id = $1 ORDER BY events.event_date, events.id`,
  own: `SELECT events.id, o.* FROM events LEFT JOIN attendees o ON o.event_id = events.id AND o.user_id = $1
    WHERE events.id = $2`,
  lock: 'SELECT id FROM events WHERE id = $1 FOR UPDATE',
  held: `SELECT events.*, ${PEOPLE},
      EXISTS (SELECT 1 FROM attendees o WHERE o.event_id = events.id AND o.user_id = $2) AS registered
    FROM events WHERE id = $1`,
  insert: `INSERT INTO attendees (id, event_id, user_id, number_of_family_members, additional_notes, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
};

// One interface over both drivers: one(sql, params), all(sql, params), transaction(fn(tx)).
function sqliteDb(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // The same durability as mandir's connections (WAL with synchronous=NORMAL), so the comparison
  // measures the server, not a different fsync policy.
  db.pragma('synchronous = NORMAL');
  const cache = new Map();
  const prepare = (sql) => {
    if (!cache.has(sql)) cache.set(sql, db.prepare(sql.replace(/\$(\d+)/g, '@p$1').replace(' FOR UPDATE', '')));
    return cache.get(sql);
  };
  // $1, $2... become named parameters @p1, @p2... (better-sqlite3 binds them from an object).
  const bind = (params) => [
    Object.fromEntries(params.map((v, i) => [`p${i + 1}`, typeof v === 'boolean' ? Number(v) : v instanceof Date ? v.toISOString() : v])),
  ];
  const api = {
    one: async (sql, params = []) => (params.length ? prepare(sql).get(...bind(params)) : prepare(sql).get()),
    all: async (sql, params = []) => (params.length ? prepare(sql).all(...bind(params)) : prepare(sql).all()),
  };
  // IMMEDIATE: the write lock before the first read, as mandir's registrations.
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  api.transaction = async (work) => {
    begin.run();
    try {
      const result = await work(api);
      commit.run();
      return result;
    } catch (error) {
      rollback.run();
      throw error;
    }
  };
  api.sqlite = true;
  return api;
}

function postgresDb(url) {
  const pool = new pg.Pool({ connectionString: url, max: 16 });
  // Named statements: node-postgres prepares each once per connection, as sqlx does.
  const named = (sql) => ({ name: `q${Object.keys(SQL).find((k) => SQL[k] === sql) ?? sql.length}`, text: sql });
  const on = (client) => ({
    one: async (sql, params = []) => (await client.query({ ...named(sql), values: params })).rows[0],
    all: async (sql, params = []) => (await client.query({ ...named(sql), values: params })).rows,
  });
  const api = on(pool);
  api.transaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(on(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  return api;
}

const db = postgres ? postgresDb(target) : sqliteDb(target);
const iso = (value) => new Date(value).toISOString();
const bool = (value) => value === true || value === 1;
// Staff roles are stored as names separated by spaces (mandir's migration 000040).
const isAdmin = (user) => ` ${user.roles ?? ''} `.includes(' admin ');

function eventJson(e) {
  const attendeeCount = Number(e.people ?? 0);
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    location: e.location,
    eventDate: iso(e.event_date),
    imageUrl: e.image_url,
    donationOptions: e.donation_options ? JSON.parse(e.donation_options) : null,
    capacity: e.capacity,
    attendeeCount,
    spotsLeft: e.capacity == null ? null : Math.max(0, e.capacity - attendeeCount),
    createdAt: iso(e.created_at),
    updatedAt: iso(e.updated_at),
  };
}

function attendeeJson(a, prefix = '') {
  return {
    id: a[`${prefix}id`],
    eventId: a[`${prefix}event_id`],
    userId: a[`${prefix}user_id`],
    numberOfFamilyMembers: a[`${prefix}number_of_family_members`],
    additionalNotes: a[`${prefix}additional_notes`],
    createdAt: iso(a[`${prefix}created_at`]),
    updatedAt: iso(a[`${prefix}updated_at`]),
  };
}

function userJson(u, gotram) {
  return {
    id: u.id,
    username: u.username,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phoneNumber: u.phone_number,
    gotramId: u.gotram_id,
    customGotram: u.custom_gotram,
    gotram: gotram ?? null,
    emailVerified: bool(u.email_verified),
    isAdmin: isAdmin(u),
    createdAt: iso(u.created_at),
    updatedAt: iso(u.updated_at),
  };
}

// The signed-in member, or a 401 answered.
async function authenticate(req, res) {
  const header = req.headers.authorization ?? '';
  const [scheme, token] = header.split(' ');
  let claims;
  try {
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Error('no token');
    claims = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: 'mandir', clockTolerance: 30 });
    if (!claims.jti || !claims.sub) throw new Error('incomplete token');
  } catch {
    res.status(401).json({ message: 'Authentication required' });
    return null;
  }
  const user = await db.one(SQL.session, [claims.sub, claims.jti]);
  if (!user || user.token_version !== claims.ver) {
    res.status(401).json({ message: 'Authentication required' });
    return null;
  }
  return user;
}

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use(express.json());
const route = (handler) => (req, res) => handler(req, res).catch((error) => res.status(500).json({ message: String(error) }));

app.get('/api/events', route(async (_req, res) => res.json((await db.all(SQL.events)).map(eventJson))));

app.get('/api/events/:id', route(async (req, res) => {
  const event = await db.one(SQL.event, [req.params.id]);
  if (!event) return res.status(404).json({ message: 'Event not found' });
  res.json(eventJson(event));
}));

app.get('/api/users/me', route(async (req, res) => {
  const user = await authenticate(req, res);
  if (!user) return;
  const gotram = user.gotram_id == null ? null : await db.one(SQL.gotram, [user.gotram_id]);
  res.json(userJson(user, gotram));
}));

app.get('/api/users/:id/events', route(async (req, res) => {
  const user = await authenticate(req, res);
  if (!user) return;
  if (user.id !== req.params.id && !isAdmin(user)) return res.status(403).json({ message: 'You can only view your own registrations' });
  const rows = await db.all(SQL.userEvents, [req.params.id]);
  res.json(rows.map((row) => ({ event: eventJson(row), attendee: attendeeJson(row, 'a_') })));
}));

app.get('/api/events/:id/attendee', route(async (req, res) => {
  const user = await authenticate(req, res);
  if (!user) return;
  const row = await db.one(SQL.own, [user.id, req.params.id]);
  if (!row) return res.status(404).json({ message: 'Event not found' });
  if (row.event_id == null) return res.status(404).json({ message: 'You are not registered for this event' });
  res.json(attendeeJson(row));
}));

app.post('/api/events/:id/register', route(async (req, res) => {
  const user = await authenticate(req, res);
  if (!user) return;
  if (!bool(user.email_verified)) return res.status(403).json({ message: 'Please verify your email', code: 'email-not-verified' });
  const family = req.body?.numberOfFamilyMembers ?? 0;
  if (!Number.isInteger(family) || family < 0 || family > 20) return res.status(400).json({ message: 'Invalid number of family members' });
  const notes = typeof req.body?.additionalNotes === 'string' ? req.body.additionalNotes.trim() || null : null;
  const outcome = await db.transaction(async (tx) => {
    if (!db.sqlite && !(await tx.one(SQL.lock, [req.params.id]))) return [404, { message: 'Event not found' }];
    const held = await tx.one(SQL.held, [req.params.id, user.id]);
    if (!held) return [404, { message: 'Event not found' }];
    if (bool(held.registered)) return [409, { message: 'You are already registered for this event' }];
    const now = new Date();
    if (new Date(held.event_date) <= now) return [400, { message: 'This event has already started' }];
    if (held.capacity != null && Number(held.people) + family + 1 > held.capacity) return [400, { message: 'Not enough spots left' }];
    const row = await tx.one(SQL.insert, [crypto.randomUUID(), req.params.id, user.id, family, notes, now]);
    return [201, attendeeJson(row)];
  });
  res.status(outcome[0]).json(outcome[1]);
}));

app.listen(Number(port), '127.0.0.1', () => console.log(`baseline listening on ${port}`));
