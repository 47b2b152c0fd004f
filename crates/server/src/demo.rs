//! `create-admin` and `seed-demo`, and locking out the demo accounts in production.

use anyhow::{Context, bail};
use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use mandir_application::ports::{
    EventRepository, NewUserRecord, PasswordHasher, PriestFields, PriestRepository, RecurringServiceRepository, SevaFields, SevaRepository,
    SiteRepository, UserRepository,
};
use mandir_application::services::cash_office::CashOfficeService;
use mandir_application::services::counter::CounterService;
use mandir_application::services::donation_types::DonationTypeService;
use mandir_application::services::festivals::FestivalService;
use mandir_application::services::funds::FundService;
use mandir_application::services::households::{HouseholdError, HouseholdService};
use mandir_application::services::new_id;
use mandir_application::services::pledges::PledgeService;
use mandir_application::services::star_birthdays::StarBirthdayService;
use mandir_domain::event::NewEvent;
use mandir_domain::priest::PriestInput;
use mandir_domain::recurring_service::RecurringServiceInput;
use mandir_domain::seva::{SevaInput, SlotInput};
use mandir_domain::site::{NoticeInput, SiteSettings};
use mandir_domain::staff::{Role, Roles};
use mandir_domain::user::{Email, check_password};

/// The demo admin's address, at the demo domain no member may take (`Email::parse_own`).
pub const DEMO_ADMIN_EMAIL: &str = "admin@mandir.local";
pub const DEMO_ADMIN_PASSWORD: &str = "mandir-admin";

/// Why `create-admin` refuses the demo password: the account would sign in with a published
/// password, and without the demo mark a production start would not lock it out.
pub const DEMO_PASSWORD_REFUSED: &str = "that is the published demo password: choose another one";

/// What [`create_admin`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminOutcome {
    Created,
    /// The account existed: its password was replaced, its e-mail marked verified, and it was
    /// made an admin (`was_admin` tells whether it already was one).
    Updated {
        was_admin: bool,
    },
}

impl std::fmt::Display for AdminOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Created => "created a new admin account",
            Self::Updated { was_admin: true } => "set the password of the existing admin account and marked its e-mail verified",
            Self::Updated { was_admin: false } => {
                "set the password of the existing account, marked its e-mail verified and made it an admin"
            }
        })
    }
}

/// Creates an admin account with this password; for an existing account, sets the password
/// (ending its sessions), marks the e-mail verified, grants admin rights and clears the demo mark,
/// in one transaction. A password the product refuses, or the published demo password, is
/// refused here too, before anything changes. Either way the first-run setup link stops working.
pub async fn create_admin(
    users: &dyn UserRepository,
    hasher: &dyn PasswordHasher,
    email: &str,
    password: &str,
    first_name: &str,
    last_name: &str,
) -> anyhow::Result<AdminOutcome> {
    let email = Email::parse(email).map_err(anyhow::Error::msg)?;
    let password = check_password(password).map_err(anyhow::Error::msg)?;
    if password == DEMO_ADMIN_PASSWORD {
        bail!(DEMO_PASSWORD_REFUSED);
    }
    let now = Utc::now();
    if let Some(existing) = users.find_by_email(&email).await.context("looking up the e-mail")? {
        let password_hash = hasher.hash(password).await.context("hashing the password")?;
        users.make_admin(&existing.user.id, &password_hash, now).await.context("making the account an admin")?;
        return Ok(AdminOutcome::Updated { was_admin: existing.user.is_admin() });
    }
    if first_name.trim().chars().count() < 2 || last_name.trim().chars().count() < 2 {
        bail!("first and last name must be at least 2 characters");
    }
    let password_hash = hasher.hash(password).await.context("hashing the password")?;
    users.create(admin_record(email, password_hash, first_name, last_name, false, now)).await.context("creating the admin")?;
    Ok(AdminOutcome::Created)
}

/// A new verified admin account.
fn admin_record(email: Email, password_hash: String, first_name: &str, last_name: &str, demo: bool, now: DateTime<Utc>) -> NewUserRecord {
    staff_record(email, password_hash, (first_name, last_name), Roles::of(&[Role::Admin]), demo, now)
}

/// The demo's staff, one account per role besides admin, with the demo password (marked as demo
/// accounts: a production start locks them out). The priest's account is linked to the first
/// demo priest.
pub const DEMO_STAFF: [(&str, &str, &str, Role); 5] = [
    ("treasurer@mandir.local", "Demo", "Treasurer", Role::Treasurer),
    ("frontdesk@mandir.local", "Demo", "Front Desk", Role::FrontDesk),
    ("priest@mandir.local", "Demo", "Priest", Role::Priest),
    ("editor@mandir.local", "Demo", "Editor", Role::Editor),
    ("coordinator@mandir.local", "Demo", "Coordinator", Role::VolunteerCoordinator),
];

/// Creates the demo staff ([`DEMO_STAFF`]) whose addresses are free (`seed-demo` calls it on a
/// first run only, with the demo admin), and links the demo priest's
/// account to the first priest without an account. Answers how many accounts it made.
pub async fn seed_demo_staff(
    users: &dyn UserRepository,
    hasher: &dyn PasswordHasher,
    priests: &dyn PriestRepository,
) -> anyhow::Result<usize> {
    let mut made = 0;
    let now = Utc::now();
    for (address, first, last, role) in DEMO_STAFF {
        let email = Email::parse(address).map_err(anyhow::Error::msg)?;
        if users.find_by_email(&email).await.context("looking up a demo account")?.is_some() {
            continue;
        }
        let password_hash = hasher.hash(DEMO_ADMIN_PASSWORD.to_owned()).await.context("hashing the demo password")?;
        let user = users
            .create(staff_record(email, password_hash, (first, last), Roles::of(&[role]), true, now))
            .await
            .context("creating demo staff")?;
        made += 1;
        if role == Role::Priest
            && let Some(priest) = priests.list().await.context("reading priests")?.into_iter().find(|p| p.user_id.is_none())
        {
            priests.set_account(&priest.id, Some(user.id), now).await.context("linking the demo priest")?;
        }
    }
    Ok(made)
}

/// The demo's pending invitation: the staff page shows one (Resend e-mails a working link to the
/// development outbox). Sent "by the demo admin", recorded as the command line's.
pub const DEMO_INVITATION: (&str, Role) = ("new.priest@example.org", Role::Priest);

/// Adds [`DEMO_INVITATION`] unless its address has an account or an invitation already.
pub async fn seed_demo_invitation(
    users: &dyn UserRepository,
    invitations: &dyn mandir_application::ports::StaffInvitationRepository,
) -> anyhow::Result<bool> {
    let (address, role) = DEMO_INVITATION;
    let email = Email::parse(address).map_err(anyhow::Error::msg)?;
    let pending = invitations.pending().await.context("reading invitations")?;
    if pending.iter().any(|i| i.email == email) || users.find_by_email(&email).await.context("looking up the invited address")?.is_some() {
        return Ok(false);
    }
    let now = Utc::now();
    let invitation = mandir_application::ports::StaffInvitation {
        id: new_id(),
        email,
        roles: Roles::of(&[role]),
        // Nobody holds this link: resending makes one.
        token_hash: mandir_application::services::new_secret().1,
        invited_by_id: None,
        invited_by_name: Some("Demo Admin".to_owned()),
        created_at: now,
        expires_at: now + Duration::days(mandir_application::services::staff_invites::INVITATION_DAYS),
    };
    let entry = mandir_domain::audit::AuditEntry {
        id: new_id(),
        at: now,
        actor_id: None,
        actor_email: mandir_application::services::audit::COMMAND_LINE.to_owned(),
        address: None,
        kind: mandir_domain::audit::AuditKind::Roles,
        action: "invitation.send".to_owned(),
        target_kind: "invitation".to_owned(),
        target_id: Some(invitation.id.clone()),
        summary: format!("Invited {address} as {} (demo data)", role.label()),
        changes: Vec::new(),
    };
    invitations.invite(invitation, entry).await.context("adding the demo invitation")?;
    Ok(true)
}

/// A new verified account holding `roles`.
fn staff_record(
    email: Email,
    password_hash: String,
    (first_name, last_name): (&str, &str),
    roles: Roles,
    demo: bool,
    now: DateTime<Utc>,
) -> NewUserRecord {
    NewUserRecord {
        id: new_id(),
        username: None,
        first_name: first_name.trim().to_owned(),
        last_name: last_name.trim().to_owned(),
        email,
        phone_number: None,
        gotram_id: None,
        custom_gotram: None,
        password_hash,
        roles,
        email_verified: true,
        verification_token_hash: None,
        verification_expires_at: None,
        demo,
        language: mandir_domain::language::Language::English,
        now,
    }
}

/// Creates the demo admin, marked as a demo account, on a first run only: when the database has
/// no admin at all. Answers whether it did; existing accounts are never touched (a changed demo
/// password stays changed).
pub async fn seed_demo_admin(users: &dyn UserRepository, hasher: &dyn PasswordHasher) -> anyhow::Result<bool> {
    if users.count_admins().await.context("counting admins")? > 0 {
        return Ok(false);
    }
    let email = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let password_hash = hasher.hash(DEMO_ADMIN_PASSWORD.to_owned()).await.context("hashing the demo password")?;
    users.create(admin_record(email, password_hash, "Temple", "Admin", true, Utc::now())).await.context("creating the demo admin")?;
    Ok(true)
}

/// The demo accounts the published demo password still signs in: marked by `seed-demo`, not
/// given a password by `create-admin` since, and not changed otherwise.
pub async fn demo_accounts_signing_in(users: &dyn UserRepository, hasher: &dyn PasswordHasher) -> anyhow::Result<Vec<Email>> {
    let mut signing_in = Vec::new();
    for account in users.demo_accounts().await.context("reading the demo accounts")? {
        if hasher.verify(DEMO_ADMIN_PASSWORD.to_owned(), account.password_hash).await.context("checking the demo password")? {
            signing_in.push(account.user.email);
        }
    }
    Ok(signing_in)
}

/// Whether a demo account still signs in with the demo password.
pub async fn demo_credentials_sign_in(users: &dyn UserRepository, hasher: &dyn PasswordHasher) -> anyhow::Result<bool> {
    Ok(!demo_accounts_signing_in(users, hasher).await?.is_empty())
}

/// A demo account a production start locked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedOutAccount {
    pub email: Email,
    /// Whether its admin rights went (another admin remained).
    pub admin_removed: bool,
}

/// Locks out every demo account the published demo password still signs in: its password hash
/// becomes that of a random secret nobody knows (so no password signs it in), its sessions end,
/// and its admin rights go when another admin remains. The account stays, so `mandir create-admin
/// --email <it>` gives it a real password. Answers what it locked out.
pub async fn lock_out_demo_accounts(users: &dyn UserRepository, hasher: &dyn PasswordHasher) -> anyhow::Result<Vec<LockedOutAccount>> {
    let mut locked = Vec::new();
    for account in users.demo_accounts().await.context("reading the demo accounts")? {
        if !hasher.verify(DEMO_ADMIN_PASSWORD.to_owned(), account.password_hash).await.context("checking the demo password")? {
            continue;
        }
        let unknown = mandir_application::services::new_secret().0;
        let password_hash = hasher.hash(unknown).await.context("hashing an unknown password")?;
        let outcome = users.lock_out(&account.user.id, &password_hash, Utc::now()).await.context("locking out the demo account")?;
        locked.push(LockedOutAccount { email: account.user.email, admin_removed: outcome.admin_removed });
    }
    Ok(locked)
}

fn demo_service(name: &str, description: &str, frequency: &str, time: &str) -> RecurringServiceInput {
    RecurringServiceInput {
        name: name.to_owned(),
        description: Some(format!("{description} (Demo content: replace it in Admin > Temple.)")),
        frequency: frequency.to_owned(),
        time: time.to_owned(),
        ..RecurringServiceInput::default()
    }
}

/// Loads demo recurring services once: nothing is added when services already exist. A
/// production install starts with none (the home page then hides the list).
pub async fn seed_demo_services(services: &dyn RecurringServiceRepository) -> anyhow::Result<usize> {
    if !services.list().await.context("reading services")?.is_empty() {
        return Ok(0);
    }
    let days = |d: &[&str]| d.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let demo = [
        demo_service("Vishnu Sahasranamam Parayanam", "The thousand names of Vishnu, chanted together", "daily", "19:00"),
        RecurringServiceInput {
            weekdays: days(&["saturday"]),
            ..demo_service("Venkateshwara Suprabhatam", "The morning hymn that wakes the Lord", "weekly", "09:00")
        },
        RecurringServiceInput {
            weekdays: days(&["tuesday"]),
            ..demo_service("Anjaneya Abhishekham", "Sacred bath of Lord Hanuman", "weekly", "18:30")
        },
        RecurringServiceInput {
            week: Some(2),
            weekday: Some("saturday".to_owned()),
            ..demo_service("Venkateshwara Abhishekam", "Abhishekam for Lord Venkateswara", "monthlyWeekday", "10:00")
        },
        RecurringServiceInput {
            week: Some(1),
            weekday: Some("saturday".to_owned()),
            ..demo_service("Venkateshwara Sahasranama Archana", "Archana with the thousand names", "monthlyWeekday", "19:30")
        },
        RecurringServiceInput {
            week: Some(4),
            weekday: Some("saturday".to_owned()),
            ..demo_service("Unjal Seva", "The swing festival of the Lord", "monthlyWeekday", "20:00")
        },
        RecurringServiceInput {
            day: Some(15),
            ..demo_service("Satyanarayana Puja", "Vratam with katha and prasadam; families may sponsor", "monthlyDate", "18:00")
        },
    ];
    let now = Utc::now();
    let count = demo.len();
    for input in demo {
        let valid = input.validate().map_err(|e| anyhow::anyhow!("demo service: {e}"))?;
        services.create(new_id(), valid, now).await.context("creating a demo service")?;
    }
    Ok(count)
}

/// Loads the demo's services by the lunar calendar once: nothing is added when a service already
/// repeats by tithi or nakshatra. Answers how many were added.
pub async fn seed_demo_lunar_services(services: &dyn RecurringServiceRepository) -> anyhow::Result<usize> {
    if services.list().await.context("reading services")?.iter().any(|s| s.schedule.recurrence.is_lunar()) {
        return Ok(0);
    }
    let demo = [
        RecurringServiceInput {
            tithis: vec![11, 26],
            ..demo_service("Ekadashi Vishnu Sahasranamam", "The thousand names on every Ekadashi, with tulasi archana", "tithi", "18:30")
        },
        RecurringServiceInput {
            tithis: vec![15],
            ..demo_service("Pournami Satyanarayana Vratam", "The full-moon vratam with katha; families may sponsor", "tithi", "18:00")
        },
        RecurringServiceInput {
            nakshatra: Some(22),
            ..demo_service("Shravanam Srinivasa Kalyanam", "The Lord's wedding on His star every month", "nakshatra", "10:00")
        },
    ];
    let now = Utc::now();
    let count = demo.len();
    for input in demo {
        let valid = input.validate().map_err(|e| anyhow::anyhow!("demo service: {e}"))?;
        services.create(new_id(), valid, now).await.context("creating a demo service")?;
    }
    Ok(count)
}

/// The demo's festival events: the next two of the shipped festivals (Diwali, Maha Shivaratri …)
/// made by the demo admin through the festivals' use case, for this year and the two after, so the
/// events list shows them. Dates made before are left alone. Answers how many events were made.
pub async fn seed_demo_festival_events(users: &dyn UserRepository, festivals: &FestivalService) -> anyhow::Result<usize> {
    use mandir_application::services::festivals::FestivalEventsInput;
    let admin = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let Some(admin) = users.find_by_email(&admin).await.context("looking up the demo admin")? else { return Ok(0) };
    let actor = mandir_application::services::Actor::of(&admin.user);
    let plans = [
        ("diwali", "18:30", "Lakshmi puja at dusk, lamps, bhajans and prasadam for all (Demo content.)", Some(500)),
        ("maha-shivaratri", "19:00", "Abhishekams through the four watches of the night; come and go as you can (Demo content.)", None),
    ];
    let mut made = 0;
    for (id, time, description, capacity) in plans {
        let input = FestivalEventsInput {
            from_year: None,
            years: Some(3),
            time: time.to_owned(),
            location: "Main hall".to_owned(),
            description: description.to_owned(),
            capacity,
        };
        match festivals.create_events(&actor, &id.into(), input).await {
            Ok(result) => made += result.created.len(),
            // A temple that deleted the rule: nothing to make.
            Err(mandir_application::services::festivals::FestivalError::NotFound) => {}
            Err(other) => return Err(anyhow::anyhow!("demo festival events: {other}")),
        }
    }
    Ok(made)
}

/// The demo admin's own birth star (Rohini) with its reminder, so Profile → Star birthdays is not
/// empty. Left alone when the admin has one.
pub async fn seed_demo_star_birthday(users: &dyn UserRepository, stars: &StarBirthdayService) -> anyhow::Result<bool> {
    use mandir_domain::star_birthday::StarBirthdayInput;
    let admin = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let Some(admin) = users.find_by_email(&admin).await.context("looking up the demo admin")? else { return Ok(false) };
    let actor = mandir_application::services::Actor::of(&admin.user);
    let people = stars.list(&actor).await.map_err(|e| anyhow::anyhow!("demo star birthdays: {e}"))?;
    if people.iter().any(|p| p.family_member_id.is_none() && p.star.is_some()) {
        return Ok(false);
    }
    let input = StarBirthdayInput { nakshatra: Some(4), remind: true, days_before: Some(2), ..StarBirthdayInput::default() };
    stars.put(&actor, None, input).await.map_err(|e| anyhow::anyhow!("demo star birthday: {e}"))?;
    Ok(true)
}

/// The demo admin's mobile number, verified, with every kind of text agreed to (ADR 0148), so a
/// registration or a booking in the demo writes its text to the development folder
/// (`data/texts`). Once: nothing when the admin has texting settings already.
pub async fn seed_demo_texting(users: &dyn UserRepository, texts: &dyn mandir_application::ports::TextRepository) -> anyhow::Result<bool> {
    use mandir_application::ports::TextSettings;
    use mandir_domain::texting::{TextChannel, TextKind};
    let admin = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let Some(admin) = users.find_by_email(&admin).await.context("looking up the demo admin")? else { return Ok(false) };
    if texts.settings(&admin.user.id).await.context("reading texting settings")?.is_some() {
        return Ok(false);
    }
    let now = chrono::Utc::now();
    let settings = TextSettings {
        user_id: admin.user.id.clone(),
        phone: Some(DEMO_TEXT_PHONE.to_owned()),
        verified_at: Some(now),
        channel: TextChannel::Sms,
        kinds: TextKind::ALL.to_vec(),
        time_zone: "America/Los_Angeles".to_owned(),
        pending_phone: None,
        code_hash: None,
        code_expires_at: None,
        code_attempts: 0,
        updated_at: now,
    };
    texts.save_settings(&settings).await.context("saving the demo texting settings")?;
    Ok(true)
}

/// The demo admin's (fictional, 555) mobile number.
pub const DEMO_TEXT_PHONE: &str = "+19165550100";

/// The demo admin's pledge to the building campaign ($5,001 over the campaign's years), made
/// through the member's use case, so My Donations and Admin → Pledges show one. Once: nothing
/// when the admin has a pledge already, or without the demo admin or the building fund.
pub async fn seed_demo_pledge(users: &dyn UserRepository, funds: &FundService, pledges: &PledgeService) -> anyhow::Result<bool> {
    use mandir_domain::NumberInput;
    use mandir_domain::pledge::NewPledgeInput;
    let admin = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let Some(admin) = users.find_by_email(&admin).await.context("looking up the demo admin")? else { return Ok(false) };
    let actor = mandir_application::services::Actor::of(&admin.user);
    if !pledges.mine(&actor).await.map_err(|e| anyhow::anyhow!("demo pledges: {e}"))?.is_empty() {
        return Ok(false);
    }
    let all = funds.funds().await.map_err(|e| anyhow::anyhow!("reading funds: {e}"))?;
    let Some(building) = all.iter().find(|f| f.name == "Temple Building" && f.is_active) else { return Ok(false) };
    let year = Utc::now().year();
    let input = NewPledgeInput {
        fund_id: Some(building.id.to_string()),
        amount: NumberInput::text("5001"),
        starts_on: Some(building.starts_on.map_or_else(|| format!("{year}-01-01"), |d| d.to_string())),
        ends_on: Some(building.ends_on.filter(|d| d.year() >= year).map_or_else(|| format!("{}-12-31", year + 1), |d| d.to_string())),
        note: Some("For the new gopuram, in memory of my parents (demo)".to_owned()),
    };
    pledges.create(&actor, input).await.map_err(|e| anyhow::anyhow!("demo pledge: {e}"))?;
    Ok(true)
}

/// Demo recurring gifts, made through the donors' use cases with the sandbox's test cards: the
/// demo admin's $25 a month to Annadanam (charged today, on My Donations), a guest's gift whose
/// card declines (retrying, its donor e-mailed), and a guest's gift its donor paused (in the
/// treasurer's list, Admin → Recurring gifts). Once: nothing when the admin has a recurring gift,
/// or when the provider is not the sandbox.
pub async fn seed_demo_recurring_gifts(
    users: &dyn UserRepository,
    funds: &FundService,
    gifts: &mandir_application::services::recurring_gifts::RecurringGiftService,
) -> anyhow::Result<usize> {
    use mandir_application::ports::TestCard;
    use mandir_application::services::payments::{Donor, Payer};
    use mandir_application::services::rate_limits::ClientAddress;
    use mandir_application::services::recurring_gifts::{ConfirmedSetup, GuestDonor, Holder, StartedGift};
    use mandir_domain::NumberInput;
    use mandir_domain::recurring_gift::RecurringGiftInput;
    let admin = Email::parse(DEMO_ADMIN_EMAIL).map_err(anyhow::Error::msg)?;
    let Some(admin) = users.find_by_email(&admin).await.context("looking up the demo admin")? else { return Ok(0) };
    let actor = mandir_application::services::Actor::of(&admin.user);
    let fail = |what: &'static str| {
        move |e: mandir_application::services::recurring_gifts::RecurringGiftError| anyhow::anyhow!("demo recurring gift, {what}: {e}")
    };
    if !gifts.mine(&actor).await.map_err(fail("reading"))?.is_empty() {
        return Ok(0);
    }
    let all = funds.funds().await.map_err(|e| anyhow::anyhow!("reading funds: {e}"))?;
    let Some(annadanam) = all.iter().find(|f| f.name == "Annadanam" && f.is_active).or_else(|| all.iter().find(|f| f.is_general())) else {
        return Ok(0);
    };
    let today = Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    let input = |amount: &str, frequency: &str, start: chrono::NaiveDate| RecurringGiftInput {
        amount: NumberInput::text(amount),
        frequency: Some(frequency.to_owned()),
        fund_id: Some(annadanam.id.to_string()),
        start_on: Some(start.to_string()),
        receipts: None,
    };
    let token = |started: &StartedGift| started.manage_path.split("token=").nth(1).unwrap_or_default().to_owned();
    let confirm = |started: &StartedGift| ConfirmedSetup {
        setup_intent_id: started.setup.setup_intent_id.clone(),
        client_secret: started.setup.client_secret.clone(),
    };
    let card = |last4: &str| TestCard { last4: last4.to_owned(), exp_month: 12, exp_year: today.year() + 3 };
    let guest = || Payer::Guest(ClientAddress::new("127.0.0.1"));

    let own = gifts
        .start(&Payer::Member(Donor::of(&admin.user)), input("25", "monthly", today), GuestDonor::default(), None)
        .await
        .map_err(fail("starting"))?;
    let holder = Holder { actor: Some(&actor), token: None };
    match gifts.save_test_card(&own.gift.id, holder, confirm(&own), "succeeded", card("4242")).await {
        Ok(_) => {}
        // Not the sandbox: no test cards to save; the gift stays waiting for its card.
        Err(mandir_application::services::recurring_gifts::RecurringGiftError::NotFound) => return Ok(1),
        Err(other) => return Err(fail("saving the card")(other)),
    }
    let donor = |name: &str, email: &str| GuestDonor { name: Some(name.to_owned()), email: Some(email.to_owned()) };
    let declined = gifts
        .start(&guest(), input("51", "monthly", today), donor("Demo Guest Donor", "guest.donor@example.org"), None)
        .await
        .map_err(fail("starting"))?;
    let link = token(&declined);
    let holder = Holder { actor: None, token: Some(&link) };
    gifts
        .save_test_card(&declined.gift.id, holder, confirm(&declined), "succeeded", card("0341"))
        .await
        .map_err(fail("saving the card"))?;
    let paused = gifts
        .start(
            &guest(),
            input("108", "quarterly", today + chrono::Duration::days(10)),
            donor("Demo Paused Donor", "paused.donor@example.org"),
            None,
        )
        .await
        .map_err(fail("starting"))?;
    let link = token(&paused);
    let holder = Holder { actor: None, token: Some(&link) };
    gifts.save_test_card(&paused.gift.id, holder, confirm(&paused), "succeeded", card("4242")).await.map_err(fail("saving the card"))?;
    gifts.pause(&paused.gift.id, holder).await.map_err(fail("pausing"))?;
    Ok(3)
}

/// The demo admin's household with the demo treasurer (a joint statement, a mailing address),
/// formed, invited and accepted through the members' use cases, so My Profile → Household and
/// the joint statement on My Donations show one. Once: nothing when the admin has a household
/// already, or without the two demo accounts.
pub async fn seed_demo_household(users: &dyn UserRepository, households: &HouseholdService) -> anyhow::Result<bool> {
    use mandir_domain::household::HouseholdInput;
    let find = |email: &'static str| async move {
        let email = Email::parse(email).map_err(anyhow::Error::msg)?;
        anyhow::Ok(
            users
                .find_by_email(&email)
                .await
                .context("looking up a demo account")?
                .map(|u| mandir_application::services::Actor::of(&u.user)),
        )
    };
    let (Some(admin), Some(treasurer)) = (find(DEMO_ADMIN_EMAIL).await?, find("treasurer@mandir.local").await?) else { return Ok(false) };
    let fail = |what: &'static str| move |e: HouseholdError| anyhow::anyhow!("demo household, {what}: {e}");
    if households.mine(&admin).await.map_err(fail("reading"))?.household.is_some() {
        return Ok(false);
    }
    let input = HouseholdInput {
        name: "The Demo family".into(),
        address: Some("1 Temple Way\nFolsom, CA 95630".into()),
        statement: Some("joint".into()),
    };
    households.create(&admin, input).await.map_err(fail("forming"))?;
    if households.mine(&treasurer).await.map_err(fail("reading"))?.household.is_some() {
        return Ok(true);
    }
    households.invite(&admin, &treasurer.email).await.map_err(fail("inviting"))?;
    let waiting = households.mine(&treasurer).await.map_err(fail("reading"))?.invitations;
    if let Some(invitation) = waiting.first() {
        households.accept(&treasurer, &invitation.id).await.map_err(fail("accepting"))?;
    }
    Ok(true)
}

/// Loads demo priests once (without photos): nothing is added when priests already exist.
pub async fn seed_demo_priests(priests: &dyn PriestRepository) -> anyhow::Result<usize> {
    if !priests.list().await.context("reading priests")?.is_empty() {
        return Ok(0);
    }
    let demo = [
        PriestInput {
            name: "Sri Demo Acharyulu".to_owned(),
            title: Some("Head Priest (demo)".to_owned()),
            bio: Some("Demo content: an example biography. Replace it with your priests in Admin > Temple.".to_owned()),
            specialties: vec!["Vaikhanasa Agama".to_owned(), "Kalyanotsavam".to_owned(), "Homams".to_owned()],
            photo: None,
        },
        PriestInput {
            name: "Sri Example Sharma".to_owned(),
            title: Some("Priest (demo)".to_owned()),
            bio: Some("Demo content: performs the daily rituals and special pujas, and teaches Vedic chanting.".to_owned()),
            specialties: vec!["Daily Archana".to_owned(), "Vedic chanting".to_owned(), "Vratams".to_owned()],
            photo: None,
        },
    ];
    let now = Utc::now();
    let count = demo.len();
    for input in demo {
        let p = input.validate().map_err(|e| anyhow::anyhow!("demo priest: {e}"))?;
        let fields = PriestFields { name: p.name, title: p.title, bio: p.bio, specialties: p.specialties };
        priests.create(new_id(), fields, None, now).await.context("creating a demo priest")?;
    }
    Ok(count)
}

fn demo_seva(name: &str, description: &str, category: &str, price_cents: i64, price_kind: &str, duration_minutes: i64) -> SevaInput {
    SevaInput {
        name: name.to_owned(),
        description: Some(format!("{description} (Demo content: replace it in Admin > Sevas.)")),
        category: category.to_owned(),
        price_cents: Some(price_cents),
        price_kind: price_kind.to_owned(),
        duration_minutes: Some(duration_minutes),
        ..SevaInput::default()
    }
}

/// Slots at these local times, each taking `capacity` bookings.
fn slots(times: &[&str], capacity: i64) -> Vec<SlotInput> {
    times.iter().map(|time| SlotInput { time: (*time).to_owned(), capacity: Some(capacity) }).collect()
}

/// Loads demo sevas once, checked by the catalogue's own rules (`SevaInput::validate`): nothing is
/// added when any seva exists, active or not. Each is bookable from today on its days, so the
/// demo's Sevas page has something to book.
pub async fn seed_demo_sevas(sevas: &dyn SevaRepository) -> anyhow::Result<usize> {
    if !sevas.list(true).await.context("reading sevas")?.is_empty() {
        return Ok(0);
    }
    let days = |d: &[&str]| d.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let every_day = days(&["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
    let demo = [
        SevaInput {
            weekdays: every_day.clone(),
            capacity_mode: "slots".to_owned(),
            slots: slots(&["09:00", "10:00", "11:00", "18:00", "19:00"], 10),
            horizon_days: Some(60),
            cutoff_hours: Some(1),
            sort_order: Some(1),
            ..demo_seva(
                "Archana",
                "Chanting of the deity's names with your family's gotram and nakshatram in the sankalpam; kumkum and prasadam after.",
                "temple",
                1100,
                "fixed",
                15,
            )
        },
        SevaInput {
            weekdays: days(&["tuesday", "friday", "saturday", "sunday"]),
            capacity_mode: "slots".to_owned(),
            slots: slots(&["08:00", "10:30"], 4),
            horizon_days: Some(90),
            cutoff_hours: Some(24),
            sort_order: Some(2),
            ..demo_seva(
                "Abhishekam",
                "Sacred bath of the deity with milk, curd, honey and coconut water while the priests chant the Rudram and Purusha Suktam.",
                "temple",
                5100,
                "fixed",
                45,
            )
        },
        SevaInput {
            weekdays: days(&["saturday", "sunday"]),
            capacity_mode: "slots".to_owned(),
            slots: slots(&["10:00", "17:00"], 6),
            horizon_days: Some(120),
            cutoff_hours: Some(48),
            sort_order: Some(3),
            ..demo_seva(
                "Sri Satyanarayana Vratam",
                "The vratam with its five chapters of katha, performed for your family at the temple; bring fruits and flowers, the temple provides the rest.",
                "temple",
                10100,
                "suggestedDonation",
                120,
            )
        },
        SevaInput {
            weekdays: every_day,
            capacity_mode: "daily".to_owned(),
            daily_capacity: Some(2),
            horizon_days: Some(180),
            cutoff_hours: Some(72),
            sort_order: Some(4),
            ..demo_seva(
                "Griha Pravesam Puja at Home",
                "A priest performs the house-warming puja (Ganapathi puja, punyahavachanam and Vastu homam) at your new home; the temple calls to agree the time.",
                "home",
                25100,
                "fixed",
                180,
            )
        },
    ];
    let now = Utc::now();
    let count = demo.len();
    for input in demo {
        let seva = input.validate().map_err(|e| anyhow::anyhow!("demo seva: {e}"))?;
        let fields = SevaFields {
            name: seva.name,
            description: seva.description,
            category: seva.category,
            price: seva.price,
            price_kind: seva.price_kind,
            duration_minutes: seva.duration_minutes,
            rules: seva.rules,
            requires_address: seva.requires_address,
            is_active: seva.is_active,
            sort_order: seva.sort_order,
        };
        sevas.create(new_id(), fields, None, now).await.context("creating a demo seva")?;
    }
    Ok(count)
}

/// The n-th (1-based) given weekday of a month, at a local Pacific hour, as UTC.
fn pacific(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> Option<DateTime<Utc>> {
    // Pacific time: UTC-8 in winter, UTC-7 from the second Sunday of March to the first of November.
    let naive = chrono::NaiveDate::from_ymd_opt(year, month, day)?.and_hms_opt(hour, minute, 0)?;
    let dst = (3..11).contains(&month) || (month == 3 && day >= 8) || (month == 11 && day < 7);
    let offset = chrono::FixedOffset::west_opt(if dst { 7 * 3600 } else { 8 * 3600 })?;
    offset.from_local_datetime(&naive).single().map(|d| d.with_timezone(&Utc))
}

/// Loads demo events (past and upcoming) once: nothing is added when events already exist.
pub async fn seed_demo(events: &dyn EventRepository) -> anyhow::Result<usize> {
    if !events.list().await.context("reading events")?.is_empty() {
        return Ok(0);
    }
    let today = Utc::now();
    let at = |days: i64, hour: u32, minute: u32| {
        let day = today + Duration::days(days);
        pacific(day.year(), day.month(), day.day(), hour, minute).unwrap_or(day)
    };
    let demo = [
        (
            "Diwali Deepotsavam",
            "Celebrate the festival of lights with lamp lighting, Lakshmi puja, cultural performances and prasadam for all families.",
            "Main Temple Hall",
            at(-20, 18, 0),
            Some(300),
        ),
        (
            "Sri Rama Navami Kalyanam",
            "Witness the divine wedding of Sri Sita Rama with Vedic chanting, bhajans and annadanam after the ceremony.",
            "Main Temple Hall",
            at(-45, 10, 0),
            None,
        ),
        (
            "Ganesh Chaturthi Utsavam",
            "Ganapathi homam, abhishekam and a community procession. Children are welcome to bring their own clay Ganeshas.",
            "Temple Grounds",
            at(-75, 9, 30),
            None,
        ),
        (
            "Vaikunta Ekadasi Darshanam",
            "Uttara dwara darshanam from early morning, Vishnu Sahasranama parayanam and special archana through the day.",
            "Main Temple Hall",
            at(12, 5, 30),
            Some(500),
        ),
        (
            "Sankranti Celebrations",
            "Pongal cooking, rangoli competition, kite flying for children and a cultural evening with music and dance.",
            "Community Center",
            at(26, 11, 0),
            Some(150),
        ),
        (
            "Sri Venkateswara Kalyanotsavam",
            "The celestial wedding of Lord Venkateswara with Sridevi and Bhudevi, followed by prasadam. Families may sponsor the kalyanam.",
            "Main Temple Hall",
            at(40, 10, 0),
            Some(200),
        ),
        (
            "Bhagavad Gita Study Circle",
            "A weekly reading and discussion of the Bhagavad Gita for adults, with chanting practice. Beginners are welcome.",
            "Library Room",
            at(5, 19, 0),
            Some(30),
        ),
        (
            "Youth Bhajan Workshop",
            "Learn traditional bhajans with harmonium and tabla accompaniment. Open to ages 8 to 18; no experience needed.",
            "Cultural Hall",
            at(9, 16, 0),
            Some(40),
        ),
    ];
    let now = Utc::now();
    for (name, description, location, date, capacity) in demo {
        events
            .create(
                &new_id(),
                &NewEvent {
                    name: name.to_owned(),
                    description: description.to_owned(),
                    location: location.to_owned(),
                    event_date: date,
                    image: None,
                    capacity,
                },
                None,
                None,
                now,
            )
            .await
            .context("creating a demo event")?;
    }
    Ok(demo.len())
}

/// The demo temple's settings: clearly demo content (example addresses, a 555 phone number),
/// with the hours of docs/product.md#temple-hours. `zelle` keeps what the environment seeded.
pub fn demo_settings(zelle_recipient: &str, zelle_memo: &str) -> SiteSettings {
    SiteSettings {
        temple_name: "Sri Venkateswara Temple of Folsom".into(),
        short_name: "SV Temple".into(),
        tagline: "Demo content: an admin changes every text in Admin → Temple".into(),
        welcome_text: "Join our community for events, cultural celebrations and spiritual growth. Everyone is welcome to \
worship, volunteer and celebrate with us."
            .into(),
        legal_name: "Demo Temple Society (example)".into(),
        ein: "00-0000000".into(),
        address: "1000 Temple Way (demo address)\nFolsom, CA 95630".into(),
        map_query: "Folsom, CA 95630".into(),
        phone: "(916) 555-0100".into(),
        email: "info@temple.example.org".into(),
        facebook_url: String::new(),
        instagram_url: String::new(),
        youtube_url: "https://www.youtube.com/@example".into(),
        x_url: String::new(),
        time_zone: mandir_domain::site::DEFAULT_TIME_ZONE.into(),
        latitude: Some(mandir_domain::panchangam::DEFAULT_LATITUDE),
        longitude: Some(mandir_domain::panchangam::DEFAULT_LONGITUDE),
        weekday_morning: "9:30 AM - 11:30 AM".into(),
        weekday_evening: "6:00 PM - 8:30 PM".into(),
        weekend_morning: "9:00 AM - 1:00 PM".into(),
        weekend_evening: "5:30 PM - 8:30 PM".into(),
        sayanostavam: "8:15 PM".into(),
        hours_note: String::new(),
        video_id: "M7lc1UVf-VE".into(),
        video_start: 27,
        video_title: "Recent event celebrations at the temple".into(),
        zelle_recipient: zelle_recipient.into(),
        zelle_memo: zelle_memo.into(),
        contact_text: "This is a demo site. Questions about pujas, events or volunteering? Call or write to the temple \
office; an admin replaces this text in Admin → Temple."
            .into(),
        receipt_paper: "page".into(),
    }
}

/// Stores the demo settings when none are stored, and a demo notice when there is none. Answers
/// what it added: (settings, notice).
pub async fn seed_demo_site(site: &dyn SiteRepository, current: SiteSettings) -> anyhow::Result<(bool, bool)> {
    let now = Utc::now();
    let settings_added = if site.settings().await.context("reading the site settings")?.is_none() {
        let settings = demo_settings(&current.zelle_recipient, &current.zelle_memo).validate().map_err(anyhow::Error::msg)?;
        site.save_settings(&settings, now).await.context("saving the demo settings")?;
        true
    } else {
        false
    };
    let notice_added = if site.list_notices().await.context("reading notices")?.is_empty() {
        let today = now.date_naive();
        let notice = NoticeInput {
            title: "Demo notice: parking at the community center this month".into(),
            body: "An example notice. Admins add festival dates, closings and parking changes in Admin → Temple; each shows \
here between its start and end dates."
                .into(),
            link: Some("/events".into()),
            starts_on: (today - Duration::days(1)).to_string(),
            ends_on: (today + Duration::days(30)).to_string(),
        }
        .validate()
        .map_err(anyhow::Error::msg)?;
        site.create_notice(&new_id(), notice, now).await.context("creating the demo notice")?;
        true
    } else {
        false
    };
    Ok((settings_added, notice_added))
}

/// The demo's counter sales, made by the demo front desk through the counter itself: a walk-in
/// paying cash with change, one paying part cash, part check, (when the demo Archana is offered) a
/// walk-in without an account booking an archana two days ahead, the first walk-in coming back
/// to give again on the same donor record, and (with the sandbox provider) a gift by card. Their fixed keys make
/// a second `seed-demo` answer the same sales. Answers how many were new; none without the front
/// desk.
pub async fn seed_demo_counter_sales(
    users: &dyn UserRepository,
    sevas: &dyn SevaRepository,
    counter: &CounterService,
) -> anyhow::Result<usize> {
    use mandir_domain::NumberInput;
    use mandir_domain::counter::{CounterDonorInput, CounterSaleInput, CounterSevaInput, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput};
    let desk = Email::parse(DEMO_STAFF.iter().find(|(.., role)| *role == Role::FrontDesk).map_or("", |(email, ..)| *email))
        .map_err(anyhow::Error::msg)?;
    let Some(desk) = users.find_by_email(&desk).await.context("looking up the demo front desk")? else { return Ok(0) };
    let actor = mandir_application::services::Actor::of(&desk.user);
    let text = |s: &str| NumberInput::Text(s.to_owned());
    let walk_in = |name: &str, email: Option<&str>| CounterDonorInput::WalkIn {
        name: Some(name.to_owned()),
        email: email.map(str::to_owned),
        phone: Some("(916) 555-0142".to_owned()),
        address: None,
    };
    let archana = sevas.list(false).await.context("reading sevas")?.into_iter().find(|s| s.name == "Archana");
    let mut sales = vec![
        (
            "demo-counter-sale-0001",
            CounterSaleInput {
                donor: walk_in("Gopal Iyer", None),
                sevas: Vec::new(),
                registrations: Vec::new(),
                lines: DonationDetailsInput::Items(vec![
                    DonationItemInput::new("custom", text("21"), "General donation"),
                    DonationItemInput::new("custom", text("10"), "Flowers"),
                ]),
                tenders: vec![TenderInput {
                    method: Some("cash".into()),
                    amount: text("31"),
                    tendered: text("40"),
                    ..TenderInput::default()
                }],
                in_honor_of: None,
            },
        ),
        (
            "demo-counter-sale-0002",
            CounterSaleInput {
                donor: walk_in("Meena Krishnan", Some("meena.krishnan@example.org")),
                sevas: Vec::new(),
                registrations: Vec::new(),
                lines: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", text("151"), "Deepavali celebration")]),
                tenders: vec![
                    TenderInput::cash("51", "60"),
                    TenderInput::check("100", "2417", "Golden 1 Credit Union", &Utc::now().format("%Y-%m-%d").to_string()),
                ],
                in_honor_of: Some("In memory of my mother".into()),
            },
        ),
    ];
    if let Some(archana) = archana {
        // Two days ahead: its 9:00 AM slot is still open whatever the hour of the seeding.
        let day = (Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + Duration::days(2)).format("%Y-%m-%d");
        sales.push((
            "demo-counter-sale-0003",
            CounterSaleInput {
                donor: walk_in("Ravi Subramanian", None),
                registrations: Vec::new(),
                sevas: vec![CounterSevaInput {
                    seva_id: archana.id.to_string(),
                    date: day.to_string(),
                    slot: Some("09:00".into()),
                    amount: NumberInput::Missing,
                }],
                lines: DonationDetailsInput::Missing,
                tenders: vec![TenderInput::cash("11", "20")],
                in_honor_of: None,
            },
        ));
    }
    let mut made = 0;
    let mut gopal = None;
    for (key, sale) in sales {
        let outcome = counter.sell(&actor, key, &sale).await.map_err(|e| anyhow::anyhow!("demo counter sale: {e}"))?;
        made += usize::from(outcome.created);
        if key == "demo-counter-sale-0001" {
            gopal = outcome.sale.donor_id;
        }
    }
    // Gopal Iyer comes back: found by the search, his second gift is on the same donor record.
    if let Some(donor) = gopal {
        let again = CounterSaleInput {
            donor: CounterDonorInput::Returning(donor),
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", text("51"), "Annadanam")]),
            tenders: vec![TenderInput::cash("51", "51")],
            in_honor_of: None,
        };
        let outcome =
            counter.sell(&actor, "demo-counter-sale-0004", &again).await.map_err(|e| anyhow::anyhow!("demo counter sale: {e}"))?;
        made += usize::from(outcome.created);
    }
    // A card at the counter, taken on the tablet through the sandbox's card form (docs/product.md#card-at-the-counter).
    if counter.card_provider() == mandir_domain::payment::PaymentProvider::Sandbox {
        let sale_key = "demo-counter-sale-0005";
        let started = counter
            .start_card(&actor, "demo-counter-card-0005", sale_key, &text("101"))
            .await
            .map_err(|e| anyhow::anyhow!("demo card: {e}"))?;
        let intent = started.charge.intent_id.clone();
        counter
            .confirm_sandbox_card(&actor, &intent, &started.client_secret, "succeeded")
            .await
            .map_err(|e| anyhow::anyhow!("demo card: {e}"))?;
        let by_card = CounterSaleInput {
            donor: walk_in("Anand Sharma", None),
            sevas: Vec::new(),
            registrations: Vec::new(),
            lines: DonationDetailsInput::Items(vec![DonationItemInput::new("custom", text("101"), "Temple building fund")]),
            tenders: vec![TenderInput::card("101", &intent)],
            in_honor_of: None,
        };
        let outcome = counter.sell(&actor, sale_key, &by_card).await.map_err(|e| anyhow::anyhow!("demo counter sale: {e}"))?;
        made += usize::from(outcome.created);
    }
    Ok(made)
}

/// The demo's funds (name, description, goal in dollars, campaign dates, restricted, the seeded
/// donation type that gives to it).
type DemoFund = (&'static str, &'static str, Option<&'static str>, Option<(i32, i32)>, bool, Option<&'static str>);

const DEMO_FUNDS: &[DemoFund] = &[
    (
        "Temple Building",
        "The new gopuram and the expanded community hall. Every brick sponsored is a prayer in stone.",
        Some("500000"),
        Some((2026, 2027)),
        true,
        Some("Temple Building Fund"),
    ),
    ("Annadanam", "Prasadam and meals served to every devotee at festivals and on Sundays.", None, None, true, Some("Annadanam")),
    ("Priest welfare", "Health cover, housing and a pension for the temple's priests.", None, None, true, None),
];

/// The demo's funds, made by the demo treasurer through the use cases (so audited), with the
/// seeded Building and Annadanam types pointed at theirs, and a batch of mailed checks that gives
/// the building campaign its first progress and Annadanam a gift. Funds already there by name are left alone; the
/// checks' fixed key makes a second run answer the same batch. Answers how many funds it made;
/// none without the demo treasurer.
pub async fn seed_demo_funds(
    users: &dyn UserRepository,
    funds: &FundService,
    types: &DonationTypeService,
    counter: &CounterService,
) -> anyhow::Result<usize> {
    use mandir_domain::NumberInput;
    use mandir_domain::counter::{CheckBatchInput, CounterDonorInput, CounterSaleInput, TenderInput};
    use mandir_domain::donation_type::DonationTypePatchInput;
    use mandir_domain::fund::NewFundInput;
    use mandir_domain::patch::Patch;
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput};
    let email = Email::parse(DEMO_STAFF.iter().find(|(.., role)| *role == Role::Treasurer).map_or("", |(email, ..)| *email))
        .map_err(anyhow::Error::msg)?;
    let Some(treasurer) = users.find_by_email(&email).await.context("looking up the demo treasurer")? else { return Ok(0) };
    let actor = mandir_application::services::Actor::of(&treasurer.user);
    let existing = funds.funds().await.map_err(|e| anyhow::anyhow!("reading funds: {e}"))?;
    let catalogue = types.list().await.map_err(|e| anyhow::anyhow!("reading donation types: {e}"))?;
    let mut made = 0;
    let (mut building_type, mut annadanam_type) = (None, None);
    for (name, description, goal, years, restricted, type_name) in DEMO_FUNDS {
        let fund_id = match existing.iter().find(|f| f.name == *name) {
            Some(found) => found.id.clone(),
            None => {
                let input = NewFundInput {
                    name: (*name).to_owned(),
                    description: Some((*description).to_owned()),
                    goal: goal.map_or(NumberInput::Missing, |g| NumberInput::Text(g.to_owned())),
                    starts_on: years.map(|(from, _)| format!("{from}-01-01")),
                    ends_on: years.map(|(_, to)| format!("{to}-12-31")),
                    restricted: Some(*restricted),
                    is_active: None,
                };
                made += 1;
                funds.create(&actor, input).await.map_err(|e| anyhow::anyhow!("demo fund {name}: {e}"))?.fund.id
            }
        };
        let Some(donation_type) = type_name.and_then(|type_name| catalogue.iter().find(|t| t.name == type_name)) else { continue };
        match *name {
            "Temple Building" => building_type = Some(donation_type.id.to_string()),
            "Annadanam" => annadanam_type = Some(donation_type.id.to_string()),
            _ => {}
        }
        if donation_type.fund_id.is_none() {
            let patch = DonationTypePatchInput { fund_id: Patch::Set(fund_id.to_string()), ..DonationTypePatchInput::default() };
            types.update(&actor, &donation_type.id, patch).await.map_err(|e| anyhow::anyhow!("demo type {}: {e}", donation_type.name))?;
        }
    }
    let (Some(building), Some(annadanam)) = (building_type, annadanam_type) else { return Ok(made) };
    let last_month = (Utc::now() - Duration::days(20)).format("%Y-%m-%d").to_string();
    let check = |name: &str, (type_id, purpose): (&str, &str), amount: &str, number: &str, bank: &str| CounterSaleInput {
        donor: CounterDonorInput::WalkIn { name: Some(name.to_owned()), email: None, phone: None, address: None },
        sevas: Vec::new(),
        registrations: Vec::new(),
        lines: DonationDetailsInput::Items(vec![DonationItemInput::new(type_id, NumberInput::Text(amount.to_owned()), purpose)]),
        tenders: vec![TenderInput::check(amount, number, bank, &last_month)],
        in_honor_of: None,
    };
    let (bricks, meals) = ((building.as_str(), "Temple Building Fund"), (annadanam.as_str(), "Annadanam"));
    let batch = CheckBatchInput {
        channel: Some("mail".into()),
        checks: vec![
            check("Venkat and Padma Reddy", bricks, "10001", "1042", "Bank of America"),
            check("Lakshmi Narayanan", bricks, "5001", "2210", "Chase"),
            check("Hari Prasad", bricks, "2500", "377", "Wells Fargo"),
            check("Sunita Joshi", bricks, "1116", "8810", "Golden 1 Credit Union"),
            check("Kumar family", bricks, "501", "125", "US Bank"),
            check("Meena Krishnan", meals, "251", "4417", "Chase"),
        ],
    };
    counter
        .record_check_batch(&actor, "demo-building-checks-0001", &batch)
        .await
        .map_err(|e| anyhow::anyhow!("demo building checks: {e}"))?;
    Ok(made)
}

/// The demo's batch of mailed checks, entered by the demo treasurer through the batch's use case:
/// two checks, each a gift of its own, waiting for a deposit. Its fixed key makes a second
/// `seed-demo` answer the same batch. Answers how many checks were new; none without the treasurer.
pub async fn seed_demo_check_batch(users: &dyn UserRepository, counter: &CounterService) -> anyhow::Result<usize> {
    use mandir_domain::NumberInput;
    use mandir_domain::counter::{CheckBatchInput, CounterDonorInput, CounterSaleInput, TenderInput};
    use mandir_domain::payment::{DonationDetailsInput, DonationItemInput};
    let email = Email::parse(DEMO_STAFF.iter().find(|(.., role)| *role == Role::Treasurer).map_or("", |(email, ..)| *email))
        .map_err(anyhow::Error::msg)?;
    let Some(treasurer) = users.find_by_email(&email).await.context("looking up the demo treasurer")? else { return Ok(0) };
    let actor = mandir_application::services::Actor::of(&treasurer.user);
    let last_week = (Utc::now() - Duration::days(5)).format("%Y-%m-%d").to_string();
    let check = |name: &str, amount: &str, number: &str, bank: &str| CounterSaleInput {
        donor: CounterDonorInput::WalkIn { name: Some(name.to_owned()), email: None, phone: None, address: None },
        sevas: Vec::new(),
        registrations: Vec::new(),
        lines: DonationDetailsInput::Items(vec![DonationItemInput::new(
            "custom",
            NumberInput::Text(amount.to_owned()),
            "General donation",
        )]),
        tenders: vec![TenderInput::check(amount, number, bank, &last_week)],
        in_honor_of: None,
    };
    let batch = CheckBatchInput {
        channel: Some("mail".into()),
        checks: vec![check("Anand Sharma", "101", "5521", "Wells Fargo"), check("Suresh Natarajan", "51", "318", "Chase")],
    };
    let outcome =
        counter.record_check_batch(&actor, "demo-check-batch-0001", &batch).await.map_err(|e| anyhow::anyhow!("demo check batch: {e}"))?;
    Ok(if outcome.created { outcome.sales.len() } else { 0 })
}

/// The demo's cash office, when it has none yet: last week's hundi count confirmed by the demo
/// treasurer and the demo admin, deposited and cleared; today's count waiting for its second
/// confirmation; and today's drawer closed by the front desk, ready for a deposit with the demo
/// sale's check. Made through the use cases (so audited). Answers how many records it added.
pub async fn seed_demo_cash_office(users: &dyn UserRepository, office: &CashOfficeService) -> anyhow::Result<usize> {
    use mandir_application::services::cash_office::DrawerCloseInput;
    use mandir_domain::NumberInput;
    use mandir_domain::cash_office::{DepositSelection, HundiCountInput};
    let staff_email = |role: Role| DEMO_STAFF.iter().find(|(.., r)| *r == role).map_or("", |(email, ..)| *email);
    let mut accounts = Vec::new();
    for email in [staff_email(Role::Treasurer), DEMO_ADMIN_EMAIL, staff_email(Role::FrontDesk)] {
        let email = Email::parse(email).map_err(anyhow::Error::msg)?;
        let found = users.find_by_email(&email).await.context("looking up a demo account")?;
        accounts.push(found.map(|a| mandir_application::services::Actor::of(&a.user)));
    }
    let [Some(treasurer), Some(admin), Some(desk)] = <[_; 3]>::try_from(accounts).unwrap_or([None, None, None]) else {
        return Ok(0);
    };
    let failed = |e: mandir_application::services::cash_office::CashOfficeError| anyhow::anyhow!("demo cash office: {e}");
    if !office.collections(&treasurer).await.map_err(failed)?.is_empty() {
        return Ok(0);
    }
    let today = office.today().await.map_err(failed)?;
    let count = |box_name: &str, day: chrono::NaiveDate, pieces: &[(&str, i64)]| HundiCountInput {
        box_name: Some(box_name.to_owned()),
        counted_on: Some(day.format("%Y-%m-%d").to_string()),
        counts: pieces.iter().map(|(d, n)| ((*d).to_owned(), NumberInput::Number(n.to_string()))).collect(),
        donation_type_id: None,
        note: None,
    };
    let last_week =
        count("Main hundi", today - Duration::days(7), &[("bill_100", 2), ("bill_20", 14), ("bill_5", 9), ("bill_1", 63), ("coin_25", 22)]);
    let locked = office.count(&treasurer, &last_week).await.map_err(failed)?;
    for who in [&treasurer, &admin] {
        office.confirm(who, &locked.id, locked.revision).await.map_err(failed)?;
    }
    let deposit = office
        .make_deposit(&treasurer, DepositSelection { collection_ids: vec![locked.id.clone()], ..DepositSelection::default() })
        .await
        .map_err(failed)?;
    office.clear_deposit(&treasurer, &deposit.summary.id).await.map_err(failed)?;
    let waiting = office
        .count(&treasurer, &count("Annadanam hundi", today, &[("bill_20", 3), ("bill_10", 4), ("bill_1", 17), ("coin_25", 8)]))
        .await
        .map_err(failed)?;
    office.confirm(&treasurer, &waiting.id, waiting.revision).await.map_err(failed)?;
    let drawer = office.drawer(&desk).await.map_err(failed)?;
    let expected = NumberInput::Text(drawer.expected.to_string());
    let close = DrawerCloseInput { expected: expected.clone(), counted: expected, note: None };
    office.close_drawer(&desk, "demo-drawer-close-0001", &close).await.map_err(failed)?;
    Ok(5)
}

/// The demo festival's volunteer plan (docs/product.md#volunteer-shifts): last Diwali's roles and
/// shifts (Parking, Kitchen and prasadam, Shoe rack, the darshan queue; 6 am to 10 pm), built by
/// the demo volunteer coordinator, copied to the next Diwali the way a coordinator would, and three
/// demo accounts signed up, so the board shows filled places and gaps. Once: nothing when the next
/// Diwali has a plan, or without the coordinator. Answers how many shifts the next Diwali has.
pub async fn seed_demo_volunteer_plan(
    users: &dyn UserRepository,
    events: &dyn EventRepository,
    shifts: &mandir_application::services::volunteer_shifts::VolunteerShiftService,
    history: &dyn mandir_application::ports::ShiftRepository,
) -> anyhow::Result<usize> {
    use mandir_domain::volunteer_shift::{RoleInput, ShiftInput};
    let account = |address: &'static str| async move {
        let email = Email::parse(address).map_err(anyhow::Error::msg)?;
        anyhow::Ok(
            users
                .find_by_email(&email)
                .await
                .context("looking up a demo account")?
                .map(|u| mandir_application::services::Actor::of(&u.user)),
        )
    };
    let Some(coordinator) = account("coordinator@mandir.local").await? else { return Ok(0) };
    let now = Utc::now();
    let all = events.list().await.context("reading events")?;
    let diwali = |e: &&mandir_domain::event::Event| e.name.contains("Diwali");
    let Some(next) = all.iter().filter(diwali).filter(|e| e.event_date > now).min_by_key(|e| e.event_date) else { return Ok(0) };
    let fail = |e: mandir_application::services::volunteer_shifts::ShiftError| anyhow::anyhow!("demo volunteer plan: {e}");
    if !shifts.plan(&next.id).await.map_err(fail)?.roles.is_empty() {
        return Ok(0);
    }
    let last = all.iter().filter(diwali).filter(|e| e.event_date < now).max_by_key(|e| e.event_date);
    let build_on = last.unwrap_or(next);
    let roles = [
        (
            "Parking",
            "Guide cars into the north lot and the overflow lot across the road; vests and flashlights are at the gate.",
            Some(16),
            "North gate",
            [4, 6, 6, 4],
        ),
        (
            "Kitchen and prasadam",
            "Cook, serve and pack prasadam. Hair covered; aprons are given.",
            Some(13),
            "Kitchen back door",
            [6, 8, 8, 6],
        ),
        ("Shoe rack", "Keep the shoe racks tidy and hand out tokens.", Some(13), "Front steps", [2, 3, 3, 2]),
        ("Darshan queue", "Guide devotees through the darshan line and keep it moving kindly.", None, "Main hall entrance", [3, 5, 5, 4]),
    ];
    let zone = chrono_tz::America::Los_Angeles;
    let day = build_on.event_date.with_timezone(&zone).date_naive();
    let local =
        |hour: u32| day.and_hms_opt(hour, 0, 0).and_then(|t| zone.from_local_datetime(&t).earliest()).map(|t| t.with_timezone(&Utc));
    for (name, description, min_age, report_to, needed) in roles {
        let input =
            RoleInput { name: name.to_owned(), description: Some(description.to_owned()), min_age, report_to: Some(report_to.to_owned()) };
        let role = shifts.add_role(&coordinator, &build_on.id, input).await.map_err(fail)?;
        for (start, needed) in [6, 10, 14, 18].into_iter().zip(needed) {
            let time = |hour: u32| local(hour).map(|t| t.to_rfc3339());
            let input = ShiftInput { starts_at: time(start), ends_at: time(start + 4), needed: Some(needed) };
            shifts.add_shift(&coordinator, &role.id, input).await.map_err(fail)?;
        }
    }
    // Last Diwali's history: the admin parked cars that morning and was marked present, so the
    // dashboard shows volunteer hours (recorded as the board would have; sign-ups close when a
    // shift starts, so the history goes in through the storage).
    if build_on.id != next.id
        && let Some(admin) = account("admin@mandir.local").await?
        && let Some((_, past)) = shifts.plan(&build_on.id).await.map_err(fail)?.roles.first().cloned()
        && let Some(morning) = past.first()
    {
        let signup = mandir_application::ports::NewShiftSignup {
            id: new_id(),
            shift_id: morning.id.clone(),
            user_id: admin.user_id.clone(),
            family_member_id: None,
            name: "Temple Admin".to_owned(),
            now: morning.starts_at - Duration::days(3),
        };
        let stored = history.sign_up(signup).await.map_err(|e| anyhow::anyhow!("demo volunteer history: {e}"))?;
        let present = Some(mandir_domain::volunteer_shift::Attendance::Present);
        history.set_attendance(&stored.id, present, morning.starts_at).await.context("demo volunteer attendance")?;
    }
    let plan =
        if build_on.id == next.id { shifts.plan(&next.id).await } else { shifts.copy_plan(&coordinator, &next.id, &build_on.id).await };
    let plan = plan.map_err(fail)?;
    // The admin parks cars in the morning, the treasurer cooks at midday, the front desk keeps the
    // shoe rack in the afternoon.
    for (address, role, shift) in [("admin@mandir.local", 0, 0), ("treasurer@mandir.local", 1, 1), ("frontdesk@mandir.local", 2, 2)] {
        let (Some(actor), Some((_, role_shifts))) = (account(address).await?, plan.roles.get(role)) else { continue };
        if let Some(shift) = role_shifts.get(shift) {
            shifts.sign_up(&actor, &shift.id, None).await.map_err(fail)?;
        }
    }
    Ok(plan.roles.iter().map(|(_, s)| s.len()).sum())
}

/// The demo accounts' registrations for the next Diwali, with family, so that its check-in desk
/// (docs/product.md#the-check-in-desk) has families to find and each account's dashboard has a
/// check-in QR code. Nothing when they are registered already (a second `seed-demo`).
pub async fn seed_demo_festival_registrations(
    users: &dyn UserRepository,
    events: &dyn EventRepository,
    registrations: &mandir_application::services::registrations::RegistrationService,
) -> anyhow::Result<usize> {
    use mandir_application::services::registrations::RegistrationError;
    use mandir_domain::registration::RegistrationInput;
    let now = Utc::now();
    let all = events.list().await.context("reading events")?;
    let Some(next) = all.iter().filter(|e| e.name.contains("Diwali") && e.event_date > now).min_by_key(|e| e.event_date) else {
        return Ok(0);
    };
    let mut registered = 0;
    for (address, family) in
        [("admin@mandir.local", 3.0), ("treasurer@mandir.local", 2.0), ("frontdesk@mandir.local", 0.0), ("coordinator@mandir.local", 4.0)]
    {
        let email = Email::parse(address).map_err(anyhow::Error::msg)?;
        let Some(user) = users.find_by_email(&email).await.context("looking up a demo account")? else { continue };
        let actor = mandir_application::services::Actor::of(&user.user);
        let input = RegistrationInput { number_of_family_members: Some(family), additional_notes: None };
        match registrations.register(&actor, &next.id, input).await {
            Ok(_) => registered += 1,
            Err(RegistrationError::AlreadyRegistered) => {}
            Err(error) => return Err(anyhow::anyhow!("demo registration for {}: {error}", next.name)),
        }
    }
    Ok(registered)
}

/// One-step volunteer offers (docs/product.md#volunteer-shifts): the demo treasurer and front desk
/// offer to help at the Sankranti celebrations, which has no plan, so the offers make its default
/// role "Volunteers" with one shift, shown on its board. Answers how many offers were made.
pub async fn seed_demo_one_step_offers(
    users: &dyn UserRepository,
    events: &dyn EventRepository,
    volunteers: &mandir_application::services::volunteers::VolunteerService,
) -> anyhow::Result<usize> {
    use mandir_application::services::volunteers::VolunteerError;
    use mandir_domain::volunteer::VolunteerInput;
    let now = Utc::now();
    let all = events.list().await.context("reading events")?;
    let Some(event) = all.iter().find(|e| e.name == "Sankranti Celebrations" && e.event_date > now) else { return Ok(0) };
    let mut offered = 0;
    for (address, name, phone, availability) in [
        ("treasurer@mandir.local", "Demo Treasurer", "(916) 555-0143", "morning"),
        ("frontdesk@mandir.local", "Demo Front Desk", "(916) 555-0144", "either"),
    ] {
        let email = Email::parse(address).map_err(anyhow::Error::msg)?;
        let Some(user) = users.find_by_email(&email).await.context("looking up a demo account")? else { continue };
        let actor = mandir_application::services::Actor::of(&user.user);
        let input = VolunteerInput {
            name: name.to_owned(),
            contact_number: phone.to_owned(),
            contact_email: address.to_owned(),
            contact_preference: Some("email".to_owned()),
            volunteer_preference: Some("any".to_owned()),
            availability: Some(availability.to_owned()),
            needs_certificate: Some(false),
            additional_notes: None,
        };
        match volunteers.volunteer(&actor, &event.id, input).await {
            Ok(_) => offered += 1,
            Err(VolunteerError::AlreadyVolunteering) => {}
            Err(error) => return Err(anyhow::anyhow!("demo volunteer offer for {}: {error}", event.name)),
        }
    }
    Ok(offered)
}

/// The demo's moving-in: a small members file of an old system (two households with a child each,
/// and a single member) and their giving of the last two years, imported as an admin would on the
/// Import page, so Admin → Import lists them and the ledger, My Donations and statements show
/// imported gifts. Imported once: a second run finds every row imported (nothing changes).
pub const DEMO_IMPORT_MEMBERS: &str = "Member ID,Household,First Name,Last Name,Email,Phone,Street,City,State,Zip,Gotram,Nakshatram,Relation\r\n\
OLD-101,H-1,Venkatesh,Iyer,venkatesh.iyer@example.org,916-555-0141,210 Natoma St,Folsom,CA,95630,Bharadwaja,Rohini,\r\n\
OLD-102,H-1,Padma,Iyer,padma.iyer@example.org,,,,,,Bharadwaja,,Spouse\r\n\
OLD-103,H-1,Karthik,Iyer,,,,,,,Bharadwaja,Ashwini,Son\r\n\
OLD-201,H-2,Suresh,Reddy,suresh.reddy@example.org,916-555-0142,18 Blue Ravine Rd,Folsom,CA,95630,Kashyapa,Hasta,\r\n\
OLD-202,H-2,Anitha,Reddy,anitha.reddy@example.org,,,,,,Kashyapa,,Spouse\r\n\
OLD-203,H-2,Meera,Reddy,,,,,,,Kashyapa,Revati,Daughter\r\n\
OLD-301,,Gopal,Krishnan,gopal.krishnan@example.org,916-555-0143,5 Sutter St,Folsom,CA,95630,Atreya,Swati,\r\n";

/// The demo members' historical gifts, by member id; the dates are of the last two years.
fn demo_import_gifts(year: i32) -> String {
    let last = year - 1;
    let before = year - 2;
    format!(
        "Gift ID,Date,Amount,Fund,Payment Method,Check No,Member ID,Notes\r\n\
OLD-G1,03/14/{before},\"$1,001.00\",General,Check,2041,OLD-101,Ugadi\r\n\
OLD-G2,11/01/{before},251.00,General,Cash,,OLD-201,Deepavali\r\n\
OLD-G3,01/15/{last},116.00,General,Check,2107,OLD-101,Sankranti\r\n\
OLD-G4,04/09/{last},501.00,General,Credit Card,,OLD-202,\r\n\
OLD-G5,08/27/{last},51.00,General,Cash,,OLD-301,Janmashtami\r\n\
OLD-G6,10/12/{last},1116.00,General,Zelle,,OLD-201,Navaratri\r\n"
    )
}

/// Imports the demo members and their gifts (each file once, as the command line). Answers how
/// many rows were written.
pub async fn seed_demo_imports(imports: &mandir_application::services::imports::ImportService, year: i32) -> anyhow::Result<u32> {
    use mandir_application::services::imports::{Operator, Upload};
    use mandir_domain::import::{ImportKind, Mapping};
    let mut written = 0;
    for (kind, name, text) in [
        (ImportKind::Members, "old-members.csv", DEMO_IMPORT_MEMBERS.to_owned()),
        (ImportKind::Gifts, "old-giving.csv", demo_import_gifts(year)),
    ] {
        let upload = Upload { kind, file_name: name.to_owned(), bytes: text.into_bytes() };
        let failed = |e: mandir_application::services::imports::ImportError| anyhow::anyhow!("demo import of {name}: {e}");
        let mapping: Mapping = imports.inspect(Operator::CommandLine, &upload).await.map_err(failed)?.suggested;
        let report = imports.dry_run(Operator::CommandLine, &upload, &mapping).await.map_err(failed)?;
        if report.new_rows == 0 {
            continue;
        }
        let (done, _) = imports.import(Operator::CommandLine, &upload, &mapping, false).await.map_err(failed)?;
        written += done.created;
    }
    Ok(written)
}

/// The demo's books: the building campaign booked to an account of its own (4300 Temple Building
/// Fund), then this month's gifts so far exported once for QuickBooks Online by the demo
/// treasurer, so the Accounting page shows a mapping and a past export. Once: nothing when the
/// account exists.
pub async fn seed_demo_books(
    users: &dyn UserRepository,
    funds: &FundService,
    books: &mandir_application::services::accounting::AccountingService,
) -> anyhow::Result<bool> {
    use mandir_domain::accounting::NewAccountInput;
    let treasurer = Email::parse("treasurer@mandir.local").map_err(anyhow::Error::msg)?;
    let Some(treasurer) = users.find_by_email(&treasurer).await.context("looking up the demo treasurer")? else { return Ok(false) };
    let actor = mandir_application::services::Actor::of(&treasurer.user);
    let accounts = books.accounts(&actor).await.map_err(|e| anyhow::anyhow!("reading the chart of accounts: {e}"))?;
    if accounts.iter().any(|a| a.code == "4300") {
        return Ok(false);
    }
    let all = funds.funds().await.map_err(|e| anyhow::anyhow!("reading funds: {e}"))?;
    let Some(building) = all.iter().find(|f| f.name == "Temple Building") else { return Ok(false) };
    let input = NewAccountInput { code: "4300".to_owned(), name: "Temple Building Fund".to_owned(), kind: "income".to_owned() };
    let account = books.create_account(&actor, input).await.map_err(|e| anyhow::anyhow!("demo account: {e}"))?;
    books.set_mapping(&actor, "fund", building.id.as_str(), Some(&account.id)).await.map_err(|e| anyhow::anyhow!("demo mapping: {e}"))?;
    let today = Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    let first = today.with_day(1).unwrap_or(today);
    books.export(&actor, &first.to_string(), &today.to_string(), "qbo_csv", true).await.map_err(|e| anyhow::anyhow!("demo export: {e}"))?;
    Ok(true)
}

/// Card gifts of the past ten days through the sandbox (its test payments, on the online
/// channel), then one reconciliation as the demo treasurer: each gets its simulated fee, and the
/// days whose money is available make payouts (Admin → Accounting → Payouts; ADR 0146). Only
/// with the sandbox provider; the fixed idempotency keys make a second run add nothing.
pub async fn seed_demo_payouts(
    users: &dyn UserRepository,
    payments: &dyn mandir_application::ports::PaymentRepository,
    settlements: &mandir_application::services::settlements::SettlementService,
) -> anyhow::Result<u32> {
    use mandir_application::ports::NewPayment;
    use mandir_domain::payment::{CUSTOM_DONATION_TYPE, DonationDetail, PaymentMethodKind, PaymentProvider, PaymentStatus};
    if settlements.provider() != PaymentProvider::Sandbox {
        return Ok(0);
    }
    let treasurer = Email::parse("treasurer@mandir.local").map_err(anyhow::Error::msg)?;
    let Some(treasurer) = users.find_by_email(&treasurer).await.context("looking up the demo treasurer")? else { return Ok(0) };
    const GIFTS: [(&str, i64, i64); 6] = [
        ("Lakshmi Narayanan", 10_100, 10),
        ("Ravi Subramanian", 5_100, 9),
        ("Padma Iyer", 2_500, 9),
        ("Venkat Rao", 25_000, 7),
        ("Meena Krishnan", 1_100, 6),
        ("Suresh Reddy", 5_000, 4),
    ];
    for (i, (donor, cents, days_ago)) in GIFTS.iter().enumerate() {
        let key = format!("demo-card-gift-{i}");
        if payments.find_by_idempotency_key(&key).await.context("looking up a demo card gift")?.is_some() {
            continue;
        }
        let paid = Utc::now() - Duration::days(*days_ago) - Duration::hours(i64::try_from(i).unwrap_or(0));
        let amount = mandir_domain::Money::from_cents(*cents);
        let gift = NewPayment {
            id: new_id(),
            event_id: None,
            event_name: None,
            user_id: None,
            method: PaymentMethodKind::CreditCard,
            amount,
            status: PaymentStatus::Completed,
            provider: PaymentProvider::Sandbox,
            transaction_id: Some(format!("pi_sandbox_demo{i:02}{}", &uuid::Uuid::new_v4().simple().to_string()[..12])),
            client_secret_hash: None,
            donation_details: vec![DonationDetail {
                donation_type_id: CUSTOM_DONATION_TYPE.to_owned(),
                amount,
                name: "General donation".to_owned(),
                exchange: mandir_domain::exchange::Exchange::Nothing,
                fund_id: Some(mandir_domain::FundId::from(mandir_domain::fund::GENERAL_FUND_ID.to_owned())),
            }],
            receipt_number: mandir_domain::payment::receipt_number(paid, u16::try_from(i).unwrap_or(0)),
            idempotency_key: Some(key),
            donor_name: Some((*donor).to_owned()),
            donor_email: Some(format!("{}@example.org", donor.split(' ').next().unwrap_or("donor").to_lowercase())),
            donor_address: None,
            in_honor_of: None,
            notes: None,
            channel: mandir_domain::counter::Channel::Online,
            now: paid,
        };
        payments.create(gift).await.context("adding a demo card gift")?;
    }
    let done = settlements
        .reconcile(&mandir_application::services::Actor::of(&treasurer.user))
        .await
        .map_err(|e| anyhow::anyhow!("reconciling the demo's payouts: {e}"))?;
    Ok(done.payouts)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_demo_settings_are_valid() {
        let valid = super::demo_settings("donations@mandir.local", "Temple Donation").validate().expect("valid");
        assert_eq!(valid.video_id, "M7lc1UVf-VE");
        assert!(valid.address.contains("demo"));
    }

    use super::*;

    #[test]
    fn pacific_offsets_follow_daylight_saving() {
        assert_eq!(pacific(2026, 1, 10, 9, 0).map(|d| d.to_rfc3339()), Some("2026-01-10T17:00:00+00:00".into()));
        assert_eq!(pacific(2026, 7, 4, 9, 0).map(|d| d.to_rfc3339()), Some("2026-07-04T16:00:00+00:00".into()));
    }
}
