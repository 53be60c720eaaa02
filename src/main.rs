//! The `idna-inspector` command: `explain` and `batch` over the core engine.

#![deny(unsafe_code)]

use clap::{Args, Parser, Subcommand, ValueEnum};
use idna_inspector::batch::{self, Column, Format, InputFormat, ItemReader, RecordWriter};
use idna_inspector::explain::explain;
use idna_inspector::pasted::{self, Pasted};
use idna_inspector::profiles::{self, Profile, ProfileColumns};
use idna_inspector::registry::{NoRuleset, Registry, RegistryCheck, Ruleset, RulesetSpec, lgr_explain, lgr_record};
use idna_inspector::spoof::{self, ProtectedList};
use idna_inspector::{MappingTable, Options, Uts46};
use std::io::{self, BufReader, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc, not glibc's allocator: the spoof check makes and drops small
/// buffers for every name, and glibc's `malloc` and `free` cost more there,
/// most on two threads, where blocks are freed on other threads than made
/// them (docs/design.md). Without transparent huge pages (`no_thp`), so the memory a
/// batch holds stays in 4 KiB pages: 21 MB for 10 M lines, not 52 MB.
/// Feature `mimalloc` (default); without it, the system's allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The exit status, as `--help` gives it.
const EXIT_STATUS: &str = "Exit status: 0 every name is valid; 1 some name is invalid (a UTS #46 error under the \
flags given, a pasted URL or e-mail address without a host, or a batch line that is not UTF-8, too long or missing its column); 2 usage error; 3 I/O or data \
error (a file that cannot be read or written, a broken mapping table, no display for the window).";

/// Some name was invalid.
const EXIT_INVALID: u8 = 1;
/// The command line is wrong (clap's own errors exit with 2 too).
const EXIT_USAGE: u8 = 2;
/// A file could not be read or written, or its data is broken.
const EXIT_IO: u8 = 3;

/// Shows, step by step, how an internationalized domain name is processed:
/// UTS #46 map, normalize, break, convert/validate, and Punycode (RFC 3492).
///
/// Without a command it opens the inspector window (pre-filled with DOMAIN
/// if given); built without the `gui` feature, it explains DOMAIN as text.
#[derive(Parser, Debug)]
#[command(name = "idna-inspector", version, about, long_about = None, after_help = EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// A domain name to open in the window (or, without the `gui` feature, to explain as text).
    domain: Option<String>,

    /// Open the window straight into the batch view with FILE loaded.
    #[cfg(feature = "gui")]
    #[arg(long, value_name = "FILE", conflicts_with = "domain")]
    batch: Option<PathBuf>,

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
        /// Print the results and the trace as JSON instead of text (the same as `--format json`).
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// text: the trace as plain text; json: the results and the trace; markdown or
        /// html: the report the window's Copy report gives (results, errors, characters,
        /// validity checklist, browser verdicts, spoof findings, options).
        #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
        format: ExplainFormat,
        #[command(flatten)]
        spoof: SpoofArgs,
        /// Compare processing profiles instead of printing the trace: each one's
        /// ToASCII, ToUnicode and errors, why they differ, and each character's
        /// UTS #46 Table 4 row. Repeat or separate with commas; `all` for all five.
        /// Prints text or JSON; not with --spoof or --protected.
        #[arg(long, value_enum, value_delimiter = ',', conflicts_with_all = ["spoof", "protected", "lgr"])]
        profile: Vec<ProfileArg>,
        /// What the software people run does with the name instead of the trace:
        /// each runtime's lookup name or its error in its own words, and the rule
        /// that decided (Python's codec, Java's IDN, ICU as PHP calls it). Prints
        /// text or JSON; not with --spoof, --protected, --profile or --lgr.
        #[arg(long, conflicts_with_all = ["spoof", "protected", "lgr", "profile"])]
        runtimes: bool,
        #[command(flatten)]
        registry: LgrArgs,
    },
    /// Convert every line of a file (or standard input): one output record per
    /// input line, in order, including blank lines and lines that are not UTF-8.
    Batch(BatchArgs),
    /// Audit a protected name's look-alikes: the labels a phisher would register
    /// instead of the label left of the TLD (UTS #39 confusables, one or two at a
    /// time, the same letter with diacritics, whole-script swaps, digits, dnstwist's
    /// glyphs), each that UTS #46 accepts with what each browser shows, the spoof
    /// risk and the registry's verdict. Registrable ones shown in Unicode by some
    /// browser come first.
    Lookalikes(LookalikesArgs),
}

/// The `lookalikes` command.
#[derive(Args, Debug)]
struct LookalikesArgs {
    /// The name to protect, e.g. paypal.com.
    #[arg(allow_hyphen_values = true)]
    name: String,
    /// The LGR every candidate's label is checked under: SET/TAG (second-level-reference/de)
    /// or an RFC 7940 XML file. Default: the one the window's Registry tab picks for each
    /// candidate (the TLD's language table when it holds the label, else its script's).
    #[arg(long, value_name = "SET/TAG|FILE.xml")]
    lgr: Option<RulesetSpec>,
    /// table: one line per candidate and a summary; jsonl: one record per candidate, then
    /// {"summary": …}; csv: one row per candidate (the summary on stderr).
    #[arg(long, value_enum, default_value_t = LookalikesFormat::Table)]
    format: LookalikesFormat,
    /// Generate and judge at most N candidates.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max: usize,
}

/// The output of `lookalikes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LookalikesFormat {
    Table,
    Jsonl,
    Csv,
}

/// The output of `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExplainFormat {
    Text,
    Json,
    Markdown,
    Html,
}

/// The processing profiles of `--profile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ProfileArg {
    /// RFC 3490 with Nameprep (Unicode 3.2), lookup.
    Idna2003,
    /// UTS #46 transitional.
    #[value(name = "uts46-t")]
    Uts46T,
    /// UTS #46 nontransitional.
    #[value(name = "uts46-n")]
    Uts46N,
    /// IDNA2008 lookup (RFC 5891-5893), no mapping.
    Idna2008,
    /// UTS #46 with the WHATWG URL Standard's flags.
    Whatwg,
    /// All five.
    All,
}

/// The profiles named on the command line, in column order, each once.
fn selected_profiles(args: &[ProfileArg]) -> Vec<Profile> {
    let named = |profile: Profile| {
        args.iter().any(|arg| {
            *arg == ProfileArg::All
                || matches!(
                    (arg, profile),
                    (ProfileArg::Idna2003, Profile::Idna2003)
                        | (ProfileArg::Uts46T, Profile::Uts46Transitional)
                        | (ProfileArg::Uts46N, Profile::Uts46Nontransitional)
                        | (ProfileArg::Idna2008, Profile::Idna2008)
                        | (ProfileArg::Whatwg, Profile::Whatwg)
                )
        })
    };
    Profile::ALL.into_iter().filter(|&p| named(p)).collect()
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Jsonl,
    Csv,
    Tsv,
    Summary,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum InputFormatArg {
    Lines,
    Csv,
    Tsv,
}

#[derive(Args, Debug)]
struct BatchArgs {
    /// The input file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// The output format; `summary` prints only the totals and the elapsed time.
    #[arg(long, value_enum, default_value_t = FormatArg::Jsonl)]
    format: FormatArg,
    /// The input layout; by default guessed from the file name (.csv, .tsv), else lines.
    #[arg(long, value_enum)]
    input_format: Option<InputFormatArg>,
    /// For CSV/TSV input: the column holding the names, by header name or 0-based number (default 0).
    #[arg(long)]
    column: Option<String>,
    /// For CSV/TSV output: prefix cells starting with = + - @ tab or CR with ' (spreadsheet formula safety).
    #[arg(long)]
    formula_safe: bool,
    #[command(flatten)]
    spoof: SpoofArgs,
    /// Add each profile's ToASCII and error codes (columns <profile>_ascii and
    /// <profile>_errors, or a JSONL "profiles" object) and profiles_disagree.
    /// Repeat or separate with commas; `all` for all five. Not with --format summary.
    #[arg(long, value_enum, value_delimiter = ',')]
    profile: Vec<ProfileArg>,
    #[command(flatten)]
    registry: LgrArgs,
    /// Add what each runtime (Python, requests, Java, ICU, Node.js, ...) does with the name:
    /// columns <id>_outcome and <id>_host, or a JSONL "runtimes" object with each one's
    /// outcome (ascii, raw, error), host or error, and rule. At the end (on stderr, or in
    /// the summary), per runtime: how many names it refuses, and how many of those a browser opens.
    #[arg(long)]
    runtimes: bool,
    /// Threads converting the names (default: one per core). The records come
    /// out in input order and the same, byte for byte, whatever the number.
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
}

/// The spoof check (UTS #39) and the browsers' display verdicts.
#[derive(Args, Debug)]
struct SpoofArgs {
    /// Run the spoof check: adds what Chromium, Firefox and WebKit (Safari) show (chromium_display,
    /// chromium_rule, firefox_…, webkit_…; display is unicode, punycode or rejected), risk (none/low/high) and findings.
    #[arg(long)]
    spoof: bool,
    /// Names to protect, one per line (# comments): a name whose skeleton matches one is flagged, and
    /// Chromium's top-domain check compares with them as with its own list. Implies --spoof.
    #[arg(long, value_name = "FILE")]
    protected: Option<PathBuf>,
}

/// The registry check (ICANN's Label Generation Rulesets, RFC 7940).
#[derive(Args, Debug)]
struct LgrArgs {
    /// Check the label left of the TLD (the TLD itself for root-zone/…) against an LGR: a bundled
    /// one as SET/TAG (second-level-reference/de, full-variant-set/zh, root-zone/und-Arab), SET
    /// alone (a tag per name: the TLD's language table if it holds the label, else the label's
    /// script; the record names it) or an RFC 7940 XML file. Adds eligibility, disposition, the
    /// rule that decided, the index label and the variant labels; with --protected, which
    /// protected names the label is a variant of.
    #[arg(long, value_name = "SET/TAG|SET|FILE.xml")]
    lgr: Option<RulesetSpec>,
}

impl LgrArgs {
    /// The `--lgr` ruleset, with the protected names as the names held. Errors: an
    /// unknown tag (usage, 2); a file that cannot be read or parsed (3).
    fn registry(&self, protected: Option<&ProtectedList>) -> Result<Option<Registry>, ExitCode> {
        let Some(spec) = &self.lgr else { return Ok(None) };
        let code = match spec {
            RulesetSpec::Set(set) => return Ok(Some(Registry::per_name(*set, protected))),
            RulesetSpec::Bundled { .. } => EXIT_USAGE,
            RulesetSpec::File(_) => EXIT_IO,
        };
        let ruleset = Ruleset::load(spec).map_err(|message| fail(code, &message))?;
        Ok(Some(Registry::new(ruleset, protected)))
    }
}

impl SpoofArgs {
    /// The protected list when the spoof check is on; an error when the file cannot be read.
    fn protected_list(&self, engine: &Uts46<'_>) -> Result<Option<ProtectedList>, String> {
        match &self.protected {
            Some(path) => std::fs::read_to_string(path)
                .map(|text| Some(ProtectedList::parse(engine, &text)))
                .map_err(|error| format!("cannot read the protected names {}: {error}", path.display())),
            None => Ok(self.spoof.then(ProtectedList::default)),
        }
    }
}

impl BatchArgs {
    /// `--threads`, else one per core (one where the count is unknown).
    fn threads(&self) -> NonZeroUsize {
        self.threads
            .or_else(|| std::thread::available_parallelism().ok())
            .unwrap_or(NonZeroUsize::MIN)
    }

    /// The input layout; an error when `--column` is given for line input.
    fn input_format(&self) -> Result<InputFormat, String> {
        let name = self.column.clone().unwrap_or_else(|| "0".to_string());
        let column = match name.parse::<usize>() {
            Ok(index) => Column::Index(index),
            Err(_) => Column::Name(name),
        };
        let format = match (self.input_format, &self.file) {
            (Some(InputFormatArg::Lines), _) => InputFormat::Lines,
            (Some(InputFormatArg::Csv), _) => InputFormat::Csv(column),
            (Some(InputFormatArg::Tsv), _) => InputFormat::Tsv(column),
            (None, Some(path)) => InputFormat::guess(path, column),
            (None, None) => InputFormat::Lines,
        };
        if matches!(format, InputFormat::Lines) && self.column.is_some() {
            return Err(
                "--column applies to CSV or TSV input (a .csv or .tsv file, or --input-format csv|tsv); \
                        this input is read as lines"
                    .to_string(),
            );
        }
        Ok(format)
    }

    /// Flags that do nothing with the chosen output, refused rather than ignored.
    fn check_output_flags(&self) -> Result<(), String> {
        let tabular = matches!(self.format, FormatArg::Csv | FormatArg::Tsv);
        if self.formula_safe && !tabular {
            return Err("--formula-safe applies to CSV or TSV output (--format csv|tsv)".to_string());
        }
        if !self.profile.is_empty() && matches!(self.format, FormatArg::Summary) {
            return Err("--profile adds columns to records; --format summary prints only totals".to_string());
        }
        if self.registry.lgr.is_some() && matches!(self.format, FormatArg::Summary) {
            return Err("--lgr adds an lgr field to records; --format summary prints only totals".to_string());
        }
        Ok(())
    }
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
    /// CheckContextO=true: apply the RFC 5892 Appendix A.3-A.9 CONTEXTO rules (not a UTS #46 flag; ICU's CHECK_CONTEXTO; error CONTEXTO).
    #[arg(long, global = true)]
    check_contexto: bool,
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
            check_contexto: self.check_contexto,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let (Some(_), Some(domain)) = (&cli.command, &cli.domain) {
        return usage(&format!(
            "{domain:?} before the command: give the name after it (`explain NAME`)"
        ));
    }
    #[cfg(feature = "gui")]
    if cli.command.is_none() {
        return run_gui(cli);
    }
    #[cfg(feature = "gui")]
    if cli.batch.is_some() {
        return usage("--batch opens the window; the `batch` command converts a file as text");
    }
    let loaded;
    let table = match &cli.flags.tables {
        None => MappingTable::bundled(),
        Some(dir) => match MappingTable::from_path(dir) {
            Ok(table) => {
                loaded = table;
                &loaded
            }
            Err(error) => return fail(EXIT_IO, &error.to_string()),
        },
    };
    let engine = Uts46::with_table(table);
    let options = cli.flags.options();
    match (cli.command, cli.domain) {
        (
            Some(Command::Explain {
                domain,
                json,
                format,
                runtimes: true,
                ..
            }),
            _,
        ) => match format {
            ExplainFormat::Markdown | ExplainFormat::Html => {
                let pasted = match taken(&domain) {
                    Ok(pasted) => pasted,
                    Err(code) => return code,
                };
                let request = Request {
                    engine: &engine,
                    options: &options,
                    domain: &pasted.host,
                    pasted: &pasted,
                    registry: None,
                };
                run_report(&request, &ProtectedList::default(), format, true)
            }
            _ => {
                let json = json || format == ExplainFormat::Json;
                match pasted::take_host(&domain) {
                    Ok(pasted) => run_runtimes(pasted.input, Some(&pasted), json),
                    // No host to take: a program hands the runtimes the text as it is.
                    Err(reason) => {
                        eprintln!("idna-inspector: {domain:?}: {}", reason.sentence());
                        run_runtimes(&domain, None, json)
                    }
                }
            }
        },
        (
            Some(Command::Explain {
                domain,
                json,
                format,
                profile,
                ..
            }),
            _,
        ) if !profile.is_empty() => match format {
            ExplainFormat::Markdown | ExplainFormat::Html => {
                usage("--profile prints text or JSON; the report (--format markdown or html) has no profile columns")
            }
            _ => match taken(&domain) {
                Ok(pasted) => run_profiles(
                    &engine,
                    &options,
                    &pasted,
                    &selected_profiles(&profile),
                    json || format == ExplainFormat::Json,
                ),
                Err(code) => code,
            },
        },
        (
            Some(Command::Explain {
                domain,
                json,
                format,
                spoof,
                registry,
                ..
            }),
            _,
        ) => {
            let format = if json { ExplainFormat::Json } else { format };
            let protected = match spoof.protected_list(&engine) {
                Ok(protected) => protected,
                Err(message) => return fail(EXIT_IO, &message),
            };
            let lgr = match registry.registry(protected.as_ref()) {
                Ok(lgr) => lgr,
                Err(code) => return code,
            };
            let pasted = match taken(&domain) {
                Ok(pasted) => pasted,
                Err(code) => return code,
            };
            let request = Request {
                engine: &engine,
                options: &options,
                domain: &pasted.host,
                pasted: &pasted,
                registry: lgr.as_ref(),
            };
            match (protected, format) {
                (protected, ExplainFormat::Markdown | ExplainFormat::Html) => {
                    run_report(&request, &protected.unwrap_or_default(), format, false)
                }
                (Some(protected), _) => run_spoof(&request, &protected, format == ExplainFormat::Json),
                (None, _) => run_explain(&request, format == ExplainFormat::Json),
            }
        }
        (Some(Command::Batch(args)), _) => run_batch(&engine, &options, args),
        (Some(Command::Lookalikes(args)), _) => run_lookalikes(&engine, args),
        (None, Some(domain)) => match taken(&domain) {
            Ok(pasted) => run_explain(
                &Request {
                    engine: &engine,
                    options: &options,
                    domain: &pasted.host,
                    pasted: &pasted,
                    registry: None,
                },
                false,
            ),
            Err(code) => code,
        },
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
        batch: cli.batch,
        options: (options != Options::default()).then_some(options),
        tables: cli.flags.tables,
    };
    match run(startup) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(
            EXIT_IO,
            &format!(
                "cannot open the window ({error}); the text commands work without a display: `idna-inspector explain DOMAIN`"
            ),
        ),
    }
}

/// One name for `explain`, with what the command line gave for it.
struct Request<'a> {
    engine: &'a Uts46<'a>,
    options: &'a Options,
    /// The host taken from what was pasted ([`Request::pasted`]).
    domain: &'a str,
    /// The text as given, and where its host was found.
    pasted: &'a Pasted<'a>,
    /// `--lgr`, with the protected names as the names held.
    registry: Option<&'a Registry>,
}

impl Request<'_> {
    /// The registry check of the name (as typed, and its ToUnicode `to_unicode`), when `--lgr` asked for one.
    fn registry_check(&self, to_unicode: &str) -> Option<Result<RegistryCheck, NoRuleset>> {
        self.registry.and_then(|registry| registry.check(self.domain, to_unicode))
    }

    /// `value` with the pasted text's `input`, `host` and `taken_from` when
    /// its host is not the text itself.
    fn with_pasted(&self, value: serde_json::Value) -> serde_json::Value {
        with_pasted(value, self.pasted)
    }

    /// `text` after the line that says where its host was found, when it is
    /// not the text itself.
    fn after_pasted(&self, text: String) -> String {
        after_pasted(text, self.pasted)
    }

    /// `value` with an `lgr` field when `--lgr` was given (null: no label to check).
    fn with_lgr(&self, mut value: serde_json::Value, check: Option<&Result<RegistryCheck, NoRuleset>>) -> serde_json::Value {
        if self.registry.is_some() {
            value["lgr"] = check.map_or(serde_json::Value::Null, lgr_record);
        }
        value
    }
}

/// The host in `text` as pasted ([`pasted::take_host`]); when it holds
/// none, the reason on stderr and exit status 1 (no name to inspect is an
/// invalid name).
fn taken(text: &str) -> Result<Pasted<'_>, ExitCode> {
    pasted::take_host(text).map_err(|reason| {
        eprintln!("idna-inspector: {text:?}: {}", reason.sentence());
        ExitCode::from(EXIT_INVALID)
    })
}

/// `value` with `pasted`'s `input`, `host` and `taken_from` when its host is
/// not the text itself.
fn with_pasted(value: serde_json::Value, pasted: &Pasted<'_>) -> serde_json::Value {
    let taken = pasted.changed().then_some((pasted.host.as_ref(), pasted.taken_from));
    idna_inspector::explain::with_pasted(value, pasted.input, taken)
}

/// `text` after `pasted`'s sentence when its host is not the text itself.
fn after_pasted(text: String, pasted: &Pasted<'_>) -> String {
    match pasted.sentence() {
        Some(sentence) => format!("{sentence}\n{text}"),
        None => text,
    }
}

fn run_explain(request: &Request<'_>, json: bool) -> ExitCode {
    let (engine, options, domain) = (request.engine, request.options, request.domain);
    let (results, trace) = engine.process_traced(domain, options);
    let registry = request.registry_check(&results.to_unicode.value);
    let text = if json {
        let value = idna_inspector::explain::json(options, &results, &trace);
        request.with_pasted(request.with_lgr(value, registry.as_ref())).to_string()
    } else {
        let mut text = explain(&results, &trace);
        if let Some(checked) = &registry {
            text = format!("{}\n\n{}", text.trim_end(), lgr_explain(checked).trim_end());
        }
        request.after_pasted(text)
    };
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    validity(results.is_ok())
}

/// The look-alike audit of `args.name`. Exit status 1 for a name UTS #46
/// refuses or without a label left of its TLD; 2 for an unknown bundled
/// tag; 3 for an LGR file that cannot be read or parsed, or output that cannot be written.
fn run_lookalikes(engine: &Uts46<'_>, args: LookalikesArgs) -> ExitCode {
    use idna_inspector::lookalikes::{self, AuditError, Settings};
    let code_of_ruleset = match &args.lgr {
        Some(RulesetSpec::File(_)) => EXIT_IO,
        _ => EXIT_USAGE,
    };
    let settings = Settings {
        lgr: args.lgr,
        max: args.max,
    };
    let audit = match lookalikes::audit(engine, &args.name, &settings) {
        Ok(audit) => audit,
        Err(error @ AuditError::Ruleset(_)) => return fail(code_of_ruleset, &error.to_string()),
        Err(error) => return fail(EXIT_INVALID, &error.to_string()),
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = match args.format {
        LookalikesFormat::Table => idna_inspector::audit::write_table(&mut stdout, &audit),
        LookalikesFormat::Jsonl => idna_inspector::audit::write_jsonl(&mut stdout, &audit),
        LookalikesFormat::Csv => {
            eprint!("{}", idna_inspector::audit::summary_text(&audit));
            idna_inspector::audit::write_csv(&mut stdout, &audit)
        }
    };
    match written.and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(EXIT_IO, &format!("cannot write the audit: {error}")),
    }
}

/// Exit code 0 for a valid name, 1 for an invalid one.
fn validity(valid: bool) -> ExitCode {
    if valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_INVALID)
    }
}

/// `explain --format markdown|html`: the report of the whole inspection,
/// with the runtimes' section when `runtimes` (`--runtimes`).
fn run_report(request: &Request<'_>, protected: &ProtectedList, format: ExplainFormat, runtimes: bool) -> ExitCode {
    let (engine, options, domain) = (request.engine, request.options, request.domain);
    let (results, trace) = engine.process_traced(domain, options);
    let spoof = spoof::analyze_results(engine, domain, &results, options, protected);
    let registry = request.registry_check(&results.to_unicode.value);
    // A program hands a runtime the text as it has it.
    let asked = request.pasted.input;
    let answers = runtimes.then(|| idna_inspector::runtimes::run_all(asked));
    let pasted_sentence = request.pasted.sentence();
    let report = idna_inspector::report::Report {
        options,
        results: &results,
        trace: &trace,
        spoof: &spoof,
        registry: registry.as_ref(),
        runtimes: answers.as_deref().map(|answers| (asked, answers)),
        pasted: pasted_sentence.as_deref(),
    };
    let text = if format == ExplainFormat::Html {
        report.html()
    } else {
        report.markdown()
    };
    let mut stdout = io::stdout().lock();
    let _ = write!(stdout, "{text}");
    validity(results.is_ok())
}

/// `explain --runtimes`: each runtime's answer on `domain`, the text as
/// written (a program hands a runtime the text it has, where the other
/// stages inspect the host `pasted` took from it), as text or JSON. Valid
/// when every runtime converts the name.
fn run_runtimes(domain: &str, pasted: Option<&Pasted<'_>>, json: bool) -> ExitCode {
    let answers = idna_inspector::runtimes::run_all(domain);
    let text = if json {
        let runtimes: serde_json::Map<String, serde_json::Value> = answers
            .iter()
            .map(|a| {
                let mut entry = serde_json::json!({ "outcome": a.outcome, "rule": a.rule, "sentence": a.sentence });
                if let Some(host) = &a.host {
                    entry["host"] = host.as_str().into();
                }
                if let Some(error) = &a.error {
                    entry["error"] = error.as_str().into();
                }
                if let Some(hint) = a.runtime.hint(domain, a) {
                    entry["hint"] = hint.into();
                }
                (a.runtime.id().to_string(), entry)
            })
            .collect();
        let mut value = serde_json::json!({ "input": domain, "runtimes": runtimes });
        if let Some(pasted) = pasted.filter(|pasted| pasted.changed()) {
            value = with_pasted(value, pasted);
            // The runtimes answered the text, the other fields are of the host.
            value["runtimes_asked"] = "input".into();
        }
        value.to_string()
    } else {
        let text = idna_inspector::runtimes::explain(domain, &answers);
        match pasted.filter(|pasted| pasted.changed()) {
            Some(pasted) => after_pasted(
                format!(
                    "The runtimes are asked about the text as written; a program that parses out the host asks them about {:?}.\n{text}",
                    pasted.host
                ),
                pasted,
            ),
            None => text,
        }
    };
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    validity(answers.iter().all(|a| a.outcome != idna_inspector::runtimes::Outcome::Error))
}

/// `explain --profile`: the chosen profiles side by side, as text or JSON.
fn run_profiles(engine: &Uts46<'_>, options: &Options, pasted: &Pasted<'_>, selected: &[Profile], json: bool) -> ExitCode {
    let domain: &str = &pasted.host;
    let comparison = profiles::compare(engine, domain, options);
    let text = if json {
        let chosen: Vec<_> = comparison.results.iter().filter(|r| selected.contains(&r.profile)).collect();
        let value = serde_json::json!({
            "input": domain,
            "profiles": chosen,
            "profiles_disagree": comparison.profiles_disagree(),
            "causes": comparison.causes,
        });
        with_pasted(value, pasted).to_string()
    } else {
        after_pasted(profiles::explain(engine, &comparison, selected, options), pasted)
    };
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    // Valid when every chosen profile accepts the name.
    validity(
        comparison
            .results
            .iter()
            .filter(|r| selected.contains(&r.profile))
            .all(|r| r.is_ok()),
    )
}

/// `explain --spoof`: the spoof report as text or JSON. Our results and
/// UTS #39 findings follow the flags given; each browser's verdict follows
/// that browser's own settings, and the output says so.
fn run_spoof(request: &Request<'_>, protected: &ProtectedList, json: bool) -> ExitCode {
    let (engine, options, domain) = (request.engine, request.options, request.domain);
    let results = engine.process(domain, options);
    let report = spoof::analyze_results(engine, domain, &results, options, protected);
    let registry = request.registry_check(&results.to_unicode.value);
    let mut codes: Vec<_> = [&results.to_unicode, &results.to_ascii_n, &results.to_ascii_t]
        .iter()
        .flat_map(|conversion| conversion.codes())
        .collect();
    codes.sort();
    codes.dedup();
    let text = if json {
        let mut value = serde_json::to_value(&report).unwrap_or_default();
        value["options"] = serde_json::to_value(options).unwrap_or_default();
        value["valid"] = results.is_ok().into();
        value["errors"] = serde_json::to_value(&codes).unwrap_or_default();
        request.with_pasted(request.with_lgr(value, registry.as_ref())).to_string()
    } else {
        let validity = if codes.is_empty() {
            "valid".to_string()
        } else {
            let names: Vec<String> = codes.iter().map(ToString::to_string).collect();
            format!("invalid ({})", names.join(" "))
        };
        let registry = registry
            .map(|checked| format!("\n\n{}", lgr_explain(&checked).trim_end()))
            .unwrap_or_default();
        request.after_pasted(format!(
            "{}\nUTS #46: {validity} under {options}; these flags decide our results and findings, \
             while each browser's verdict uses that browser's own settings.{registry}",
            spoof::explain(&report).trim_end()
        ))
    };
    let mut stdout = io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
    validity(results.is_ok())
}

fn run_batch(engine: &Uts46<'_>, options: &Options, args: BatchArgs) -> ExitCode {
    let started = std::time::Instant::now();
    let input_format = match args
        .input_format()
        .and_then(|format| args.check_output_flags().map(|()| format))
    {
        Ok(format) => format,
        Err(message) => return usage(&message),
    };
    let protected = match args.spoof.protected_list(engine) {
        Ok(protected) => protected,
        Err(message) => return fail(EXIT_IO, &message),
    };
    let spoof = protected.as_ref();
    let lgr = match args.registry.registry(spoof) {
        Ok(lgr) => lgr,
        Err(code) => return code,
    };
    let path = args.file.clone().filter(|path| path.as_os_str() != "-");
    // Send: `batch --format summary` on several threads reads from every thread.
    // A regular file's size lets the threads of a summary share out its end.
    let mut length = None;
    let input: Box<dyn io::BufRead + Send> = match &path {
        Some(path) => match std::fs::File::open(path) {
            Ok(opened) => {
                length = opened.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                Box::new(BufReader::with_capacity(1 << 16, opened))
            }
            Err(error) => return fail(EXIT_IO, &format!("cannot open {}: {error}", path.display())),
        },
        None => {
            if io::stdin().is_terminal() {
                eprintln!(
                    "idna-inspector: reading names from the terminal, one per line; Ctrl-D ends (give a FILE to read a file)"
                );
            }
            Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
        }
    };
    let items = match ItemReader::new(input, &input_format) {
        Ok(items) => match length {
            Some(length) => items.with_length(length),
            None => items,
        },
        Err(error) => return fail(EXIT_IO, &format!("cannot read the input: {error}")),
    };
    let output = io::BufWriter::with_capacity(OUTPUT_BUFFER, io::stdout().lock());
    let selected = selected_profiles(&args.profile);
    let format = match args.format {
        FormatArg::Summary => None,
        FormatArg::Jsonl => Some(Format::Jsonl),
        FormatArg::Csv => Some(Format::Csv),
        FormatArg::Tsv => Some(Format::Tsv),
    };
    let threads = args.threads();
    let tally = args.runtimes.then(batch::RuntimeTally::default);
    let result = match format {
        // The runtimes' counts need each record's answers: the records are made and not written.
        None if tally.is_some() => {
            let layout = Layout {
                format: Format::Jsonl,
                formula_safe: false,
                profiles: &[],
                lgr: None,
                runtimes: tally.as_ref(),
            };
            write_batch(engine, options, spoof, items, layout, threads, io::sink())
        }
        None => summarize(engine, options, spoof, items, threads),
        Some(format) => {
            let layout = Layout {
                format,
                formula_safe: args.formula_safe,
                profiles: &selected,
                lgr: lgr.as_ref(),
                runtimes: tally.as_ref(),
            };
            write_batch(engine, options, spoof, items, layout, threads, output)
        }
    };
    match result {
        Ok(summary) if matches!(args.format, FormatArg::Summary) => {
            let mut stdout = io::stdout().lock();
            let _ = write!(stdout, "{summary}");
            if let Some(tally) = &tally {
                let _ = write!(stdout, "{tally}");
            }
            let _ = writeln!(stdout, "elapsed\t{:.3} s", started.elapsed().as_secs_f64());
            validity(summary.failed == 0)
        }
        Ok(summary) => {
            eprintln!(
                "idna-inspector: {} lines: {} ok, {} failed, {} skipped, {} not UTF-8",
                summary.lines, summary.ok, summary.failed, summary.skipped, summary.invalid_utf8
            );
            if let Some(tally) = &tally {
                eprint!("{tally}");
            }
            validity(summary.failed == 0)
        }
        // The reader of our output stopped (`| head`): not an error of ours.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(EXIT_IO, &format!("batch failed: {error}")),
    }
}

fn summarize<R: io::BufRead + Send>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: ItemReader<R>,
    threads: NonZeroUsize,
) -> io::Result<batch::Summary> {
    batch::summarize_parallel(engine, options, spoof, items, threads)
}

/// How `write_batch` lays its output out.
struct Layout<'a> {
    format: Format,
    formula_safe: bool,
    /// `--profile`: these profiles' columns for converted lines (skipped and
    /// unreadable lines get empty cells).
    profiles: &'a [Profile],
    /// `--lgr`: the registry check of each converted line.
    lgr: Option<&'a Registry>,
    /// `--runtimes`: each converted line's runtimes, counted here.
    runtimes: Option<&'a batch::RuntimeTally>,
}

/// The batch's output buffer, in bytes: a `--runtimes` record is about
/// 1,700 bytes, and std's 8 KiB buffer made a `write` call every four or
/// five records (benches/results.md).
const OUTPUT_BUFFER: usize = 256 * 1024;

/// Every record in `layout`, with the spoof columns when `spoof` is given.
fn write_batch<R: io::BufRead, W: Write>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: ItemReader<R>,
    layout: Layout<'_>,
    threads: NonZeroUsize,
    output: W,
) -> io::Result<batch::Summary> {
    let selected = layout.profiles;
    let lgr = layout.lgr;
    let tally = layout.runtimes;
    let columns = batch::Columns {
        spoof: spoof.is_some(),
        profiles: selected.to_vec(),
        lgr: lgr.is_some(),
        runtimes: tally.is_some(),
        imitation: spoof.is_some_and(|list| !list.is_empty()),
    };
    let mut writer = RecordWriter::with_extras(layout.format, output, &columns)?.formula_safe(layout.formula_safe);
    // A record's extras, made on the thread that converted it.
    let made = |record: &batch::RecordBuf| -> Made {
        let runtimes = tally.and_then(|tally| tally.answers(engine, options, record));
        (
            batch::profile_columns_for(engine, options, record, selected),
            batch::registry_check_for(lgr, record),
            runtimes,
            batch::imitation_for(spoof, record),
        )
    };
    let summary = if threads.get() > 1 {
        // Each row is formatted (with its extras) on the converting thread
        // that made its record; this thread only writes the rows in order,
        // so it keeps up with the others.
        let rows = writer.row_format();
        let extra =
            |record: &batch::RecordBuf, writers: &mut batch::RowWriters| rows.format(record, &extras(&made(record)), writers);
        batch::convert_each_parallel_with(engine, options, spoof, items, threads, &extra, |_, row, _| {
            let row = row.as_ref().map_err(|e| io::Error::new(e.kind(), e.to_string()))?;
            writer.write_formatted(row)?;
            Ok(std::ops::ControlFlow::Continue(()))
        })?
    } else if selected.is_empty() && lgr.is_none() && tally.is_none() && !columns.imitation {
        batch::convert_each_parallel(engine, options, spoof, items, threads, |record, _| {
            writer.write(record)?;
            Ok(std::ops::ControlFlow::Continue(()))
        })?
    } else {
        let extra = |record: &batch::RecordBuf, _: &mut batch::RowWriters| made(record);
        batch::convert_each_parallel_with(engine, options, spoof, items, threads, &extra, |record, made, _| {
            writer.write_with_extras(record, &extras(made))?;
            Ok(std::ops::ControlFlow::Continue(()))
        })?
    };
    writer.finish()?;
    Ok(summary)
}

/// What `write_batch` makes for a record beside it: its profile columns,
/// registry check, runtimes' answers and the protected name it imitates.
type Made = (
    Option<ProfileColumns>,
    Option<Result<RegistryCheck, NoRuleset>>,
    Option<batch::NameAnswers>,
    Option<idna_inspector::lookalikes::Imitation>,
);

/// The writer's view of [`Made`].
fn extras(made: &Made) -> batch::Extras<'_> {
    batch::Extras {
        columns: made.0.as_ref(),
        lgr: made.1.as_ref(),
        runtimes: made.2.as_deref(),
        imitation: made.3.as_ref(),
    }
}

/// An I/O or data error (`EXIT_IO`), or another runtime failure, on stderr.
fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("idna-inspector: {message}");
    ExitCode::from(code)
}

/// A usage error: flags that do not go together.
fn usage(message: &str) -> ExitCode {
    fail(EXIT_USAGE, &format!("{message} (see --help)"))
}
