//! Announces that stored data changed, so that whatever keeps a copy of it (the events list cache
//! today; other processes' caches once an adapter carries changes between processes, e.g. over
//! PostgreSQL `LISTEN`/`NOTIFY` on [`Topic::channel`]) can forget its copy.
//!
//! Services publish after every write that changes what a cached read shows; nothing outside the
//! services needs to know which caches exist.

use std::sync::{Arc, PoisonError, RwLock};

use async_trait::async_trait;

/// What changed: one topic per area whose writes can change a cached read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    Events,
    Registrations,
    Volunteers,
    DonationTypes,
    PaymentMethods,
    /// A member's admin flag, password or token version: what an authenticated request checks.
    Users,
    /// The temple's own content: site settings, recurring services, priests and notices.
    Site,
    /// The walk-ins' donor records the counter keeps.
    Donors,
    /// Check-ins and walk-ins at an event's door: the desks waiting for changes read them.
    Door,
    /// A member's family members: the desks' search finds a registration by their names.
    Families,
}

impl Topic {
    pub const ALL: [Self; 10] = [
        Self::Events,
        Self::Registrations,
        Self::Volunteers,
        Self::DonationTypes,
        Self::PaymentMethods,
        Self::Users,
        Self::Site,
        Self::Donors,
        Self::Door,
        Self::Families,
    ];

    /// A stable name for the topic, usable as a notification channel between processes.
    pub const fn channel(self) -> &'static str {
        match self {
            Self::Events => "mandir_events",
            Self::Registrations => "mandir_registrations",
            Self::Volunteers => "mandir_volunteers",
            Self::DonationTypes => "mandir_donation_types",
            Self::PaymentMethods => "mandir_payment_methods",
            Self::Users => "mandir_users",
            Self::Site => "mandir_site",
            Self::Donors => "mandir_donors",
            Self::Door => "mandir_door",
            Self::Families => "mandir_families",
        }
    }

    /// The topic of a channel name, for adapters that receive changes from other processes.
    pub fn of_channel(channel: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|topic| topic.channel() == channel)
    }
}

/// Publishes changes. Best effort: a change that cannot be announced is the adapter's to log; the
/// write it follows has happened and stands.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ChangeNotifier: Send + Sync {
    async fn publish(&self, topic: Topic);
}

/// Something that keeps a copy of stored data and forgets it when the data changes.
pub trait ChangeListener: Send + Sync {
    /// A write of this process changed `topic`: forget the copy now (the writer's next read must
    /// see its write).
    fn changed(&self, topic: Topic);

    /// Another process changed `topic`. A copy that many requests read may wait a short while
    /// (coalescing a burst of other processes' writes into one reload); by default it is
    /// forgotten as for [`Self::changed`].
    fn changed_elsewhere(&self, topic: Topic) {
        self.changed(topic);
    }
}

/// The in-process notifier: hands every change to the listeners subscribed in this process,
/// before `publish` returns (so the write's own response already sees fresh reads).
#[derive(Default)]
pub struct LocalChangeBus {
    listeners: RwLock<Vec<Arc<dyn ChangeListener>>>,
}

impl LocalChangeBus {
    pub fn subscribe(&self, listener: Arc<dyn ChangeListener>) {
        self.listeners.write().unwrap_or_else(PoisonError::into_inner).push(listener);
    }

    /// Hands a change of this process (or one that may have been missed) to its listeners.
    pub fn deliver(&self, topic: Topic) {
        for listener in self.listeners() {
            listener.changed(topic);
        }
    }

    /// Hands another process's change, relayed by an adapter, to this process's listeners.
    pub fn relay(&self, topic: Topic) {
        for listener in self.listeners() {
            listener.changed_elsewhere(topic);
        }
    }

    fn listeners(&self) -> Vec<Arc<dyn ChangeListener>> {
        self.listeners.read().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Lets tasks wait for the next change of one topic, made in this process or another (the
/// desks' long polls wait on [`Topic::Door`]). Subscribe it to the process's [`LocalChangeBus`].
pub struct TopicWatch {
    topic: Topic,
    changes: tokio::sync::watch::Sender<u64>,
}

impl TopicWatch {
    pub fn new(topic: Topic) -> Self {
        Self { topic, changes: tokio::sync::watch::Sender::new(0) }
    }

    /// A receiver that [`tokio::sync::watch::Receiver::changed`] wakes at the topic's next change
    /// (take it before reading, so a change made in between is not missed).
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changes.subscribe()
    }
}

impl ChangeListener for TopicWatch {
    fn changed(&self, topic: Topic) {
        if topic == self.topic {
            self.changes.send_modify(|n| *n = n.wrapping_add(1));
        }
    }
}

#[async_trait]
impl ChangeNotifier for LocalChangeBus {
    async fn publish(&self, topic: Topic) {
        self.deliver(topic);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    #[derive(Default)]
    struct Seen(Mutex<Vec<Topic>>);

    impl ChangeListener for Seen {
        fn changed(&self, topic: Topic) {
            self.0.lock().expect("lock").push(topic);
        }
    }

    #[derive(Default)]
    struct SeenApart(Mutex<Vec<(Topic, bool)>>);

    impl ChangeListener for SeenApart {
        fn changed(&self, topic: Topic) {
            self.0.lock().expect("lock").push((topic, false));
        }

        fn changed_elsewhere(&self, topic: Topic) {
            self.0.lock().expect("lock").push((topic, true));
        }
    }

    #[tokio::test]
    async fn relayed_changes_reach_listeners_as_other_processes_changes() {
        let bus = LocalChangeBus::default();
        let (plain, apart) = (Arc::new(Seen::default()), Arc::new(SeenApart::default()));
        bus.subscribe(plain.clone());
        bus.subscribe(apart.clone());
        bus.relay(Topic::Registrations);
        bus.publish(Topic::Events).await;
        assert_eq!(*plain.0.lock().expect("lock"), vec![Topic::Registrations, Topic::Events], "by default a relayed change is a change");
        assert_eq!(*apart.0.lock().expect("lock"), vec![(Topic::Registrations, true), (Topic::Events, false)]);
    }

    #[tokio::test]
    async fn every_listener_hears_every_change_before_publish_returns() {
        let bus = LocalChangeBus::default();
        let (a, b) = (Arc::new(Seen::default()), Arc::new(Seen::default()));
        bus.subscribe(a.clone());
        bus.subscribe(b.clone());
        bus.publish(Topic::Registrations).await;
        bus.publish(Topic::Events).await;
        for seen in [a, b] {
            assert_eq!(*seen.0.lock().expect("lock"), vec![Topic::Registrations, Topic::Events]);
        }
    }

    #[tokio::test]
    async fn a_watch_wakes_its_waiters_on_its_topic_only() {
        let bus = LocalChangeBus::default();
        let watch = Arc::new(TopicWatch::new(Topic::Door));
        bus.subscribe(watch.clone());
        let mut waiter = watch.subscribe();
        bus.publish(Topic::Events).await;
        assert!(!waiter.has_changed().expect("open"), "another topic");
        bus.relay(Topic::Door);
        assert!(waiter.has_changed().expect("open"), "another process's change");
        waiter.mark_unchanged();
        bus.publish(Topic::Door).await;
        tokio::time::timeout(std::time::Duration::from_secs(1), waiter.changed()).await.expect("woken").expect("open");
    }

    #[test]
    fn channels_name_their_topics() {
        for topic in Topic::ALL {
            assert_eq!(Topic::of_channel(topic.channel()), Some(topic));
        }
        assert_eq!(Topic::of_channel("other"), None);
    }
}
