//! `mandir import KIND FILE`: the Import page's dry run and import at the command line, for a
//! temple moving in with large files (docs/product.md#imports). It goes through the same
//! `ImportService` as the page, acting as the command line (the audit log names it so).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use mandir_application::services::imports::{Operator, Report, Upload};
use mandir_domain::import::{ImportKind, Mapping, mapping::KIND_INVALID};

use crate::config::Config;

/// What the command was asked besides the kind and the file.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub dry_run: bool,
    pub skip_invalid: bool,
    /// A saved mapping's name.
    pub mapping: Option<String>,
    /// `FIELD=COLUMN` pairs, over the suggested or saved mapping.
    pub map: Vec<String>,
    /// Where to write the report's CSV.
    pub report: Option<PathBuf>,
}

/// The report's lines for a person: the counts, then each problem (the first 20).
pub fn describe(report: &Report) -> String {
    let mut text = match report.kind {
        ImportKind::Members => format!(
            "{} rows: {} new ({} accounts, {} family members, {} households), {} unchanged, {} with errors.",
            report.rows, report.new_rows, report.accounts, report.family_members, report.households, report.unchanged, report.failed
        ),
        ImportKind::Gifts => format!(
            "{} rows: {} new gifts (${}), {} unchanged, {} with errors.",
            report.rows,
            report.new_rows,
            report.total.map(|t| t.to_string()).unwrap_or_else(|| "0.00".to_owned()),
            report.unchanged,
            report.failed
        ),
    };
    for issue in report.issues.iter().take(20) {
        let kind = if issue.warning { "warning" } else { "error" };
        let _ = write!(text, "\n  row {}: {} ({kind})", issue.line, issue.message);
    }
    if report.issues.len() > 20 {
        let _ = write!(text, "\n  … and {} more (--report FILE writes them all)", report.issues.len() - 20);
    }
    text
}

fn report_csv(report: &Report, kind: ImportKind) -> anyhow::Result<Vec<u8>> {
    let rows = mandir_http::routes::imports::report_rows(kind, report.issues.clone());
    mandir_http::csv_export::to_csv(&mandir_http::routes::imports::REPORT_CSV_HEADER, rows).context("writing the report")
}

/// Runs the command: prints the report, and the import's result unless a dry run.
pub async fn run(config: &Config, kind: &str, file: &Path, options: Options) -> anyhow::Result<()> {
    let Some(kind) = ImportKind::parse(kind.trim()) else { bail!(KIND_INVALID) };
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let file_name = file.file_name().and_then(|n| n.to_str()).unwrap_or("import.csv").to_owned();
    let upload = Upload { kind, file_name, bytes };
    let built = crate::build(config).await?;
    let imports = &built.state.imports;
    let failed = |e: mandir_application::services::imports::ImportError| anyhow::anyhow!("{e}");
    let mut mapping = match &options.mapping {
        Some(name) => imports
            .mappings(Operator::CommandLine)
            .await
            .map_err(failed)?
            .into_iter()
            .find(|m| m.kind == kind && m.name.eq_ignore_ascii_case(name.trim()))
            .map(|m| m.mapping)
            .with_context(|| format!("no saved {kind} mapping is named \"{name}\""))?,
        None => imports.inspect(Operator::CommandLine, &upload).await.map_err(failed)?.suggested,
    };
    for pair in &options.map {
        let Some((field, column)) = pair.split_once('=') else { bail!("--map takes FIELD=COLUMN, e.g. firstName=\"Given name\"") };
        mapping.0.insert(field.trim().to_owned(), column.trim().to_owned());
    }
    let mapping = Mapping(mapping.0);
    let report = imports.dry_run(Operator::CommandLine, &upload, &mapping).await.map_err(failed)?;
    if let Some(path) = &options.report {
        std::fs::write(path, report_csv(&report, kind)?).with_context(|| format!("writing {}", path.display()))?;
        println!("Report written to {}.", path.display());
    }
    println!("{}", describe(&report));
    if options.dry_run {
        println!("Dry run: nothing was written.");
        return Ok(());
    }
    let (import, _) = imports.import(Operator::CommandLine, &upload, &mapping, options.skip_invalid).await.map_err(failed)?;
    println!("Import {}: {} written, {} unchanged, {} left out.", import.id, import.created, import.unchanged, import.skipped);
    Ok(())
}
