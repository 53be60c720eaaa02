//! The inspector window driven headless with egui_kittest, by accessible
//! labels, as a person would: type, pick examples, switch tabs, toggle flags.
#![cfg(feature = "gui")]

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use idna_inspector::app::{InspectorApp, Startup, examples, install_app_fonts};
use idna_inspector::uts46::{ErrorCode, Options, Uts46};

fn app_with(domain: Option<&str>) -> Harness<'static, InspectorApp> {
    app_from(Startup {
        domain: domain.map(str::to_string),
        ..Startup::default()
    })
}

/// The app as the command line would start it, with its own fonts, after the first frames.
fn app_from(startup: Startup) -> Harness<'static, InspectorApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(install_app_fonts)
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), InspectorApp::new(None, startup));
    harness.run();
    harness
}

fn count(harness: &Harness<'_, InspectorApp>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}

fn count_containing(harness: &Harness<'_, InspectorApp>, text: &str) -> usize {
    harness.query_all_by_label_contains(text).count()
}

/// Clicks the widget labelled `label` and lets the app settle.
fn click(harness: &mut Harness<'_, InspectorApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

fn type_domain(harness: &mut Harness<'_, InspectorApp>, text: &str) {
    click(harness, "Clear");
    harness.get_by_label("Domain").type_text(text);
    harness.run();
}

#[test]
fn typing_a_domain_shows_its_a_label() {
    let mut harness = app_with(None);
    type_domain(&mut harness, "bücher.de");
    assert_eq!(harness.state().inspection().map(|i| i.input.as_str()), Some("bücher.de"));
    // ToASCII N and T agree here: two result cells show it.
    assert_eq!(count(&harness, "xn--bcher-kva.de"), 2);
    assert!(count(&harness, "bücher.de") >= 1, "ToUnicode shows the U-label form");
    assert_eq!(count(&harness, "✔ no errors"), 3);
}

#[test]
fn the_fass_example_shows_different_transitional_and_nontransitional_results() {
    let mut harness = app_with(None);
    click(&mut harness, "Examples");
    click(&mut harness, "UTS #46 Table 1: deviations");
    click(&mut harness, "faß.de");
    assert_eq!(harness.state().inspection().map(|i| i.input.as_str()), Some("faß.de"));
    assert_eq!(count(&harness, "xn--fa-hia.de"), 1, "nontransitional keeps ß");
    assert_eq!(count(&harness, "fass.de"), 1, "transitional maps ß to ss");
    assert_eq!(
        count(&harness, "Transitional and nontransitional processing give different names"),
        1
    );
    assert!(count_containing(&harness, "LATIN SMALL LETTER SHARP S (transitional maps it to “ss”)") >= 1);
}

#[test]
fn the_bootstring_view_of_buecher_reads_like_the_textbook() {
    let mut harness = app_with(Some("bücher"));
    click(&mut harness, "5 Encode/Decode");
    assert_eq!(count(&harness, "delta 745 = 10 × 1 + 21 × 35"), 1);
    assert!(count_containing(&harness, "i = 1, delta = 745, bias = 72") >= 1);
    // One row per digit: k, t, q, digit, value, w, and the A-label assembled so far.
    let columns = |row: &str| row.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let rows: Vec<String> = harness
        .query_all_by_label_contains("xn--bcher-k")
        .filter_map(|node| node.value())
        .filter(|row| columns(row).len() == 7 && row.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    let expected = [
        ["36", "1", "745", "k", "10", "1", "xn--bcher-k"],
        ["72", "1", "21", "v", "21", "35", "xn--bcher-kv"],
        ["108", "26", "0", "a", "0", "1225", "xn--bcher-kva"],
    ];
    assert_eq!(
        rows.iter().map(|row| columns(row)).collect::<Vec<_>>(),
        expected.map(|row| row.map(String::from).to_vec())
    );
}

#[test]
fn invalid_punycode_shows_a_p4_chip() {
    let mut harness = app_with(Some("xn--0.pt"));
    // Folded, the chip is one line: the code and its place.
    assert_eq!(count(&harness, "P4 label 1 · at the end of the label"), 1);
    harness.state_mut().open_notes(true);
    harness.run();
    assert!(count(&harness, "P4") >= 1);
    assert!(count(&harness, ErrorCode::P4.explanation()) >= 1, "the chip's sentence");
    assert!(
        count(&harness, ErrorCode::P4.spec_reference()) >= 1,
        "the chip's spec reference"
    );
}

#[test]
fn toggling_check_hyphens_changes_the_verdict() {
    let mut harness = app_with(Some("ab--c.com"));
    assert_eq!(count(&harness, "✖ errors: V2"), 3);
    click(&mut harness, "CheckHyphens");
    assert_eq!(count(&harness, "✖ errors: V2"), 0);
    assert_eq!(count(&harness, "✔ no errors"), 3);
    assert_eq!(harness.state().inspection().map(|i| i.options.check_hyphens), Some(false));
}

#[test]
fn the_map_view_names_invisible_characters() {
    let harness = app_with(Some("pay\u{00AD}pal.com"));
    assert!(count(&harness, "SHY") >= 1, "soft hyphen drawn as a badge");
    assert!(count(&harness, "SOFT HYPHEN") >= 1);
    assert!(count(&harness, "removed") >= 1);
    // ToUnicode, ToASCII N and T, and the mapped string.
    assert_eq!(count(&harness, "paypal.com"), 4);
}

#[test]
fn the_break_view_names_the_ideographic_full_stop() {
    let mut harness = app_with(Some("a。b"));
    click(&mut harness, "3 Break");
    assert_eq!(count(&harness, "U+3002 IDEOGRAPHIC FULL STOP → '.'"), 1);
}

#[test]
fn presets_set_the_flags() {
    let mut harness = app_with(Some("ab--c.com"));
    click(&mut harness, "Preset");
    click(&mut harness, "WHATWG URL");
    let options = harness.state().inspection().map(|i| i.options);
    assert_eq!(options, Some(idna_inspector::Preset::WhatwgUrl.options()));
    assert_eq!(count(&harness, "✖ errors: V2"), 0);
}

/// Every example runs, and every error code its note promises is reported.
#[test]
fn examples_report_the_errors_their_notes_name() {
    let engine = Uts46::new();
    for example in examples::all() {
        let results = engine.process(example.input, &Options::default());
        let mut reported: Vec<&str> = results.to_unicode.codes().iter().map(|c| c.as_str()).collect();
        reported.extend(results.to_ascii_n.codes().iter().map(|c| c.as_str()));
        for word in example.note.split(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
            if ErrorCode::parse(word).is_some() {
                assert!(
                    reported.contains(&word),
                    "{}: note names {word}, engine reports {reported:?}",
                    example.label
                );
            }
        }
    }
}

/// Every example, in every stage and both modes, renders with the app's own
/// fonts (kittest panics on a missing glyph), and every Examples submenu opens.
#[test]
fn every_example_renders_in_every_stage() {
    for example in examples::all() {
        let mut harness = app_with(Some(example.input));
        for tab in [
            "1 Map",
            "2 Normalize",
            "3 Break",
            "4 Convert/Validate",
            "5 Encode/Decode",
            "Runtimes",
        ] {
            click(&mut harness, tab);
            click(&mut harness, "Transitional");
            click(&mut harness, "Nontransitional");
        }
    }
    let mut harness = app_with(None);
    for group in examples::GROUPS {
        click(&mut harness, "Examples");
        click(&mut harness, group.title);
        for example in group.examples {
            assert_eq!(harness.query_all_by_label(example.label).count(), 1, "{}", example.label);
        }
        harness.key_press(egui::Key::Escape);
        harness.run();
    }
}

#[test]
fn ctrl_l_focuses_the_domain_field_and_ctrl_c_copies_the_selected_result() {
    let mut harness = app_with(Some("faß.de"));
    // The Copy buttons of ToUnicode, ToASCII N and ToASCII T, in that order.
    harness.get_all_by_label("Copy").nth(1).expect("three Copy buttons").click();
    assert!(copied_within_steps(&mut harness).contains(&"xn--fa-hia.de".to_string()));

    // Select the transitional result by clicking it, then Ctrl+C (no text field focused).
    click(&mut harness, "fass.de");
    harness.event(egui::Event::Copy);
    let copied = copied_within_steps(&mut harness);
    assert!(
        !copied.is_empty() && copied.iter().all(|text| text == "fass.de"),
        "{copied:?}"
    );

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    harness.run();
    assert!(harness.get_by_label("Domain").is_focused());
}

/// What the app copied to the clipboard in the next few frames.
fn copied_within_steps(harness: &mut Harness<'_, InspectorApp>) -> Vec<String> {
    let mut all = Vec::new();
    for _ in 0..4 {
        harness.step();
        all.extend(copied(harness));
    }
    all
}

fn copied(harness: &Harness<'_, InspectorApp>) -> Vec<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn tables_loaded_at_start_show_their_version_in_the_status_bar() {
    let Some(dir) = idna_inspector::test_needs::shared_path("unicode/17.0.0") else {
        return;
    };
    let startup = Startup {
        domain: Some("bücher.de".into()),
        tables: Some(dir),
        ..Startup::default()
    };
    let harness = app_from(startup);
    assert_eq!(count_containing(&harness, "Mapping table: Unicode 17.0.0"), 1);
    assert_eq!(
        harness.state().inspection().map(|i| i.trace.table_version.as_str()),
        Some("17.0.0")
    );
    assert_eq!(count(&harness, "xn--bcher-kva.de"), 2);
}

#[test]
fn help_lists_every_error_code_and_about_names_the_data_versions() {
    let mut harness = app_with(None);
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Help").click();
    harness.run();
    click(&mut harness, "About idna-inspector");
    assert!(count(&harness, "IDNA mapping table (bundled)") == 1);
    assert!(count(&harness, "16.0.0") >= 1);
    let nfc = unicode_normalization::UNICODE_VERSION;
    assert!(count(&harness, &format!("{}.{}.{}", nfc.0, nfc.1, nfc.2)) >= 1);

    harness.key_press(egui::Key::F1);
    harness.run();
    for code in ErrorCode::ALL {
        assert!(count(&harness, code.explanation()) >= 1, "{code} missing from Help");
    }
    assert!(count(&harness, "A-label:") >= 1, "glossary");
}

/// A small list with every kind of line: valid, deviation, errors, skipped, not UTF-8.
fn batch_fixture() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("idna-inspector-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("domains.txt");
    let mut bytes = "# test list\nexample.com\nfaß.de\nbücher.example\n\n-bad-.com\nxn--zz-9999999.net\na_b.org\nпример.рф\n"
        .as_bytes()
        .to_vec();
    bytes.extend_from_slice(b"caf\xE9.fr\n");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The app started as `idna-inspector --batch FILE`, after the job finished.
fn app_with_batch(file: std::path::PathBuf) -> Harness<'static, InspectorApp> {
    let mut harness = app_from(Startup {
        batch: Some(file),
        ..Startup::default()
    });
    wait_for_batch(&mut harness);
    harness
}

/// Steps frames until the background job has delivered everything and the
/// window has made the glyphs of its names (a few names a frame).
fn wait_for_batch(harness: &mut Harness<'_, InspectorApp>) {
    let busy = |harness: &Harness<'_, InspectorApp>| harness.state().batch_running() || harness.state().batch_glyphs_pending();
    for _ in 0..2000 {
        harness.step();
        if !busy(harness) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(!harness.state().batch_running(), "the batch job did not finish");
    assert!(!harness.state().batch_glyphs_pending(), "the glyphs were not made");
    harness.run();
}

/// Steps frames until a label containing `text` shows (a background export's outcome).
fn wait_for_status(harness: &mut Harness<'_, InspectorApp>, text: &str) {
    for _ in 0..500 {
        harness.step();
        if count_containing(harness, text) == 1 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("{text:?} never showed");
}

#[test]
fn batch_view_loads_a_file_filters_and_opens_a_row_in_the_inspector() {
    let mut harness = app_with_batch(batch_fixture());
    assert_eq!(harness.state().view(), idna_inspector::app::View::Batch);
    let summary = harness.state().batch_summary().clone();
    assert_eq!(harness.state().batch_record_count(), 10, "one record per line");
    assert_eq!((summary.ok, summary.failed, summary.skipped), (4, 4, 2));
    assert_eq!(summary.invalid_utf8, 1);
    assert_eq!(summary.per_code[ErrorCode::V3 as usize], 1);
    assert_eq!(harness.state().batch_visible_rows(), 10);
    assert_eq!(count(&harness, "xn--fa-hia.de"), 1, "the ToASCII column shows the A-label");
    assert!(count_containing(&harness, "10 of 10 rows") >= 1);

    click(&mut harness, "Errors only");
    assert_eq!(harness.state().batch_visible_rows(), 4);
    assert!(count_containing(&harness, "4 of 10 rows") >= 1);
    assert_eq!(count(&harness, "xn--fa-hia.de"), 0, "valid rows are filtered out");

    click(&mut harness, "All");
    click(&mut harness, "xn--fa-hia.de");
    assert_eq!(harness.state().view(), idna_inspector::app::View::Inspector);
    assert_eq!(harness.state().inspection().map(|i| i.input.as_str()), Some("faß.de"));
    click(&mut harness, "← Back to batch");
    assert_eq!(harness.state().view(), idna_inspector::app::View::Batch);
    assert_eq!(harness.state().batch_visible_rows(), 10, "the filter is kept");
}

#[test]
fn batch_summary_links_filter_by_code_and_sorting_reorders() {
    let mut harness = app_with_batch(batch_fixture());
    // The summary panel lists V3 as a link; clicking it filters to that code.
    let link = harness.get_by_role_and_label(egui::accesskit::Role::Link, "V3");
    link.click();
    harness.run();
    assert_eq!(harness.state().batch_visible_rows(), 1);
    assert!(count(&harness, "-bad-.com") >= 1);
    click(&mut harness, "All");
    // The column header is a button; T≠N rows sort first.
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "T≠N").click();
    harness.run();
    assert_eq!(count(&harness, "T≠N ⏶"), 1, "the sorted column shows its direction");
    assert_eq!(harness.state().batch_row(0).map(|r| r.input()), Some("faß.de"));
    assert_eq!(harness.state().batch_row(1).map(|r| r.line), Some(1), "ties keep line order");
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Line").click();
    harness.run();
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Line ⏶").click();
    harness.run();
    assert_eq!(harness.state().batch_row(0).map(|r| r.line), Some(10), "descending by line");
}

#[test]
fn a_missing_batch_file_shows_a_dialog() {
    let mut harness = app_with_batch("/nonexistent/list.txt".into());
    assert!(count_containing(&harness, "Cannot open /nonexistent/list.txt") == 1);
    click(&mut harness, "OK");
    assert_eq!(count_containing(&harness, "Cannot open"), 0);
}

#[test]
fn batch_export_writes_the_filtered_rows_in_the_background() {
    let mut harness = app_with_batch(batch_fixture());
    click(&mut harness, "Errors only");
    let path = std::env::temp_dir().join(format!("idna-inspector-export-{}.csv", std::process::id()));
    let ctx = harness.ctx.clone();
    harness.state_mut().export_batch_to(&path, true, &ctx);
    wait_for_status(&mut harness, "Exported 4 rows");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "header and the 4 failed rows: {text}");
    assert!(lines[0].starts_with("line,input,"));
    assert!(lines.iter().any(|l| l.starts_with("6,'-bad-.com,")), "formula-safe: {text}");
}

#[test]
fn a_one_megabyte_paste_is_cut_to_the_input_limit_with_a_notice() {
    use idna_inspector::app::MAX_INPUT_CHARS;
    let mut harness = app_with(None);
    click(&mut harness, "Clear");
    harness.get_by_label("Domain").click();
    harness.run();
    let pasted = "ab.".repeat(350_000);
    harness.input_mut().events.push(egui::Event::Paste(pasted.clone()));
    harness.run();
    let input = harness.state().inspection().map(|i| i.input.clone()).unwrap_or_default();
    assert_eq!(input.chars().count(), MAX_INPUT_CHARS);
    assert!(pasted.starts_with(&input));
    assert_eq!(count_containing(&harness, "The input was 1050000 bytes"), 1);
    click(&mut harness, "Clear");
    assert_eq!(count_containing(&harness, "The input was"), 0, "Clear removes the notice");
}

#[test]
fn a_long_startup_name_is_cut_too() {
    let harness = app_with(Some(&"x".repeat(10_000)));
    let kept = harness.state().inspection().map(|i| i.input.len());
    assert_eq!(kept, Some(idna_inspector::app::MAX_INPUT_CHARS));
    assert_eq!(count_containing(&harness, "The input was 10000 bytes"), 1);
}

#[test]
fn the_spoof_check_tab_explains_an_all_cyrillic_apple() {
    let mut harness = app_with(Some("аррӏе.com"));
    // The banner above every stage says it at once.
    assert_eq!(count(&harness, "Spoof risk: high"), 1);
    click(&mut harness, "1 Map");
    assert_eq!(
        count_containing(&harness, "⚠"),
        5,
        "the five Cyrillic letters are marked in the Map table"
    );
    click(&mut harness, "Spoof check details");
    assert_eq!(count(&harness, "Risk: HIGH"), 1);
    assert_eq!(count(&harness, "What the address bar shows:"), 1);
    // One card per browser, each with its upstream rule.
    for (browser, rule) in [
        ("Chromium (Chrome, Edge)", "kWholeScriptConfusable"),
        ("Firefox", "mCyrillicLatinConfusables"),
        ("WebKit (Safari)", "allCharactersInAllowedIDNScriptList: script not allowed"),
    ] {
        assert_eq!(count(&harness, browser), 1, "{browser}");
        assert_eq!(count(&harness, rule), 1, "{rule}");
    }
    assert_eq!(count(&harness, "Punycode"), 3);
    assert!(count(&harness, "xn--80ak6aa92e.com") >= 3);
    assert!(count(&harness, "Whole-script confusable") >= 1);
    assert!(count_containing(&harness, "written entirely in Cyrillic letters that look like Latin ones") >= 1);
    assert_eq!(count(&harness, "CYRILLIC SMALL LETTER PALOCHKA"), 1);
    assert!(count(&harness, "Cyrillic") >= 5, "each character's script");

    type_domain(&mut harness, "bücher.de");
    assert_eq!(count(&harness, "Risk: none"), 1);
    assert_eq!(count(&harness, "Unicode"), 3, "every browser shows bücher.de in Unicode");
    assert_eq!(count(&harness, "kSafe"), 1);
}

#[test]
fn protected_names_are_edited_in_the_window_and_remembered() {
    let mut harness = app_with(Some("paypaI.com"));
    harness.state_mut().show_spoof_check();
    harness.run();
    assert_eq!(count(&harness, "Risk: none"), 1, "no protected names yet");
    click(
        &mut harness,
        "Protected names (none yet: add your brands to catch look-alikes)",
    );
    click(&mut harness, "Protected names");
    harness.get_by_label("Protected names").type_text("paypal.com");
    harness.run();
    assert_eq!(harness.state().protected_names(), "paypal.com");
    assert_eq!(count(&harness, "Risk: HIGH"), 1);
    assert!(count_containing(&harness, "Looks like paypal.com") >= 1);
    assert!(
        count_containing(
            &harness,
            "U+0049 LATIN CAPITAL LETTER I (I) instead of U+006C LATIN SMALL LETTER L (l)"
        ) >= 1
    );

    // eframe persistence: what save() writes, a new window reads.
    let mut storage = MemoryStorage::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    let reopened = InspectorApp::new(Some(&storage), Startup::default());
    assert_eq!(reopened.protected_names(), "paypal.com", "{:?}", storage.0);
}

/// An in-memory eframe::Storage.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn batch_spoof_columns_and_the_suspicious_filter() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-gui-spoof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("reported.txt");
    std::fs::write(
        &path,
        "аррӏе.com\npaypaI.com\nbücher.de\nfaß.de\nexample.com\n日本語.jp\nελλάδα.gr\n",
    )
    .unwrap();
    let mut harness = app_with(None);
    harness.state_mut().set_protected_names("paypal.com\n");
    harness.run();
    let ctx = harness.ctx.clone();
    harness.state_mut().open_batch(&path, &ctx);
    wait_for_batch(&mut harness);
    assert_eq!(harness.state().batch_record_count(), 7);
    let summary = harness.state().batch_summary().clone();
    assert_eq!((summary.risk_high, summary.risk_low, summary.spoof_checked), (2, 1, 7));
    // Safari shows Greek names as Punycode; Chromium and Firefox do not.
    assert_eq!(summary.shown_as_punycode, [1, 1, 2]);
    assert_eq!(summary.browsers_disagree, 1);
    for column in ["Chromium", "Firefox", "Safari"] {
        assert!(count(&harness, column) >= 1, "{column} column");
    }
    assert!(count(&harness, "high") >= 2 && count(&harness, "punycode") >= 2);
    assert!(count(&harness, "whole-script-confusable") >= 1);
    assert!(count(&harness, "looks-like-protected") >= 1);

    click(&mut harness, "Suspicious only");
    assert_eq!(harness.state().batch_visible_rows(), 3, "аррӏе.com, paypaI.com and faß.de");
    let shown: Vec<String> = (0..3)
        .map(|row| harness.state().batch_row(row).unwrap().input().to_string())
        .collect();
    assert_eq!(shown, ["аррӏе.com", "paypaI.com", "faß.de"]);
    click(&mut harness, "Browsers disagree");
    assert_eq!(harness.state().batch_visible_rows(), 1);
    assert_eq!(harness.state().batch_row(0).unwrap().input(), "ελλάδα.gr");
    click(&mut harness, "Suspicious only");

    let export = dir.join("suspicious.csv");
    harness.state_mut().export_batch_to(&export, true, &ctx);
    wait_for_status(&mut harness, "Exported 3 rows");
    let text = std::fs::read_to_string(&export).unwrap();
    assert!(text.starts_with("line,input,to_unicode,"), "{text}");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(",chromium_display,chromium_rule,firefox_display,firefox_rule,webkit_display,webkit_rule,risk,findings"),
        "{text}"
    );
    assert!(
        text.contains(",punycode,kWholeScriptConfusable,punycode,mCyrillicLatinConfusables,punycode,"),
        "{text}"
    );
    assert!(text.contains(",high,whole-script-confusable"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_compare_profiles_tab_shows_five_columns_and_the_cause() {
    let mut harness = app_with(Some("faß.de"));
    // The Map table's Profiles column gives ß's Table 4 row and IDNA2008 category.
    assert_eq!(count(&harness, "row g · 2008 PVALID"), 1);
    click(&mut harness, "Compare profiles");
    for profile in ["IDNA2003", "UTS #46 T", "UTS #46 N", "IDNA2008", "WHATWG URL"] {
        assert!(count(&harness, profile) >= 1, "{profile} column");
    }
    // IDNA2003 and transitional give fass.de; the other three xn--fa-hia.de.
    assert!(count(&harness, "fass.de") >= 2);
    assert!(count(&harness, "xn--fa-hia.de") >= 3);
    // The comparison row says which result differs: here only ToASCII.
    assert_eq!(count(&harness, "ToASCII differs; same ToUnicode"), 2);
    assert_eq!(count(&harness, "same ToASCII and ToUnicode"), 2);
    assert_eq!(count_containing(&harness, "ß (U+00DF) is a deviation"), 1);
    assert_eq!(count(&harness, "Table 4 row g"), 1);
    assert_eq!(count(&harness, "mapped → ss"), 1);
    assert_eq!(count(&harness, "deviation → ss"), 1);
}

#[test]
fn batch_profile_columns_and_the_profiles_disagree_filter() {
    let mut harness = app_with_batch(batch_fixture());
    assert_eq!(
        count(&harness, "Profiles disagree"),
        0,
        "no filter before profiles are compared"
    );
    // Asking for the first profile column re-runs the file with every profile compared.
    click(&mut harness, "Compare profiles…");
    harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "IDNA2003")
        .click();
    harness.run();
    wait_for_batch(&mut harness);
    // The menu stays open for the next box.
    harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "IDNA2008")
        .click();
    harness.run();
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(count(&harness, "Compare profiles (2)…"), 1);
    assert_eq!(count(&harness, "IDNA2003"), 1, "the column header, with the menu closed");
    assert_eq!(count(&harness, "IDNA2008"), 1);
    assert_eq!(count(&harness, "WHATWG URL"), 0, "only the chosen profiles get columns");
    assert_eq!(
        harness.state().batch_record_count(),
        10,
        "one record per line after the re-run"
    );
    // IDNA2003 maps ß to ss; IDNA2008 keeps it, like UTS #46 N.
    assert!(count(&harness, "fass.de") >= 1, "the IDNA2003 column");
    assert!(count(&harness, "DISALLOWED") >= 1, "IDNA2008 rejects a_b.org's underscore");

    click(&mut harness, "Profiles disagree");
    // faß.de (T vs N), -bad-.com and a_b.org (WHATWG checks neither hyphens nor STD3),
    // xn--zz-9999999.net (IDNA2003 passes A-labels through unchecked).
    let shown: Vec<String> = (0..harness.state().batch_visible_rows())
        .map(|row| harness.state().batch_row(row).unwrap().input().to_string())
        .collect();
    assert_eq!(shown, ["faß.de", "-bad-.com", "xn--zz-9999999.net", "a_b.org"]);
    assert_eq!(count(&harness, "differ"), 4, "the Profiles column marks each");

    let dir = std::env::temp_dir().join(format!("idna-inspector-gui-profiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let export = dir.join("disagree.csv");
    let ctx = harness.ctx.clone();
    harness.state_mut().export_batch_to(&export, true, &ctx);
    wait_for_status(&mut harness, "Exported 4 rows");
    let text = std::fs::read_to_string(&export).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.ends_with(",idna2003_ascii,idna2003_errors,idna2008_ascii,idna2008_errors,profiles_disagree"),
        "{header}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("3,faß.de,") && l.contains(",fass.de,,xn--fa-hia.de,,true")),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.ends_with(",true")).count(), 4, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stepping_buecher_reaches_k_v_a_in_order() {
    let mut harness = app_with(Some("bücher"));
    click(&mut harness, "5 Encode/Decode");
    assert_eq!(count(&harness, "Step 1 of 10"), 1);
    let wanted = [
        "(252 − 128) × 6 = 744",
        "‘b’ < n: delta = 745 at i = 1",
        "1 + 744 mod 35 = 10 → ‘k’; q = 744 div 35 = 21",
        "1 + 20 mod 35 = 21 → ‘v’; q = 20 div 35 = 0",
        "q = 0 < t: the last digit, q itself = 0 → ‘a’",
        "bias = k + (36 × delta) div (delta + skew) = 0 + (36 × 1) div (1 + 38) = 0",
    ];
    let mut found = 0;
    for step in 1..10 {
        if found < wanted.len() && count_containing(&harness, wanted[found]) == 1 {
            found += 1;
        }
        click(&mut harness, "Next ▶");
        assert_eq!(count(&harness, &format!("Step {} of 10", step + 1)), 1);
    }
    assert_eq!(
        found,
        wanted.len(),
        "the steps appear in order; missing {:?}",
        wanted.get(found)
    );
    // The last step: the pass ends; the picture shows the A-label written.
    assert!(count_containing(&harness, "End of the pass over the input: delta + 1 = 5, n + 1 = 253") == 1);
    assert_eq!(
        count(&harness, "xn--bcher-kva"),
        4,
        "ToASCII N and T, the stepper's Punycode so far, the table's result"
    );
    // ← goes back one step.
    harness.key_press(egui::Key::ArrowLeft);
    harness.run();
    assert_eq!(count(&harness, "Step 9 of 10"), 1);
}

#[test]
fn stepping_an_a_label_decodes_it_growing_the_text() {
    let mut harness = app_with(Some("xn--bcher-kva.de"));
    click(&mut harness, "5 Encode/Decode");
    click(&mut harness, "⏭");
    assert!(count_containing(&harness, "Insert ü (U+00FC) at i = 1 → “bücher”; i = 2") == 1);
    click(&mut harness, "◀ Prev");
    assert!(count_containing(&harness, "= 128 + 745 div 6 = 252") == 1);
}

/// The app at a window size, showing `domain`, after the first frames.
fn app_sized(domain: &str, size: egui::Vec2) -> Harness<'static, InspectorApp> {
    let startup = Startup {
        domain: Some(domain.to_string()),
        ..Startup::default()
    };
    let mut harness = Harness::builder()
        .with_size(size)
        .with_context_setup(install_app_fonts)
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), InspectorApp::new(None, startup));
    harness.run();
    harness
}

#[test]
fn with_every_note_shown_the_stages_keep_most_of_the_window() {
    // A deviation (ZWJ), errors (B1, C2) and a spoof risk: every note above the stages.
    let name = "1שלום.co\u{200D}m";
    for size in [egui::vec2(1280.0, 720.0), egui::vec2(1920.0, 1080.0)] {
        let harness = app_sized(name, size);
        let inspection = harness.state().inspection().unwrap();
        assert!(inspection.results.transitional_differs());
        assert!(!inspection.error_chips().is_empty());
        assert_ne!(inspection.spoof.risk, idna_inspector::spoof::Risk::None);
        assert_eq!(
            count(&harness, "Transitional and nontransitional processing give different names"),
            1
        );
        assert!(count_containing(&harness, "Spoof risk:") >= 1);
        let share = harness.state().stage_area().height() / size.y;
        assert!(
            share >= 0.55,
            "at {size:?} the stages get {:.0} % of the height",
            share * 100.0
        );
        println!("{size:?}: stage area {:.0} % of the window height", share * 100.0);
    }
}

#[test]
fn notes_open_out_and_fold_back() {
    let mut harness = app_sized("1שלום.co\u{200D}m", egui::vec2(1280.0, 720.0));
    let folded = harness.state().stage_area().height();
    assert_eq!(
        count(&harness, ErrorCode::B1.explanation()),
        0,
        "folded: the sentence is only a tooltip"
    );
    harness.state_mut().open_notes(true);
    harness.run();
    assert!(count(&harness, ErrorCode::B1.explanation()) >= 1);
    assert!(count_containing(&harness, "Why it matters (UTS #46 §1.3.2)") >= 1);
    assert!(harness.state().stage_area().height() < folded);
    harness.state_mut().open_notes(false);
    harness.run();
    assert_eq!(harness.state().stage_area().height(), folded);
}

#[test]
fn copy_report_puts_the_p4_sentence_on_the_clipboard() {
    let mut harness = app_with(Some("xn--0.pt"));
    harness.get_by_label("Copy report").click();
    harness.step();
    let copied: Vec<String> = harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied.len(), 1);
    assert!(copied[0].starts_with("# idna-inspector report: `xn--0.pt`"));
    assert!(copied[0].contains(ErrorCode::P4.explanation()), "{}", copied[0]);
    // Save report… writes the same report, as HTML for a .html name.
    let dir = std::env::temp_dir().join(format!("idna-inspector-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    harness.state_mut().save_report_to(&dir.join("r.md"));
    assert_eq!(std::fs::read_to_string(dir.join("r.md")).unwrap(), copied[0]);
    harness.state_mut().save_report_to(&dir.join("r.html"));
    assert!(
        std::fs::read_to_string(dir.join("r.html"))
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    // A folder that does not exist: the error is said, nothing panics.
    harness.state_mut().save_report_to(&dir.join("missing").join("r.md"));
    harness.run();
    assert!(count_containing(&harness, "Could not save the report to") == 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_map_view_says_why_a_character_has_no_table_4_row_and_what_a_full_stop_is() {
    let harness = app_with(Some("a。b.ü"));
    // ASCII letters: Table 4 leaves ASCII out, and the cell says so.
    assert_eq!(count(&harness, "ASCII, no row · 2008 PVALID"), 2);
    // U+002E and U+3002 (which maps to it) split labels: not "2008 DISALLOWED".
    assert_eq!(count(&harness, "label separator"), 1);
    assert_eq!(count(&harness, "maps to the label separator"), 1);
    assert_eq!(count_containing(&harness, "2008 DISALLOWED"), 0);
    assert_eq!(count(&harness, "row a · 2008 PVALID"), 1, "ü");
}

/// The Registry (LGR) tab: the tag follows the name (`de` for `.de`), the
/// sentence says whether the label can be registered, each code point is in
/// or out of the repertoire, and the variants are listed with dispositions.
#[test]
fn registry_tab_checks_the_label_against_an_lgr() {
    let mut harness = app_with(Some("straße.de"));
    click(&mut harness, "Registry (LGR)");
    assert_eq!(
        count_containing(&harness, "straße can be registered under second-level-reference/de"),
        1
    );
    assert_eq!(count(&harness, "strasse"), 2, "the index label and the one variant");
    assert_eq!(count(&harness, "allocatable"), 1);
    assert_eq!(count(&harness, "in the repertoire"), 6);
    // A code point outside the de repertoire: the tag falls back to the script's.
    let mut harness = app_with(Some("ø.de"));
    click(&mut harness, "Registry (LGR)");
    assert_eq!(
        count_containing(&harness, "ø can be registered under second-level-reference/und-Latn"),
        1,
        "de lacks ø: the tag of the Latin script"
    );
    // .cn: the table of its language, zh, not the script's und-Hani.
    let mut harness = app_with(Some("中文.cn"));
    click(&mut harness, "Registry (LGR)");
    assert_eq!(count_containing(&harness, "under second-level-reference/zh"), 1);
    // The label as submitted against its U-label.
    let mut harness = app_with(Some("Mobile.de"));
    click(&mut harness, "Registry (LGR)");
    assert_eq!(
        count_containing(
            &harness,
            "Mobile is not allowed as written under second-level-reference/de (U+004D is not in the repertoire); its U-label mobile is."
        ),
        1
    );
    assert_eq!(count(&harness, "As written (what a registry receives)"), 1);
}

/// The Runtimes tab shows each runtime's own answer, as the models give it,
/// and says of a refusal that the browsers open the name.
#[test]
fn the_runtimes_tab_shows_what_each_runtime_does() {
    // An underscore: IDNA2008 (PyPI's idna) refuses it, the others pass it.
    let name = "_dmarc.bücher.de";
    let mut harness = app_with(Some(name));
    click(&mut harness, "Runtimes");
    let answers = idna_inspector::runtimes::run_all(name);
    assert!(answers.iter().any(|a| a.outcome == idna_inspector::runtimes::Outcome::Error));
    assert!(answers.iter().any(|a| a.outcome == idna_inspector::runtimes::Outcome::Ascii));
    assert_eq!(count(&harness, "Look up"), 1);
    assert_eq!(
        count_containing(&harness, "Refuse — though"),
        1,
        "a refusal names the browsers that open the name"
    );
    for answer in &answers {
        assert_eq!(count(&harness, answer.runtime.id()), 1, "{}", answer.runtime.id());
        let shown = answer
            .host
            .as_deref()
            .or(answer.error.as_deref())
            .expect("a host or an error");
        assert!(count(&harness, shown) >= 1, "{shown}");
    }
    assert!(
        count_containing(&harness, "Refuse — though") == 1,
        "a refusal names the browsers that open the name"
    );
}

/// Issue 68: a pasted URL is inspected for its host, and the window says
/// which host, with what was set aside beside it.
#[test]
fn a_pasted_url_is_inspected_for_its_host() {
    let mut harness = app_with(None);
    type_domain(&mut harness, "https://user@аррӏе.com:8443/login?x=1");
    let inspection = harness.state().inspection().expect("inspected");
    assert_eq!(inspection.input, "https://user@аррӏе.com:8443/login?x=1");
    assert_eq!(inspection.taken.as_ref().map(|t| t.host.as_str()), Some("аррӏе.com"));
    // The Registry tab checks the host too, as submitted.
    assert_eq!(inspection.host(), "аррӏе.com");
    assert_eq!(inspection.results.to_ascii_n.value, "xn--80ak6aa92e.com");
    assert_eq!(count(&harness, "Host taken from the URL: "), 1);
    assert_eq!(
        count(&harness, "https://user@"),
        1,
        "what was set aside before the host is shown"
    );
    assert_eq!(count(&harness, ":8443/login?x=1"), 1, "and after it");
    // A plain name has no such line.
    type_domain(&mut harness, "аррӏе.com");
    assert_eq!(count_containing(&harness, "Host taken from"), 0);
}

/// The Runtimes tab answers pasted text as written, `host:port` and a URL
/// with a scheme alike (a program hands a runtime the text it has), and
/// says so.
#[test]
fn the_runtimes_tab_answers_pasted_text_as_typed() {
    let mut harness = app_with(None);
    type_domain(&mut harness, "bücher.de:80");
    click(&mut harness, "Runtimes");
    let inspection = harness.state().inspection().expect("inspected");
    assert_eq!(inspection.host(), "bücher.de");
    assert_eq!(inspection.runtimes, idna_inspector::runtimes::run_all("bücher.de:80"));
    assert_eq!(
        count_containing(&harness, "Asked about the text as typed, \"bücher.de:80\""),
        1
    );
    assert!(
        count(&harness, "xn--bcher-kva.de:80") >= 1,
        "Python's codec encodes the text it is given"
    );
    // The host follows the note's words, not drawn over them (nothing was
    // set aside before it).
    let words = harness.get_by_label("Host taken from host:port: ").rect();
    let on_its_row: Vec<egui::Rect> = harness
        .query_all_by_label("bücher.de")
        .map(|node| node.rect())
        .filter(|rect| rect.top() < words.bottom() && rect.bottom() > words.top())
        .collect();
    assert!(
        !on_its_row.is_empty() && on_its_row.iter().all(|host| host.left() >= words.right() - 0.5),
        "{words:?} {on_its_row:?}"
    );
    type_domain(&mut harness, "https://bücher.de:80/x");
    let inspection = harness.state().inspection().expect("inspected");
    assert_eq!(
        inspection.runtimes,
        idna_inspector::runtimes::run_all("https://bücher.de:80/x")
    );
    assert_eq!(
        count_containing(&harness, "Asked about the text as typed, \"https://bücher.de:80/x\""),
        1
    );
    // A plain name needs no note.
    type_domain(&mut harness, "bücher.de");
    assert_eq!(count_containing(&harness, "Asked about the text as typed"), 0);
}

/// The look-alike audit opens from the Spoof check tab, runs on its own
/// thread and shows the same summary the library gives.
#[test]
fn the_spoof_check_tab_opens_the_lookalike_audit() {
    let mut harness = app_with(Some("paypal.com"));
    // The candidates span scripts the bundled fonts do not cover (Miao,
    // Latin Extended-E; Vietnamese in monospace): those draw as boxes here,
    // as in the window without system fonts, instead of failing the test.
    harness.ctx.set_missing_glyph_policy(egui::MissingGlyphPolicy::Tofu);
    click(&mut harness, "Spoof check");
    // Clicked without settling: the window repaints while the audit runs.
    harness.get_by_label("Look-alikes of paypal.com…").click();
    let audit =
        idna_inspector::lookalikes::audit(&Uts46::new(), "paypal.com", &idna_inspector::lookalikes::Settings::default()).unwrap();
    let heading = format!(
        "{} candidates; {} registrable and shown in Unicode by at least one browser",
        audit.summary.candidates, audit.summary.matter
    );
    wait_for_status(&mut harness, &heading);
    // The first row is the first candidate ranked.
    assert!(count(&harness, &audit.candidates[0].unicode) >= 1);
    click(
        &mut harness,
        "Only those someone could register and some browser shows in Unicode",
    );
    assert!(count(&harness, &audit.candidates[0].unicode) >= 1);
}

/// A character no bundled font draws is named under the results, with the
/// package to install; 國 (bundled, as every LGR code point is) is drawn
/// without a note, in the results and the Registry tab (the harness panics on
/// a missing glyph unless told otherwise).
#[test]
fn a_character_without_a_bundled_glyph_is_named() {
    let mut harness = app_with(None);
    type_domain(&mut harness, "國家.cn");
    click(&mut harness, "Registry (LGR)");
    assert_eq!(count_containing(&harness, "No bundled glyph"), 0);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(install_app_fonts)
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, app: &mut InspectorApp| app.show(ui),
            InspectorApp::new(None, Startup::default()),
        );
    harness.run();
    type_domain(&mut harness, "\u{2A700}.cn");
    assert_eq!(
        count_containing(
            &harness,
            "No bundled glyph for U+2A700 \u{2A700}: shown only if an installed font has it"
        ),
        1
    );
    assert_eq!(count_containing(&harness, "install fonts-hanazono"), 1);
    type_domain(&mut harness, "\u{0710}.com");
    assert_eq!(count_containing(&harness, "No bundled glyph for U+0710"), 1, "Syriac");
    assert_eq!(count_containing(&harness, "install fonts-noto-core or fonts-noto-extra"), 1);
}
