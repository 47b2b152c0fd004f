//! Finding the person at the counter as the front desk types (docs/product.md#the-counter): the members' and
//! the walk-ins' (donor records of earlier sales) names, e-mails and phone digits kept in memory,
//! searched without the database.
//!
//! The directory's search (ADR 0110) counts every match and sorts them by name in SQL, 10 ms and
//! more per keystroke with 20,000 members; twenty counters typing at once would queue behind one
//! another. A temple's members fit in a few megabytes, so the counter searches a copy: loaded on
//! the first search, dropped when this process changes an account (`Topic::Users`), and checked
//! when older than [`MAX_AGE`]: read again when the accounts' count or latest change, or the donor
//! records' count, moved (a member who signed up meanwhile, or a change made by another
//! process, shows within that time). A sale that keeps a new walk-in announces `Topic::Donors`,
//! which drops the copy as well.
//!
//! One read at a time: with no copy (the first search, or the first after a change), the searches
//! that arrive meanwhile wait for the one read and search what it read; with a stale copy, one
//! search reads again and the others search the stale copy meanwhile.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use mandir_domain::counter::DonorRecord;
use mandir_domain::staff::Permission;
use mandir_domain::user::User;

use super::Actor;
use super::counter::CounterError;
use crate::ports::{ChangeListener, CounterRepository, MemberSearch, Topic, UserRepository};

/// How long a copy of the members serves searches before it is read again.
pub const MAX_AGE: Duration = Duration::from_secs(5);
/// The matches a search answers: the counter shows the first few.
pub const TOP: usize = 8;
/// Words shorter than this match nothing yet (one letter would match everyone).
const MIN_QUERY: usize = 2;
/// The longest search taken.
pub const MAX_QUERY: usize = 200;
pub const QUERY_TOO_LONG: &str = "Search at most 200 characters";

/// Someone the counter finds: a member, or a walk-in who gave before (their donor record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Member(User),
    WalkIn(DonorRecord),
}

/// One person as the counter finds them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    found: Found,
    /// First and last name and e-mail, lowercased, space-separated.
    text: String,
    /// The phone number's digits.
    digits: String,
}

fn digits(phone: Option<&str>) -> String {
    phone.unwrap_or_default().chars().filter(char::is_ascii_digit).collect()
}

impl Entry {
    fn member(user: User) -> Self {
        let text = format!("{} {} {}", user.first_name, user.last_name, user.email.as_str()).to_lowercase();
        Self { digits: digits(user.phone_number.as_deref()), text, found: Found::Member(user) }
    }

    fn walk_in(donor: DonorRecord) -> Self {
        let w = &donor.walk_in;
        let text = format!("{} {}", w.name, w.email.as_deref().unwrap_or_default()).to_lowercase();
        Self { digits: digits(w.phone.as_deref()), text, found: Found::WalkIn(donor) }
    }

    /// Every word is in the name or e-mail, or (a word of three digits or more) in the phone.
    fn matches(&self, words: &[Word]) -> bool {
        words.iter().all(|w| self.text.contains(&w.text) || (w.digits.len() >= 3 && self.digits.contains(&w.digits)))
    }
}

struct Word {
    text: String,
    digits: String,
}

struct Copy {
    read_at: Instant,
    entries: Arc<Vec<Entry>>,
    /// What the tables were when read: an older copy with the same is as good as new.
    version: Version,
}

/// The accounts' count and latest change, and the donor records' count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Version {
    users: (u64, Option<chrono::DateTime<chrono::Utc>>),
    donors: u64,
}

/// The copy of the members and walk-ins, and its search.
pub struct CounterSearch {
    users: Arc<dyn UserRepository>,
    donors: Arc<dyn CounterRepository>,
    copy: RwLock<Option<Copy>>,
    /// One reload at a time: while it runs, the others search the copy it replaces.
    reloading: AtomicBool,
    /// With no copy, the searches take turns: the first reads, the ones after find its copy.
    first_read: tokio::sync::Mutex<()>,
    /// Counts the changes of accounts: a read that began before one is used once, not kept.
    generation: AtomicU64,
}

/// Lowers the reload flag when the reload ends, whatever way.
struct Reloading<'a>(&'a AtomicBool);

impl Drop for Reloading<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl CounterSearch {
    pub fn new(users: Arc<dyn UserRepository>, donors: Arc<dyn CounterRepository>) -> Self {
        Self {
            users,
            donors,
            copy: RwLock::new(None),
            reloading: AtomicBool::new(false),
            first_read: tokio::sync::Mutex::new(()),
            generation: AtomicU64::new(0),
        }
    }

    /// The copy, and whether it is still fresh.
    fn current(&self) -> Option<(Arc<Vec<Entry>>, bool)> {
        let copy = self.copy.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        copy.as_ref().map(|c| (c.entries.clone(), c.read_at.elapsed() < MAX_AGE))
    }

    async fn version(&self) -> Result<Version, CounterError> {
        Ok(Version { users: self.users.directory_version().await?, donors: self.donors.donor_count().await? })
    }

    /// A stale copy: kept as fresh when the tables are as they were (two small counts instead of
    /// reading 20,000 members, whose decoding held a core for 100 ms and more, every few seconds),
    /// read again otherwise.
    async fn refresh(&self, stale: Arc<Vec<Entry>>) -> Result<Arc<Vec<Entry>>, CounterError> {
        let generation = self.generation.load(Ordering::Acquire);
        let version = self.version().await?;
        {
            let mut copy = self.copy.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(c) = copy.as_mut().filter(|c| c.version == version && Arc::ptr_eq(&c.entries, &stale))
                && self.generation.load(Ordering::Acquire) == generation
            {
                c.read_at = Instant::now();
                return Ok(stale);
            }
        }
        self.read().await
    }

    async fn entries(&self) -> Result<Arc<Vec<Entry>>, CounterError> {
        match self.current() {
            Some((entries, true)) => Ok(entries),
            Some((stale, false)) => {
                // Another search reloads the stale copy: this one uses it meanwhile.
                if self.reloading.swap(true, Ordering::AcqRel) {
                    return Ok(stale);
                }
                let _flag = Reloading(&self.reloading);
                self.refresh(stale).await
            }
            None => {
                let _turn = self.first_read.lock().await;
                // A search that held the turn before this one has read the members.
                if let Some((entries, _)) = self.current() {
                    return Ok(entries);
                }
                self.read().await
            }
        }
    }

    /// Every member, in the directory's name order, then every walk-in by name, kept as the copy
    /// unless an account or a walk-in changed while they were read.
    async fn read(&self) -> Result<Arc<Vec<Entry>>, CounterError> {
        let generation = self.generation.load(Ordering::Acquire);
        // Before the rows: a change while they are read makes the next refresh read again.
        let version = self.version().await?;
        let (users, _) = self.users.search(&MemberSearch { words: Vec::new(), offset: 0, limit: None }).await?;
        let mut walk_ins = self.donors.donors().await?;
        walk_ins.sort_by_cached_key(|d| d.walk_in.name.to_lowercase());
        let entries = Arc::new(users.into_iter().map(Entry::member).chain(walk_ins.into_iter().map(Entry::walk_in)).collect::<Vec<_>>());
        let mut copy = self.copy.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.generation.load(Ordering::Acquire) == generation {
            *copy = Some(Copy { read_at: Instant::now(), entries: entries.clone(), version });
        }
        Ok(entries)
    }

    /// The first [`TOP`] people whose name or e-mail holds every word typed, or whose phone holds
    /// its digits (front desk, treasurers entering checks, admins): members in name order, then
    /// walk-ins by name.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn find(&self, actor: &Actor, query: &str) -> Result<Vec<Found>, CounterError> {
        actor.require(Permission::FindMembers)?;
        if query.chars().count() > MAX_QUERY {
            return Err(CounterError::Validation(mandir_domain::ValidationErrors::single("q", QUERY_TOO_LONG)));
        }
        // A phone number as typed ("916 555 0100", "(916) 555-01"): one run of digits.
        let phone = query.chars().all(|c| c.is_ascii_digit() || " -().+".contains(c));
        let words: Vec<Word> = if phone {
            vec![Word { text: query.trim().to_lowercase(), digits: query.chars().filter(char::is_ascii_digit).collect() }]
        } else {
            query
                .split_whitespace()
                .map(|w| Word { text: w.to_lowercase(), digits: w.chars().filter(char::is_ascii_digit).collect() })
                .collect()
        };
        if query.trim().chars().count() < MIN_QUERY || words.is_empty() {
            return Ok(Vec::new());
        }
        let entries = self.entries().await?;
        Ok(entries.iter().filter(|e| e.matches(&words)).take(TOP).map(|e| e.found.clone()).collect())
    }
}

impl ChangeListener for CounterSearch {
    fn changed(&self, topic: Topic) {
        if matches!(topic, Topic::Users | Topic::Donors) {
            let mut copy = self.copy.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.generation.fetch_add(1, Ordering::AcqRel);
            *copy = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::counter_repository::MockCounterRepository;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{member, staff, user};
    use mandir_domain::counter::WalkIn;
    use mandir_domain::staff::Role;

    fn person(id: &str, first: &str, last: &str, phone: &str) -> User {
        User {
            first_name: first.into(),
            last_name: last.into(),
            email: mandir_domain::user::Email::from_trusted(format!("{}@example.org", first.to_lowercase())),
            phone_number: Some(phone.into()),
            ..user(id)
        }
    }

    fn walk_in(id: &str, name: &str, phone: Option<&str>) -> DonorRecord {
        DonorRecord { id: id.into(), walk_in: WalkIn { name: name.into(), email: None, phone: phone.map(Into::into), address: None } }
    }

    /// Walk-ins read `reads` times: Zoe Rao and Gopal Iyer (unsorted, as a database may answer).
    fn walk_ins(reads: usize) -> Arc<MockCounterRepository> {
        let mut donors = MockCounterRepository::new();
        donors
            .expect_donors()
            .times(reads)
            .returning(|| Ok(vec![walk_in("w2", "zoe Rao", None), walk_in("w1", "Gopal Iyer", Some("916 555 0177"))]));
        donors.expect_donor_count().returning(|| Ok(2));
        Arc::new(donors)
    }

    fn no_walk_ins() -> Arc<MockCounterRepository> {
        let mut donors = MockCounterRepository::new();
        donors.expect_donors().returning(|| Ok(Vec::new()));
        donors.expect_donor_count().returning(|| Ok(0));
        Arc::new(donors)
    }

    fn search(reads: usize) -> CounterSearch {
        let mut users = MockUserRepository::new();
        users.expect_search().times(reads).returning(|_| {
            let all = vec![
                person("1", "Lakshmi", "Iyer", "(916) 555-0100"),
                person("2", "Lakshmi", "Rao", "916-555-0142"),
                person("3", "Ravi", "Rao", "9165550199"),
            ];
            Ok((all, 3))
        });
        users.expect_directory_version().returning(|| Ok((3, None)));
        CounterSearch::new(Arc::new(users), walk_ins(reads))
    }

    fn ids(found: &[Found]) -> Vec<&str> {
        found
            .iter()
            .map(|f| match f {
                Found::Member(u) => u.id.as_str(),
                Found::WalkIn(d) => d.id.as_str(),
            })
            .collect()
    }

    #[tokio::test]
    async fn every_word_matches_a_name_an_e_mail_or_phone_digits_from_one_read() {
        let desk = staff(&[Role::FrontDesk]);
        let s = search(1);
        assert_eq!(ids(&s.find(&desk, "laks").await.expect("found")), ["1", "2"]);
        assert_eq!(ids(&s.find(&desk, "Lakshmi RAO").await.expect("found")), ["2"]);
        assert_eq!(ids(&s.find(&desk, "ravi@example").await.expect("found")), ["3"]);
        assert_eq!(ids(&s.find(&desk, "0142").await.expect("found")), ["2"]);
        assert_eq!(ids(&s.find(&desk, "555 01").await.expect("found")), ["1", "2", "3", "w1"], "digits in the phone");
        assert_eq!(ids(&s.find(&desk, "rao").await.expect("found")), ["2", "3", "w2"], "members first, then walk-ins");
        assert_eq!(ids(&s.find(&desk, "iyer").await.expect("found")), ["1", "w1"]);
        assert!(s.find(&desk, "l").await.expect("too short").is_empty());
        assert!(matches!(s.find(&desk, &"x".repeat(201)).await, Err(CounterError::Validation(_))));
        assert!(matches!(s.find(&member(), "laks").await, Err(CounterError::Forbidden)));
    }

    #[tokio::test]
    async fn a_change_of_accounts_or_walk_ins_drops_the_copy() {
        let desk = staff(&[Role::FrontDesk]);
        let s = search(3);
        s.find(&desk, "rao").await.expect("first read");
        s.changed(Topic::Events);
        s.find(&desk, "rao").await.expect("still the copy");
        s.changed(Topic::Users);
        s.find(&desk, "rao").await.expect("read again");
        s.changed(Topic::Donors);
        s.find(&desk, "rao").await.expect("read again, for a new walk-in");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn searches_waiting_for_the_first_read_share_it() {
        let desk = staff(&[Role::FrontDesk]);
        let mut users = MockUserRepository::new();
        users.expect_search().times(1).returning(|_| {
            // A slow read of 20,000 members: the other searches arrive while it runs.
            std::thread::sleep(Duration::from_millis(100));
            Ok((vec![person("1", "Lakshmi", "Iyer", "(916) 555-0100")], 1))
        });
        users.expect_directory_version().returning(|| Ok((1, None)));
        let s = Arc::new(CounterSearch::new(Arc::new(users), walk_ins(1)));
        let searches: Vec<_> = (0..8)
            .map(|_| {
                let (s, desk) = (s.clone(), desk.clone());
                tokio::spawn(async move { s.find(&desk, "laks").await })
            })
            .collect();
        for search in searches {
            assert_eq!(ids(&search.await.expect("joined").expect("found")), ["1"]);
        }
    }

    #[tokio::test]
    async fn a_read_that_began_before_a_change_is_not_kept() {
        let desk = staff(&[Role::FrontDesk]);
        let itself: Arc<std::sync::OnceLock<Arc<CounterSearch>>> = Arc::default();
        let mut users = MockUserRepository::new();
        let (during, reads) = (itself.clone(), Arc::new(AtomicU64::new(0)));
        let counted = reads.clone();
        // An account changes while the members are read: what was read answers this search only.
        users.expect_search().returning(move |_| {
            if counted.fetch_add(1, Ordering::SeqCst) == 0
                && let Some(search) = during.get()
            {
                search.changed(Topic::Users);
            }
            Ok((vec![person("1", "Lakshmi", "Iyer", "(916) 555-0100")], 1))
        });
        users.expect_directory_version().returning(|| Ok((1, None)));
        let s = Arc::new(CounterSearch::new(Arc::new(users), no_walk_ins()));
        itself.set(s.clone()).ok();
        assert_eq!(ids(&s.find(&desk, "laks").await.expect("found")), ["1"]);
        assert_eq!(ids(&s.find(&desk, "laks").await.expect("found")), ["1"]);
        assert_eq!(reads.load(Ordering::SeqCst), 2, "read again, as nothing was kept");
        assert_eq!(ids(&s.find(&desk, "laks").await.expect("found")), ["1"]);
        assert_eq!(reads.load(Ordering::SeqCst), 2, "the second read was kept");
    }

    /// Makes the copy look older than [`MAX_AGE`].
    fn age(s: &CounterSearch) {
        let mut copy = s.copy.write().expect("lock");
        if let Some(c) = copy.as_mut() {
            c.read_at = Instant::now().checked_sub(MAX_AGE + Duration::from_secs(1)).expect("an instant");
        }
    }

    #[tokio::test]
    async fn a_stale_copy_is_read_again_only_when_the_tables_changed() {
        let desk = staff(&[Role::FrontDesk]);
        let version = Arc::new(std::sync::Mutex::new((1_u64, None)));
        let reads = Arc::new(AtomicU64::new(0));
        let mut users = MockUserRepository::new();
        let counted = reads.clone();
        users.expect_search().returning(move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok((vec![person("1", "Lakshmi", "Iyer", "(916) 555-0100")], 1))
        });
        let now_version = version.clone();
        users.expect_directory_version().returning(move || Ok(*now_version.lock().expect("lock")));
        let s = CounterSearch::new(Arc::new(users), no_walk_ins());
        s.find(&desk, "laks").await.expect("first read");
        age(&s);
        s.find(&desk, "laks").await.expect("unchanged: kept");
        assert_eq!(reads.load(Ordering::SeqCst), 1, "two counts instead of every member");
        s.find(&desk, "laks").await.expect("fresh again");
        assert_eq!(reads.load(Ordering::SeqCst), 1);
        // Another process changed an account: the next stale search reads them again.
        *version.lock().expect("lock") = (1, Some(chrono::Utc::now()));
        age(&s);
        s.find(&desk, "laks").await.expect("changed: read again");
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }
}
