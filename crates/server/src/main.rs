//! `mandir`: the temple website's server and its commands.

use actix_web::HttpServer;
use anyhow::Context;
use clap::{Parser, Subcommand};
use mandir_server::config::Config;
use mandir_server::demo::{self, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD};
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "mandir", version, about = "The Mandir temple website and back office")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default). Migrations run first.
    Serve,
    /// Run the database migrations and exit.
    Migrate,
    /// Create an admin account, or promote an existing one.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "Temple")]
        first_name: String,
        #[arg(long, default_value = "Admin")]
        last_name: String,
    },
    /// Load demo events and the demo admin (admin@mandir.local / mandir-admin).
    SeedDemo,
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("MANDIR_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn")))
        .init();
    let cli = Cli::parse();
    let config = Config::from_env()?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => serve(config).await,
            Command::Migrate => {
                mandir_server::build(&config).await?;
                println!("Migrations are up to date.");
                Ok(())
            }
            Command::CreateAdmin { email, password, first_name, last_name } => {
                let built = mandir_server::build(&config).await?;
                let outcome =
                    demo::create_admin(built.users.as_ref(), built.hasher.as_ref(), &email, &password, &first_name, &last_name).await?;
                println!("{email}: {outcome}.");
                Ok(())
            }
            Command::SeedDemo => {
                let built = mandir_server::build(&config).await?;
                demo::create_admin(built.users.as_ref(), built.hasher.as_ref(), DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, "Temple", "Admin")
                    .await?;
                let added = demo::seed_demo(built.events.as_ref()).await?;
                println!("Demo data ready ({added} events added). Demo admin: {DEMO_ADMIN_EMAIL} / {DEMO_ADMIN_PASSWORD}");
                Ok(())
            }
        }
    })
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let built = mandir_server::build(&config).await?;
    let state = built.state.clone();
    let static_dir = config.static_dir.clone();
    if !static_dir.join("index.html").is_file() {
        tracing::warn!(dir = %static_dir.display(), "no built frontend found; serving the API only");
    }
    let server = HttpServer::new(move || mandir_http::build_app(state.clone(), static_dir.clone()))
        .bind(&config.bind)
        .with_context(|| format!("binding {}", config.bind))?;
    for address in server.addrs() {
        println!("Mandir is running at http://{address}");
    }
    tracing::info!(provider = %config.payment_provider, "payments");
    server.run().await?;
    built.db.close().await.ok();
    Ok(())
}
