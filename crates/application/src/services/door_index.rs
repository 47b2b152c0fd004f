//! The check-in desks' search, in memory (docs/product.md#the-check-in-desk, ADR 0143): every
//! registration and walk-in of an event kept as a copy (its "book"), searched without the
//! database as the desks type.
//!
//! Searching in SQL took 5 to 10 ms of PostgreSQL per keystroke with 3,000 registrations (every
//! word against the member's and each family member's name, the phone's digits and the code), so
//! ten desks typing at once queued behind each other (p99 116 ms against a budget of 50). An
//! event's registrations fit in a megabyte, so a search reads the door's state (one row: the
//! count, the latest change number and the registrations' latest change) and searches its copy:
//! - with the same registrations and change number, as it is;
//! - with check-ins or walk-ins since (a higher change number), with those changes read and
//!   applied (the desks' own feed of changes, a few rows);
//! - with the registrations changed (one more, one fewer, a party's size), read again;
//! - after a member's name, phone or family changed ([`Topic::Users`], [`Topic::Families`], from
//!   this process or another), or when older than [`MAX_AGE`] (a change whose notice was lost),
//!   read again.
//!
//! One update at a time: a search that finds the copy behind while another search updates it
//! answers from the copy it has, with the change number the copy is as of, so its desk asks for
//! the changes after that number and misses none. Without any copy, searches wait for the read.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use mandir_domain::EventId;
use mandir_domain::door::{DoorEntry, DoorEntryKind, DoorQuery};

use crate::ports::{ChangeListener, DoorRecord, DoorRepository, DoorState, RepoError, Topic};

/// How long a copy serves before it is read again whatever the notices say.
pub const MAX_AGE: Duration = Duration::from_secs(60);
/// The events whose copies are kept (the least recently read is dropped for another).
pub const MAX_BOOKS: usize = 8;
/// The most changes applied to a copy; a copy further behind is read again.
pub const MAX_CHANGES: u64 = 500;

/// One party, with what a search compares.
#[derive(Debug)]
struct Party {
    record: DoorRecord,
    /// "first last", lowercased.
    name: String,
    /// A registration's family members' names, lowercased.
    family: Vec<String>,
    /// Last name, first name (lowercased) and id: the order answers are in.
    order: (String, String, String),
}

impl Party {
    fn new(record: DoorRecord) -> Self {
        let e = &record.entry;
        let name = format!("{} {}", e.first_name, e.last_name).to_lowercase();
        let family = e.family_names.iter().map(|n| n.to_lowercase()).collect();
        let order = (e.last_name.to_lowercase(), e.first_name.to_lowercase(), e.id.clone());
        Self { name, family, order, record }
    }

    fn key(&self) -> (bool, &str) {
        (self.record.entry.kind == DoorEntryKind::WalkIn, self.record.entry.id.as_str())
    }

    /// Whether the query finds the party: every word in the name (or, for a registration, in a
    /// family member's), the phone's digits holding the typed ones, or a registration's code.
    fn found_by(&self, query: &DoorQuery) -> bool {
        let e = &self.record.entry;
        let registration = e.kind == DoorEntryKind::Registration;
        let words = !query.words.is_empty()
            && query
                .words
                .iter()
                .all(|w| self.name.contains(w.as_str()) || (registration && self.family.iter().any(|f| f.contains(w.as_str()))));
        let digits = query.digits.as_deref().is_some_and(|d| self.record.phone_digits.contains(d));
        let code = registration && query.code.is_some() && e.confirmation_code == query.code;
        !e.removed && (words || digits || code)
    }
}

/// An event's copy.
struct Book {
    /// By [`Party::order`]; walk-ins taken off are left out.
    parties: Vec<Arc<Party>>,
    /// The change number the copy is as of.
    seq: i64,
    /// The registrations as counted when read: parties, people and the latest change.
    registrations: (i64, i64, Option<DateTime<Utc>>),
    read_at: Instant,
    /// The notices counted when the read began: a later notice makes the copy stale.
    generation: u64,
}

fn registrations_of(state: &DoorState) -> (i64, i64, Option<DateTime<Utc>>) {
    (state.count.registered_parties, state.count.registered_people, state.registrations_changed_at)
}

impl Book {
    fn read(records: Vec<DoorRecord>, state: &DoorState, generation: u64) -> Self {
        let mut parties: Vec<Arc<Party>> = records.into_iter().filter(|r| !r.entry.removed).map(|r| Arc::new(Party::new(r))).collect();
        parties.sort_by(|a, b| a.order.cmp(&b.order));
        Self { parties, seq: state.seq, registrations: registrations_of(state), read_at: Instant::now(), generation }
    }

    /// Whether the copy has the registrations of `state` and is still trusted (no notice since,
    /// not too old): only the door's changes after its change number may be missing.
    fn current_but_for_changes(&self, state: &DoorState, generation: u64) -> bool {
        self.generation == generation && self.read_at.elapsed() < MAX_AGE && self.registrations == registrations_of(state)
    }

    /// Whether the copy answers for the door in `state`.
    fn holds(&self, state: &DoorState, generation: u64) -> bool {
        self.current_but_for_changes(state, generation) && self.seq >= state.seq
    }

    /// The copy with the door's changes up to `seq` applied: a changed party replaces what the
    /// copy has of it (unless the copy's is newer), a new walk-in joins, one taken off leaves.
    fn with(&self, changes: Vec<DoorRecord>, seq: i64) -> Self {
        let mut parties = self.parties.clone();
        for new in changes.into_iter().map(Party::new) {
            let (new_seq, removed) = (new.record.entry.seq, new.record.entry.removed);
            match parties.iter().position(|p| p.key() == new.key()) {
                Some(at) if new_seq >= parties[at].record.entry.seq => {
                    if removed {
                        parties.remove(at);
                    } else {
                        parties[at] = Arc::new(new);
                    }
                }
                Some(_) => {}
                None if !removed => parties.push(Arc::new(new)),
                None => {}
            }
        }
        parties.sort_by(|a, b| a.order.cmp(&b.order));
        Self { parties, seq: self.seq.max(seq), registrations: self.registrations, read_at: self.read_at, generation: self.generation }
    }

    /// The first `limit` parties the query finds, by name.
    fn search(&self, query: &DoorQuery, limit: usize) -> Vec<DoorEntry> {
        self.parties.iter().filter(|p| p.found_by(query)).take(limit).map(|p| p.record.entry.clone()).collect()
    }

    /// The latest `limit` check-ins, newest first.
    fn latest(&self, limit: usize) -> Vec<DoorEntry> {
        let mut arrived: Vec<&DoorEntry> = self.parties.iter().map(|p| &p.record.entry).filter(|e| e.checked_in_at.is_some()).collect();
        arrived.sort_by_key(|e| std::cmp::Reverse((e.checked_in_at, e.seq)));
        arrived.into_iter().take(limit).cloned().collect()
    }
}

/// What a search found, and the change number it is as of (the door's, or the copy's when the copy
/// is behind it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub entries: Vec<DoorEntry>,
    pub seq: i64,
}

/// The copies of the events' doors, and their search.
pub struct DoorIndex {
    door: Arc<dyn DoorRepository>,
    books: RwLock<HashMap<EventId, Arc<Book>>>,
    /// One update at a time.
    updating: tokio::sync::Mutex<()>,
    /// Counts the notices of changed names, phones and families.
    generation: AtomicU64,
}

impl DoorIndex {
    pub fn new(door: Arc<dyn DoorRepository>) -> Self {
        Self { door, books: RwLock::default(), updating: tokio::sync::Mutex::new(()), generation: AtomicU64::new(0) }
    }

    fn book(&self, event_id: &EventId) -> Option<Arc<Book>> {
        self.books.read().unwrap_or_else(PoisonError::into_inner).get(event_id).cloned()
    }

    fn keep(&self, event_id: &EventId, book: Arc<Book>) {
        let mut books = self.books.write().unwrap_or_else(PoisonError::into_inner);
        books.insert(event_id.clone(), book);
        while books.len() > MAX_BOOKS {
            let Some(oldest) = books.iter().min_by_key(|(_, b)| b.read_at).map(|(id, _)| id.clone()) else { break };
            books.remove(&oldest);
        }
    }

    /// The event's copy for the door in `state`: as kept, brought up to date, or read.
    async fn current(&self, event_id: &EventId, state: &DoorState) -> Result<Arc<Book>, RepoError> {
        let kept = self.book(event_id);
        if let Some(book) = kept.as_ref().filter(|b| b.holds(state, self.generation.load(Ordering::Acquire))) {
            return Ok(book.clone());
        }
        let _turn = match (self.updating.try_lock(), kept) {
            (Ok(turn), _) => turn,
            // Another search is updating: this one answers from the copy it has meanwhile.
            (Err(_), Some(stale)) => return Ok(stale),
            (Err(_), None) => self.updating.lock().await,
        };
        let generation = self.generation.load(Ordering::Acquire);
        let kept = self.book(event_id);
        if let Some(book) = kept.as_ref().filter(|b| b.holds(state, generation)) {
            return Ok(book.clone());
        }
        let few_behind = |b: &Book| (0..=i64::try_from(MAX_CHANGES).unwrap_or(i64::MAX)).contains(&(state.seq - b.seq));
        let book = match kept {
            Some(book) if book.current_but_for_changes(state, generation) && few_behind(&book) => {
                let changes = self.door.changes(event_id, book.seq, state.seq, MAX_CHANGES + 1).await?;
                if changes.len() as u64 > MAX_CHANGES {
                    Book::read(self.door.book(event_id).await?, state, generation)
                } else {
                    book.with(changes, state.seq)
                }
            }
            _ => Book::read(self.door.book(event_id).await?, state, generation),
        };
        let book = Arc::new(book);
        self.keep(event_id, book.clone());
        Ok(book)
    }

    /// The parties `query` finds at the door in `state` (at most `limit`, by name); the latest
    /// check-ins, newest first, for an empty query.
    #[tracing::instrument(skip_all, fields(event = %event_id))]
    pub async fn search(&self, event_id: &EventId, state: &DoorState, query: &DoorQuery, limit: u64) -> Result<Found, RepoError> {
        let book = self.current(event_id, state).await?;
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let entries = if query.is_empty() { book.latest(limit) } else { book.search(query, limit) };
        Ok(Found { entries, seq: book.seq.min(state.seq) })
    }
}

impl ChangeListener for DoorIndex {
    /// A member's name or phone ([`Topic::Users`]) or family ([`Topic::Families`]) changed: every
    /// copy is read again at its next search (a search meanwhile still answers from it).
    fn changed(&self, topic: Topic) {
        if matches!(topic, Topic::Users | Topic::Families) {
            self.generation.fetch_add(1, Ordering::AcqRel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::door_repository::MockDoorRepository;
    use mandir_domain::door::DoorCount;

    fn party(kind: DoorEntryKind, id: &str, first: &str, last: &str, phone: &str, seq: i64) -> DoorRecord {
        DoorRecord {
            entry: DoorEntry {
                kind,
                id: id.into(),
                first_name: first.into(),
                last_name: last.into(),
                family_names: Vec::new(),
                phone_ending: None,
                confirmation_code: (kind == DoorEntryKind::Registration).then(|| format!("ABCD{id:0>4}")),
                people: 2,
                arrived_people: None,
                checked_in_at: None,
                checked_in_by: None,
                joined_to_member: false,
                removed: false,
                seq,
            },
            phone_digits: phone.into(),
        }
    }

    fn registration(id: &str, first: &str, last: &str, phone: &str) -> DoorRecord {
        party(DoorEntryKind::Registration, id, first, last, phone, 0)
    }

    /// Priya Sharma (her daughter Anjali), Ravi Sharman, Gopal Iyer; a walk-in Sita Rao.
    fn records() -> Vec<DoorRecord> {
        let mut priya = registration("1", "Priya", "Sharma", "9165550142");
        priya.entry.family_names = vec!["Anjali Sharma".into()];
        let mut walk_in = party(DoorEntryKind::WalkIn, "w1", "Sita", "Rao", "9165550177", 0);
        walk_in.entry.checked_in_at = Some(chrono::DateTime::UNIX_EPOCH);
        vec![walk_in, registration("3", "Gopal", "Iyer", ""), registration("2", "Ravi", "Sharman", "9165550199"), priya]
    }

    fn state(seq: i64, parties: i64) -> DoorState {
        DoorState {
            count: DoorCount { registered_parties: parties, registered_people: parties * 2, ..DoorCount::default() },
            seq,
            registrations_changed_at: None,
        }
    }

    fn names(found: &Found) -> Vec<String> {
        found.entries.iter().map(|e| format!("{} {}", e.first_name, e.last_name)).collect()
    }

    /// A door whose book is [`records`], and how many times it was read.
    fn counting_reads() -> (MockDoorRepository, Arc<AtomicU64>) {
        let mut door = MockDoorRepository::new();
        let reads = Arc::new(AtomicU64::new(0));
        let counted = reads.clone();
        door.expect_book().returning(move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok(records())
        });
        (door, reads)
    }

    fn index(door: MockDoorRepository) -> DoorIndex {
        DoorIndex::new(Arc::new(door))
    }

    #[tokio::test]
    async fn a_name_a_family_members_name_a_phone_or_a_code_finds_a_party_from_one_read() {
        let mut door = MockDoorRepository::new();
        door.expect_book().times(1).returning(|_| Ok(records()));
        let index = index(door);
        let (event, at) = (EventId::from("e1"), state(0, 3));
        let find = |q: &'static str| {
            let (index, event) = (&index, event.clone());
            async move { names(&index.search(&event, &at, &DoorQuery::parse(q), 20).await.expect("found")) }
        };
        assert_eq!(find("sharma").await, ["Priya Sharma", "Ravi Sharman"], "by last name, then first");
        assert_eq!(find("PRI shar").await, ["Priya Sharma"], "every word");
        assert_eq!(find("anjali").await, ["Priya Sharma"], "a family member's name");
        assert_eq!(find("rao").await, ["Sita Rao"], "walk-ins by name");
        assert_eq!(find("555 0177").await, ["Sita Rao"], "phone digits");
        assert_eq!(find("5550").await, ["Sita Rao", "Priya Sharma", "Ravi Sharman"]);
        assert_eq!(find("abcd-0003").await, ["Gopal Iyer"], "a registration's code");
        assert_eq!(find("100%").await, Vec::<String>::new());
        assert_eq!(find("").await, ["Sita Rao"], "the latest check-ins");
        let two = index.search(&event, &at, &DoorQuery::parse("a"), 2).await.expect("found");
        assert_eq!(names(&two), ["Gopal Iyer", "Sita Rao"], "at most the limit");
    }

    #[tokio::test]
    async fn check_ins_since_the_copy_are_applied_and_changed_registrations_are_read_again() {
        let (mut door, reads) = counting_reads();
        door.expect_changes().withf(|_, after, upto, _| (*after, *upto) == (0, 2)).times(1).returning(|_, _, _, _| {
            let mut ravi = party(DoorEntryKind::Registration, "2", "Ravi", "Sharman", "9165550199", 1);
            ravi.entry.checked_in_at = Some(chrono::DateTime::UNIX_EPOCH + chrono::Duration::hours(1));
            let mut gone = party(DoorEntryKind::WalkIn, "w1", "Sita", "Rao", "9165550177", 2);
            gone.entry.removed = true;
            Ok(vec![ravi, gone, party(DoorEntryKind::WalkIn, "w2", "Kiran", "Aaron", "", 2)])
        });
        let index = index(door);
        let event = EventId::from("e1");
        index.search(&event, &state(0, 3), &DoorQuery::parse("rao"), 20).await.expect("read");
        let found = index.search(&event, &state(2, 3), &DoorQuery::parse(""), 20).await.expect("applied");
        assert_eq!((names(&found), found.seq), (vec!["Ravi Sharman".to_owned()], 2), "Sita's walk-in was taken off");
        let all = index.search(&event, &state(2, 3), &DoorQuery::parse("a"), 20).await.expect("kept");
        assert_eq!(names(&all), ["Kiran Aaron", "Gopal Iyer", "Priya Sharma", "Ravi Sharman"], "the new walk-in in its place");
        assert_eq!(reads.load(Ordering::SeqCst), 1, "two changes read, not the book");
        index.search(&event, &state(2, 4), &DoorQuery::parse("a"), 20).await.expect("a new registration");
        assert_eq!(reads.load(Ordering::SeqCst), 2);
        index.changed(Topic::Events);
        index.search(&event, &state(2, 4), &DoorQuery::parse("a"), 20).await.expect("kept");
        assert_eq!(reads.load(Ordering::SeqCst), 2);
        for topic in [Topic::Users, Topic::Families] {
            index.changed(topic);
            index.search(&event, &state(2, 4), &DoorQuery::parse("a"), 20).await.expect("a name changed");
        }
        assert_eq!(reads.load(Ordering::SeqCst), 4);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn searches_while_the_copy_is_read_wait_for_it_and_while_it_is_updated_answer_from_it() {
        let mut door = MockDoorRepository::new();
        door.expect_book().times(1).returning(|_| {
            std::thread::sleep(Duration::from_millis(100));
            Ok(records())
        });
        // The update reads the changes only once the test lets it, after the other search answered.
        let (started, update_started) = std::sync::mpsc::channel();
        let (let_go, go) = std::sync::mpsc::channel::<()>();
        let go = std::sync::Mutex::new(go);
        door.expect_changes().times(1).returning(move |_, _, _, _| {
            started.send(()).ok();
            go.lock().expect("lock").recv().ok();
            Ok(Vec::new())
        });
        let index = Arc::new(index(door));
        let event = EventId::from("e1");
        let search = |seq: i64| {
            let (index, event) = (index.clone(), event.clone());
            tokio::spawn(async move { index.search(&event, &state(seq, 3), &DoorQuery::parse("sharma"), 20).await })
        };
        let first: Vec<_> = (0..6).map(|_| search(0)).collect();
        for s in first {
            assert_eq!(s.await.expect("joined").expect("found").entries.len(), 2, "one read shared");
        }
        let updating = search(5);
        let update_started = tokio::task::spawn_blocking(move || update_started.recv()).await.expect("joined");
        update_started.expect("the update reads the changes");
        let meanwhile = tokio::time::timeout(Duration::from_secs(30), search(5)).await.expect("answered without waiting for the update");
        let meanwhile = meanwhile.expect("joined").expect("found");
        assert_eq!(meanwhile.seq, 0, "answered from the copy, as of its change number");
        let_go.send(()).expect("the update waits");
        assert_eq!(updating.await.expect("joined").expect("found").seq, 5);
    }

    #[tokio::test]
    async fn a_copy_far_behind_or_too_many_events_are_read_again() {
        let (mut door, reads) = counting_reads();
        door.expect_changes().never();
        let index = index(door);
        let event = EventId::from("e0");
        index.search(&event, &state(0, 3), &DoorQuery::parse("a"), 20).await.expect("read");
        index.search(&event, &state(1_000, 3), &DoorQuery::parse("a"), 20).await.expect("read again");
        assert_eq!(reads.load(Ordering::SeqCst), 2);
        for n in 1..=MAX_BOOKS {
            index.search(&EventId::from(format!("e{n}").as_str()), &state(0, 3), &DoorQuery::parse("a"), 20).await.expect("read");
        }
        assert_eq!(index.books.read().expect("lock").len(), MAX_BOOKS, "the oldest copy was dropped");
        assert!(index.book(&event).is_none());
    }
}
