//! The `idna-inspector` command: `explain` and `batch` over the core engine.

use clap::{Args, Parser, Subcommand, ValueEnum};
use idna_inspector::batch::{self, Format, RecordWriter};
use idna_inspector::explain::explain;
use idna_inspector::{MappingTable, Options, Uts46};
use std::io::{self, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Shows, step by step, how an internationalized domain name is processed:
/// UTS #46 map, normalize, break, convert/validate, and Punycode (RFC 3492).
///
/// Without a command it opens the inspector window (pre-filled with DOMAIN
/// if given); built without the `gui` feature, it explains DOMAIN as text.
#[derive(Parser, Debug)]
#[command(name = "idna-inspector", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// A domain name to open in the window (or, without the `gui` feature, to explain as text).
    domain: Option<String>,

    #[command(flatten)]
    flags: Flags,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the whole trace of one domain name: the results, each stage, the
    /// per-character table, the validity checklist and the Bootstring arithmetic.
    Explain {
        /// The domain name.
        domain: String,
        /// Print the results and the trace as JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Convert every line of a file (or standard input): one output record per
    /// input line, in order, including blank lines and lines that are not UTF-8.
    Batch {
        /// The input file; `-` or nothing reads standard input.
        file: Option<PathBuf>,
        /// The output format.
        #[arg(long, value_enum, default_value_t = FormatArg::Jsonl)]
        format: FormatArg,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Jsonl,
    Csv,
    Tsv,
}

/// The UTS #46 flags; every check is on unless switched off here.
#[derive(Args, Debug)]
struct Flags {
    /// UseSTD3ASCIIRules=false: allow ASCII characters other than a-z, 0-9 and '-' in labels (UTS #46 §4.1, error U1).
    #[arg(long, global = true)]
    no_std3: bool,
    /// CheckHyphens=false: allow hyphens at label start/end and in positions 3-4 (UTS #46 §4.1 criteria 2-3, V2/V3).
    #[arg(long, global = true)]
    no_check_hyphens: bool,
    /// CheckBidi=false: skip the RFC 5893 Bidi rule (UTS #46 §4.1 criterion 9, B1-B6).
    #[arg(long, global = true)]
    no_check_bidi: bool,
    /// CheckJoiners=false: skip the RFC 5892 Appendix A CONTEXTJ rules (UTS #46 §4.1 criterion 8, C1/C2).
    #[arg(long, global = true)]
    no_check_joiners: bool,
    /// VerifyDnsLength=false: skip the label (1-63) and name (1-253) length checks (UTS #46 §4.2 step 4, A4_1/A4_2).
    #[arg(long, global = true)]
    no_verify_dns_length: bool,
    /// IgnoreInvalidPunycode=true: keep undecodable xn-- labels instead of recording P4 (UTS #46 §4 step 4.1).
    #[arg(long, global = true)]
    ignore_invalid_punycode: bool,
    /// Use the IdnaMappingTable.txt in DIR (or DIR/idna/) instead of the bundled Unicode 16.0.0 table (UTS #46 §5).
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<PathBuf>,
}

impl Flags {
    fn options(&self) -> Options {
        Options {
            use_std3_ascii_rules: !self.no_std3,
            check_hyphens: !self.no_check_hyphens,
            check_bidi: !self.no_check_bidi,
            check_joiners: !self.no_check_joiners,
            verify_dns_length: !self.no_verify_dns_length,
            ignore_invalid_punycode: self.ignore_invalid_punycode,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(feature = "gui")]
    if cli.command.is_none() {
        return run_gui(cli);
    }
    let loaded;
    let table = match &cli.flags.tables {
        None => MappingTable::bundled(),
        Some(dir) => match MappingTable::from_path(dir) {
            Ok(table) => {
                loaded = table;
                &loaded
            }
            Err(error) => return fail(&error.to_string()),
        },
    };
    let engine = Uts46::with_table(table);
    let options = cli.flags.options();
    match (cli.command, cli.domain) {
        (Some(Command::Explain { domain, json }), _) => run_explain(&engine, &options, &domain, json),
        (Some(Command::Batch { file, format }), _) => run_batch(&engine, &options, file, format),
        (None, Some(domain)) => run_explain(&engine, &options, &domain, false),
        (None, None) => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}

/// Opens the window; CLI flags, when any is given, override the remembered options.
#[cfg(feature = "gui")]
fn run_gui(cli: Cli) -> ExitCode {
    use idna_inspector::app::{Startup, run};
    let options = cli.flags.options();
    let startup = Startup {
        domain: cli.domain,
        options: (options != Options::default()).then_some(options),
        tables: cli.flags.tables,
    };
    match run(startup) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(&format!(
            "cannot open the window ({error}); the text commands work without a display: `idna-inspector explain DOMAIN`"
        )),
    }
}

fn run_explain(engine: &Uts46<'_>, options: &Options, domain: &str, json: bool) -> ExitCode {
    let (results, trace) = engine.process_traced(domain, options);
    let text = if json {
        serde_json::json!({ "options": options, "results": results, "trace": trace }).to_string()
    } else {
        explain(&results, &trace)
    };
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    ExitCode::SUCCESS
}

fn run_batch(engine: &Uts46<'_>, options: &Options, file: Option<PathBuf>, format: FormatArg) -> ExitCode {
    let format = match format {
        FormatArg::Jsonl => Format::Jsonl,
        FormatArg::Csv => Format::Csv,
        FormatArg::Tsv => Format::Tsv,
    };
    let stdout = io::stdout().lock();
    let output = io::BufWriter::new(stdout);
    let result = match file.filter(|path| path.as_os_str() != "-") {
        Some(path) => match std::fs::File::open(&path) {
            Ok(opened) => write_batch(engine, options, BufReader::new(opened), format, output),
            Err(error) => return fail(&format!("cannot open {}: {error}", path.display())),
        },
        None => write_batch(engine, options, io::stdin().lock(), format, output),
    };
    match result {
        Ok(summary) => {
            eprintln!(
                "idna-inspector: {} lines, {} with errors (nontransitional ToASCII), {} not UTF-8",
                summary.lines, summary.with_errors, summary.invalid_utf8
            );
            ExitCode::SUCCESS
        }
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(&format!("batch failed: {error}")),
    }
}

fn write_batch<R: io::BufRead, W: Write>(
    engine: &Uts46<'_>,
    options: &Options,
    input: R,
    format: Format,
    output: W,
) -> io::Result<batch::Summary> {
    let mut writer = RecordWriter::new(format, output)?;
    let summary = batch::run(engine, options, input, &mut writer)?;
    writer.finish()?;
    Ok(summary)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("idna-inspector: {message}");
    ExitCode::from(2)
}
