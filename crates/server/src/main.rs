//! `mandir`: the temple website's server and its commands.

use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use mandir_domain::staff::{Role, RoleChange, UNKNOWN_ROLE};
use mandir_server::Application;
use mandir_server::config::{Config, LogFormat, database_url_from_env, production_from_env};
use mandir_server::demo::{self, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD};
use mandir_server::imports;
use mandir_server::maintenance::{self, BackupOutcome, RestoreOutcome};
use mandir_server::production::SEED_DEMO_REFUSED;
use tracing_subscriber::EnvFilter;

/// mimalloc instead of glibc's malloc: memory freed by the password hashes (19 MiB each, on the
/// blocking threads) goes back to the system instead of staying in per-thread arenas, so 500
/// failed sign-ins no longer leave the process at 1.5 GB (ADR 0124). Set here, by the
/// program, so no unit file or environment variable is needed.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "mandir", version, about = "The Mandir temple website and back office")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default). Migrations run first. In production it refuses unsafe
    /// configurations (docs/deploy.md, "What production refuses").
    Serve,
    /// Run the database migrations and exit.
    Migrate,
    /// Create an admin account; for an existing account, set its password, mark its e-mail
    /// verified and make it an admin (a demo account then stops being one). The password comes
    /// from --password, else from MANDIR_ADMIN_PASSWORD, else from standard input (asked without
    /// echo on a terminal); the demo password is refused.
    CreateAdmin {
        #[arg(long)]
        email: String,
        /// Visible in the shell history and the process list: prefer MANDIR_ADMIN_PASSWORD or
        /// standard input.
        #[arg(long, env = "MANDIR_ADMIN_PASSWORD", hide_env_values = true)]
        password: Option<String>,
        #[arg(long, default_value = "Temple")]
        first_name: String,
        #[arg(long, default_value = "Admin")]
        last_name: String,
    },
    /// Give the account at --email a staff role (admin, treasurer, front_desk, priest, editor or
    /// volunteer_coordinator), recorded in the audit log as the command line's. Its e-mail must
    /// be verified. Takes effect on the account's next request.
    GrantRole {
        #[arg(long)]
        email: String,
        #[arg(long)]
        role: String,
    },
    /// Take a staff role from the account at --email (the last admin's `admin` is refused).
    RevokeRole {
        #[arg(long)]
        email: String,
        #[arg(long)]
        role: String,
    },
    /// Load demo events, services, priests and sevas (each when there are none) and, on a first
    /// run with no admin at all, the demo admin (admin@mandir.local / mandir-admin). Refused in
    /// production.
    SeedDemo,
    /// Write a consistent copy of the SQLite database to FILE while the server runs (refuses an
    /// existing FILE unless --force). On PostgreSQL, prints the pg_dump command to use instead.
    Backup {
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Replace the SQLite database with FILE (a backup) on a stopped server; the current database
    /// is kept as <database>.before-restore. On PostgreSQL, prints the pg_restore command instead.
    Restore { file: PathBuf },
    /// Import members (with households and family members) or historical gifts from a CSV file
    /// or an Excel workbook (docs/product.md#imports), as the admin's Import page does, recorded
    /// in the audit log as the command line's. Columns are matched to fields by their names
    /// unless --mapping names a saved mapping; --map FIELD=COLUMN sets one field. Refused while a
    /// row has an error unless --skip-invalid. Importing the same file again changes nothing.
    Import {
        /// `members` or `gifts`.
        kind: String,
        file: PathBuf,
        /// Check every row and print what would be written; writes nothing.
        #[arg(long)]
        dry_run: bool,
        /// Write the rows without errors and leave out the others.
        #[arg(long)]
        skip_invalid: bool,
        /// A mapping saved on the Import page, by name.
        #[arg(long)]
        mapping: Option<String>,
        /// FIELD=COLUMN, e.g. --map firstName="Given name" (repeatable; `mandir import --help`
        /// lists no fields: the Import page and docs/product.md#imports do).
        #[arg(long = "map", value_name = "FIELD=COLUMN")]
        map: Vec<String>,
        /// Write every row's problems to this CSV file.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
    },
    /// Print the OpenAPI document (the same as `GET /api/openapi.json`) and exit; reads no
    /// configuration and touches no database.
    Openapi,
}

/// Log lines on standard output: text, or one JSON object per line with `MANDIR_LOG_FORMAT=json`.
fn init_logging() -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_env("MANDIR_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match LogFormat::from_env().map_err(anyhow::Error::msg)? {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_span_list(false).init(),
    }
    Ok(())
}

/// mimalloc's settings for a server that idles most of the day: commit arena memory as it is
/// used, not ahead, and give freed memory back at once. Measured with a release build on SQLite:
/// 35 MiB resident at start (78 MiB with mimalloc's defaults) and 47 MiB after 500 parallel failed
/// sign-ins (123 MiB with the defaults) (ADR 0124).
const ALLOCATOR_SETTINGS: [(&str, &str); 2] = [("MIMALLOC_ARENA_EAGER_COMMIT", "0"), ("MIMALLOC_PURGE_DELAY", "0")];

/// mimalloc reads its settings from the environment when the process starts, and setting them
/// from Rust would need `unsafe`: the program restarts itself once (`exec`, the same process id,
/// arguments and open files) with the settings it lacks. A setting given by the operator wins.
#[cfg(unix)]
fn with_allocator_settings() {
    use std::os::unix::process::CommandExt as _;
    let missing: Vec<_> = ALLOCATOR_SETTINGS.iter().filter(|(name, _)| std::env::var_os(name).is_none()).collect();
    if missing.is_empty() {
        return;
    }
    let Ok(binary) = std::env::current_exe() else { return };
    let mut args = std::env::args_os();
    let mut command = std::process::Command::new(binary);
    if let Some(name) = args.next() {
        command.arg0(name);
    }
    command.args(args);
    for (name, value) in missing {
        command.env(name, value);
    }
    let error = command.exec();
    eprintln!("warning: mandir could not restart with its allocator settings ({error}); continuing with mimalloc's defaults");
}

#[cfg(not(unix))]
fn with_allocator_settings() {}

fn main() -> anyhow::Result<()> {
    with_allocator_settings();
    init_logging()?;
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    match command {
        Command::Openapi => {
            println!("{}", mandir_http::api_doc().to_pretty_json()?);
            return Ok(());
        }
        Command::Backup { file, force } => return run_backup(&file, force),
        Command::Restore { file } => return run_restore(&file),
        Command::SeedDemo if production_from_env() => bail!(SEED_DEMO_REFUSED),
        _ => {}
    }
    let config = Config::from_env()?;
    // Read before the runtime starts: a terminal prompt blocks.
    let password = match &command {
        Command::CreateAdmin { email, password, .. } => Some(admin_password(email, password.clone())?),
        _ => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        match command {
            Command::Serve => serve(config).await,
            Command::Migrate => {
                mandir_server::build(&config).await?;
                println!("Migrations are up to date.");
                Ok(())
            }
            Command::CreateAdmin { email, first_name, last_name, .. } => {
                let password = password.unwrap_or_default();
                let built = mandir_server::build(&config).await?;
                let outcome =
                    demo::create_admin(built.users.as_ref(), built.hasher.as_ref(), &email, &password, &first_name, &last_name).await?;
                println!("{email}: {outcome}.");
                Ok(())
            }
            Command::GrantRole { email, role } => change_role(&config, &email, &role, true).await,
            Command::Import { kind, file, dry_run, skip_invalid, mapping, map, report } => {
                let options = imports::Options { dry_run, skip_invalid, mapping, map, report };
                imports::run(&config, &kind, &file, options).await
            }
            Command::RevokeRole { email, role } => change_role(&config, &email, &role, false).await,
            Command::SeedDemo => {
                let built = mandir_server::build(&config).await?;
                let first_run = demo::seed_demo_admin(built.users.as_ref(), built.hasher.as_ref()).await?;
                if first_run {
                    println!("Demo admin created: {DEMO_ADMIN_EMAIL} / {DEMO_ADMIN_PASSWORD}");
                } else {
                    println!("An admin already exists: accounts are left as they are.");
                }
                let seeded = built.state.site.settings().await.map_err(|e| anyhow::anyhow!("{e}"))?;
                match demo::seed_demo_site(built.site.as_ref(), seeded).await? {
                    (true, _) => println!("Demo site settings added (Admin → Temple changes them)."),
                    (false, _) => println!("Site settings already exist: left as they are."),
                }
                let added = demo::seed_demo(built.events.as_ref()).await?;
                if added == 0 {
                    println!("Events already exist: no demo events added.");
                } else {
                    println!("Demo events added: {added}.");
                }
                let services = demo::seed_demo_services(built.recurring_services.as_ref()).await?;
                let priests = demo::seed_demo_priests(built.priests.as_ref()).await?;
                println!("Demo recurring services added: {services}; demo priests added: {priests}.");
                // Like the demo admin, the demo staff come with a first run only.
                if first_run && demo::seed_demo_staff(built.users.as_ref(), built.hasher.as_ref(), built.priests.as_ref()).await? > 0 {
                    let logins: Vec<&str> = demo::DEMO_STAFF.iter().map(|(email, ..)| *email).collect();
                    println!("Demo staff, one per role (password {DEMO_ADMIN_PASSWORD}): {}.", logins.join(", "));
                    let invitations = mandir_persistence::SeaOrmStaffInvitationRepository::new(built.db.clone());
                    if demo::seed_demo_invitation(built.users.as_ref(), &invitations).await? {
                        println!("A demo staff invitation is pending: {} (Admin → Users → Staff).", demo::DEMO_INVITATION.0);
                    }
                }
                match demo::seed_demo_sevas(built.sevas.as_ref()).await? {
                    0 => println!("Sevas already exist: no demo sevas added."),
                    sevas => println!("Demo sevas added: {sevas}."),
                }
                let funds = demo::seed_demo_funds(
                    built.users.as_ref(),
                    &built.state.funds,
                    &built.state.donation_types,
                    &built.state.counter,
                )
                .await?;
                if funds > 0 {
                    println!("Demo funds added: {funds} (the building campaign at /funds; Admin → Funds makes more).");
                }
                if demo::seed_demo_pledge(built.users.as_ref(), &built.state.funds, &built.state.pledges).await? {
                    println!("The demo admin pledged $5,001 to the building campaign (My Donations → Pledges; Admin → Pledges sends reminders).");
                }
                let recurring = demo::seed_demo_recurring_gifts(built.users.as_ref(), &built.state.funds, &built.state.recurring_gifts).await?;
                if recurring > 0 {
                    println!("Demo recurring gifts added: {recurring} (the admin's $25 a month on My Donations; Admin → Recurring gifts lists the paused).");
                }
                if demo::seed_demo_household(built.users.as_ref(), &built.state.households).await? {
                    println!("The demo admin and treasurer form a household with one joint statement (My Profile → Household).");
                }
                if demo::seed_demo_counter_sales(built.users.as_ref(), built.sevas.as_ref(), &built.state.counter).await? > 0 {
                    println!("Demo counter sales added (Admin → Payments, channel counter; the front desk's /counter makes more).");
                }
                if demo::seed_demo_books(built.users.as_ref(), &built.state.funds, &built.state.accounting).await? {
                    println!("The demo's books: the building campaign booked to 4300 Temple Building Fund, this month exported once (Admin → Accounting).");
                }
                let payments = mandir_persistence::SeaOrmPaymentRepository::new(built.db.clone());
                let payouts = demo::seed_demo_payouts(built.users.as_ref(), &payments, &built.state.settlements).await?;
                if payouts > 0 {
                    println!("Demo card gifts of the past ten days got their simulated fees and {payouts} payouts (Admin → Accounting → Payouts).");
                }
                if demo::seed_demo_check_batch(built.users.as_ref(), &built.state.counter).await? > 0 {
                    println!("A demo batch of mailed checks added, waiting for a deposit (/checks enters more).");
                }
                if demo::seed_demo_cash_office(built.users.as_ref(), &built.state.cash_office).await? > 0 {
                    println!("Demo cash office added: hundi counts (/collections), a closed drawer and a cleared deposit (/deposits).");
                }
                let lunar = demo::seed_demo_lunar_services(built.recurring_services.as_ref()).await?;
                let festival_events = demo::seed_demo_festival_events(built.users.as_ref(), &built.state.festivals).await?;
                if lunar + festival_events > 0 {
                    println!(
                        "By the lunar calendar: {lunar} demo services (every Ekadashi, Pournami, Shravanam) and {festival_events} festival events (Admin → Temple → Festivals makes more; /panchangam shows the month)."
                    );
                }
                let shifts = demo::seed_demo_volunteer_plan(built.users.as_ref(), built.events.as_ref(), &built.state.volunteer_shifts, built.shifts.as_ref()).await?;
                if shifts > 0 {
                    println!(
                        "The next Diwali has a volunteer plan of {shifts} shifts, copied from last Diwali's (its page lists them; coordinator@mandir.local sees the board; the admin's hours are on the dashboard)."
                    );
                }
                let registered = demo::seed_demo_festival_registrations(built.users.as_ref(), built.events.as_ref(), &built.state.registrations).await?;
                if registered > 0 {
                    println!(
                        "{registered} demo accounts are registered for the next Diwali: its check-in desk (Manage → Check-in, as frontdesk@mandir.local) finds them by name, phone or code, and each one's check-in QR code is on their dashboard."
                    );
                }
                let offered = demo::seed_demo_one_step_offers(built.users.as_ref(), built.events.as_ref(), &built.state.volunteers).await?;
                if offered > 0 {
                    println!(
                        "{offered} demo accounts offered to help at the Sankranti celebrations with \"Volunteer for Event\": the offers are places on its default role's one shift (its volunteer board)."
                    );
                }
                let texts = mandir_persistence::SeaOrmTextRepository::new(built.db.clone());
                if demo::seed_demo_texting(built.users.as_ref(), &texts).await? {
                    println!(
                        "The demo admin gets texts at {} (Account Settings → Text messages); in development each text is a file in data/texts.",
                        mandir_domain::texting::display_number(demo::DEMO_TEXT_PHONE)
                    );
                }
                if demo::seed_demo_star_birthday(built.users.as_ref(), &built.state.star_birthdays).await? {
                    println!("The demo admin's star birthday (Rohini) is recorded with its reminder (Profile → Star birthdays).");
                }
                let year = chrono::Datelike::year(&chrono::Utc::now());
                let imported = demo::seed_demo_imports(&built.state.imports, year).await?;
                if imported > 0 {
                    println!(
                        "{imported} rows imported from an old system's files: 7 people (two households of three and a single member) and their gifts of the last two years (Admin → Import lists them; the ledger's channel \"imported\")."
                    );
                }
                Ok(())
            }
            // answered before the configuration is read
            Command::Openapi | Command::Backup { .. } | Command::Restore { .. } => Ok(()),
        }
    })
}

/// `grant-role` and `revoke-role`: the role changed through the same use case as Admin → Staff,
/// recorded in the audit log as the command line's.
async fn change_role(config: &Config, email: &str, role: &str, grant: bool) -> anyhow::Result<()> {
    let Some(role) = Role::parse(role.trim()) else { bail!(UNKNOWN_ROLE) };
    let change = if grant { RoleChange::Grant(role) } else { RoleChange::Revoke(role) };
    let built = mandir_server::build(config).await?;
    let user = built.state.staff.change_from_command_line(email, change).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    let roles = if user.roles.is_empty() { "none".to_owned() } else { user.roles.stored().replace(' ', ", ") };
    println!("{}: roles now {roles}.", user.email.as_str());
    Ok(())
}

/// The password for `create-admin`: the option or MANDIR_ADMIN_PASSWORD (clap reads both), else
/// standard input: asked twice without echo on a terminal, or one line from a pipe.
fn admin_password(email: &str, given: Option<String>) -> anyhow::Result<String> {
    if let Some(password) = given {
        return Ok(password);
    }
    let stdin = std::io::stdin();
    let password = if stdin.is_terminal() {
        let first = rpassword::prompt_password(format!("New password for {email}: ")).context("reading the password")?;
        let again = rpassword::prompt_password("The same password again: ").context("reading the password")?;
        if first != again {
            bail!("the two passwords differ");
        }
        first
    } else {
        let mut line = String::new();
        stdin.lock().read_line(&mut line).context("reading the password from standard input")?;
        line.trim_end_matches(['\n', '\r']).to_owned()
    };
    if password.is_empty() {
        bail!("no password given: pass it in MANDIR_ADMIN_PASSWORD or on standard input");
    }
    Ok(password)
}

/// `mandir backup FILE`: reads only MANDIR_DATABASE_URL.
fn run_backup(file: &Path, force: bool) -> anyhow::Result<()> {
    let url = database_url_from_env();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    match runtime.block_on(maintenance::backup(&url, file, force))? {
        BackupOutcome::Written { path, bytes } => {
            println!("Backup written to {} ({bytes} bytes).", path.display());
            Ok(())
        }
        BackupOutcome::UsePgDump { command } => {
            eprintln!(
                "The database is PostgreSQL: back it up with pg_dump (docs/deploy.md, \"Backups\"), e.g.\n\n    {command}\n\n\
                 The password is not shown: pg_dump reads it from ~/.pgpass or PGPASSWORD."
            );
            std::process::exit(2)
        }
    }
}

/// `mandir restore FILE`: reads only MANDIR_DATABASE_URL.
fn run_restore(file: &Path) -> anyhow::Result<()> {
    let url = database_url_from_env();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    match runtime.block_on(maintenance::restore(&url, file))? {
        RestoreOutcome::Restored { database, previous, facts } => {
            println!("Restored {} into {}.", file.display(), database.display());
            if let Some(previous) = previous {
                println!("The database it replaced is kept as {}.", previous.display());
            }
            if facts.pending > 0 {
                println!("The backup lacks {} migration(s) of this version; they run when the server starts.", facts.pending);
            }
            Ok(())
        }
        RestoreOutcome::UsePgRestore { command } => {
            eprintln!(
                "The database is PostgreSQL: stop every mandir process, then restore a pg_dump file with pg_restore \
                 (docs/deploy.md, \"Restore\"), e.g.\n\n    {command}\n\nThe password is not shown: pg_restore reads it from ~/.pgpass or PGPASSWORD."
            );
            std::process::exit(2)
        }
    }
}

/// One line on standard output for whoever started the server. A closed or full stdout (a
/// supervisor that stopped reading it) must not stop a running server, so a failed write is
/// logged instead of panicking as `println!` would.
fn announce(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        tracing::warn!(%error, message = %line, "could not write to standard output");
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let frontend = config.static_source();
    if frontend.has_index() {
        tracing::info!(frontend = %frontend.describe(), "serving the frontend");
    } else {
        tracing::warn!(frontend = %frontend.describe(), "no built frontend found; serving the API only");
    }
    let application = Application::build(&config).await?;
    for address in application.addresses() {
        announce(format_args!("Mandir is running at http://{address}"));
    }
    if let Some(token) = application.setup_token() {
        let base = config.public_url.trim_end_matches('/');
        announce(format_args!("No admin exists yet. Set up the site (this link works once, until an admin exists):"));
        announce(format_args!("  {base}/setup?token={token}"));
    }
    tracing::info!(provider = %config.payment_provider, "payments");
    application.run_until_stopped().await
}
