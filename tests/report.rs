//! The report of one inspection (Markdown, and HTML from it): what it holds,
//! and that no name can break its markup.

use idna_inspector::report::Report;
use idna_inspector::spoof::{self, ProtectedList};
use idna_inspector::uts46::{ErrorCode, Options, Uts46};

fn report(input: &str, options: &Options) -> (String, String) {
    let engine = Uts46::new();
    let (results, trace) = engine.process_traced(input, options);
    let spoof = spoof::analyze_results(&engine, input, &results, options, &ProtectedList::default());
    let answers = idna_inspector::runtimes::run_all(input);
    let report = Report {
        options,
        results: &results,
        trace: &trace,
        spoof: &spoof,
        registry: None,
        pasted: None,
        runtimes: Some((input, &answers)),
    };
    (report.markdown(), report.html())
}

/// The HTML's text without tags, entities decoded: what a reader sees.
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The rows of the HTML table whose header row starts with `first_header`, as cell texts.
fn table_rows(html: &str, first_header: &str) -> Vec<Vec<String>> {
    let start = html
        .find(&format!("<th>{first_header}</th>"))
        .unwrap_or_else(|| panic!("no table headed {first_header:?}"));
    let end = start + html[start..].find("</table>").unwrap();
    html[start..end]
        .split("<tr>")
        // The first piece is the rest of the header row.
        .skip(1)
        .map(|row| {
            row.split("<td>")
                .skip(1)
                .map(|cell| visible_text(cell.split("</td>").next().unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn the_report_for_an_undecodable_a_label_says_p4_and_why() {
    let (markdown, html) = report("xn--0.pt", &Options::default());
    let seen = visible_text(&html);
    assert!(seen.contains(ErrorCode::P4.explanation()), "{seen}");
    assert!(seen.contains(ErrorCode::P4.spec_reference()));
    assert!(seen.contains("P4 (label 1, at the end of the label)"));
    assert!(seen.contains("in ToUnicode, ToASCII N, ToASCII T"));
    assert!(markdown.starts_with("# idna-inspector report: `xn--0.pt`"));
    assert!(seen.contains("Mapping table: Unicode 16.0.0"));
    assert!(seen.contains("UseSTD3ASCIIRules=true, CheckHyphens=true, CheckBidi=true"));
    let results = table_rows(&html, "result");
    assert_eq!(results.len(), 3);
    assert!(results.iter().all(|row| row[1] == "xn--0.pt" && row[2] == "P4"));
    let checklist = table_rows(&html, "code");
    assert!(checklist.iter().any(|row| row[0] == "P4" && row[2].starts_with("FAIL")));
}

#[test]
fn every_character_and_every_check_is_in_the_report() {
    let input = "Faß.ΑΒΓ.שלום";
    let (_, html) = report(input, &Options::default());
    let characters = table_rows(&html, "#");
    assert_eq!(characters.len(), input.chars().count());
    for (row, c) in characters.iter().zip(input.chars()) {
        assert_eq!(row.len(), 8);
        assert_eq!(row[2], format!("U+{:04X}", c as u32));
    }
    assert_eq!(characters[0][7], "replaced → U+0066", "F is mapped to f");
    let seen = visible_text(&html);
    assert!(seen.contains("because of the deviation character(s) U+00DF LATIN SMALL LETTER SHARP S"));
    // One checklist table per label; the Hebrew label runs the Bidi rule.
    assert_eq!(html.matches("<th>criterion</th>").count(), 3);
    assert!(seen.contains("Label 3: שלום"));
    let browsers = table_rows(&html, "browser");
    assert_eq!(browsers.len(), 3);
    assert!(seen.contains("Risk: "));
}

#[test]
fn markup_in_a_name_stays_text() {
    let options = Options {
        use_std3_ascii_rules: false,
        ..Options::default()
    };
    for input in [
        "a<script>x</script>.com",
        "a|b`c``d.com",
        "*a*_b_[c](d).com",
        "&amp;.com",
        "a\\|b.com",
    ] {
        let (_, html) = report(input, &options);
        assert!(!html.contains("<script>"), "{input}");
        assert!(!html.contains("<em>") && !html.contains("<a "), "{input}: {html}");
        // Each row of each table keeps its cell count.
        for (header, cells) in [("result", 3), ("#", 8), ("browser", 4)] {
            for row in table_rows(&html, header) {
                assert_eq!(row.len(), cells, "{input}: {header} row {row:?}");
            }
        }
        let results = table_rows(&html, "result");
        assert_eq!(
            results[0][1],
            input.to_lowercase(),
            "{input}: the ToUnicode cell shows the name as it is"
        );
        let characters = table_rows(&html, "#");
        for (row, c) in characters.iter().zip(input.chars()) {
            assert_eq!(row[1], c.to_string(), "{input}");
        }
    }
}

/// For an A-label, the characters section lists the A-label's letters, each
/// marked, and then the characters of the U-label it decodes to: what a
/// support reader needs to see (Cyrillic а р р ӏ е for `xn--80ak6aa92e.com`).
#[test]
fn the_characters_of_a_decoded_a_label_are_listed_and_its_letters_marked() {
    let (markdown, html) = report("xn--80ak6aa92e.com", &Options::default());
    let marked = markdown
        .lines()
        .filter(|line| line.ends_with("A-label letter (label 1, decoded below) |"))
        .count();
    assert_eq!(
        marked,
        "xn--80ak6aa92e".len(),
        "each letter of the A-label, and no letter of com"
    );
    assert!(markdown.contains("Label 1 `xn--80ak6aa92e` is an A-label; it decodes"));
    let decoded: Vec<&str> = markdown
        .lines()
        .skip_while(|line| !line.starts_with("Label 1 `xn--80ak6aa92e`"))
        .filter(|line| line.starts_with("| ") && line.contains(" | U+"))
        .collect();
    let code_points: Vec<&str> = decoded.iter().map(|row| row.split(" | ").nth(2).unwrap()).collect();
    assert_eq!(code_points, ["U+0430", "U+0440", "U+0440", "U+04CF", "U+0435"]);
    assert!(decoded[3].contains("CYRILLIC SMALL LETTER PALOCHKA"), "{}", decoded[3]);
    assert!(visible_text(&html).contains("CYRILLIC SMALL LETTER PALOCHKA"));
    // A Unicode input has no A-label letters to mark and nothing decoded.
    let (plain, _) = report("аррӏе.com", &Options::default());
    assert!(!plain.contains("A-label letter") && !plain.contains("is an A-label"));
}

/// The runtimes' section: every runtime's row, with what would make a refusing one pass.
#[test]
fn the_report_says_what_each_runtime_does_and_what_would_make_it_pass() {
    let (markdown, _) = report("Bücher.de", &Options::default());
    let section = &markdown[markdown.find("## Runtimes").expect("the section")..];
    for runtime in idna_inspector::runtimes::Runtime::ALL {
        assert!(section.contains(&format!("`{}`", runtime.id())), "{}", runtime.id());
    }
    // idna.encode refuses the capital letter; uts46=True maps it.
    let row = section
        .lines()
        .find(|l| l.starts_with("| `python-idna` |"))
        .expect("python-idna's row");
    assert!(row.contains("refuses"), "{row}");
    assert!(row.contains("uts46=True") && row.contains("xn--bcher-kva.de"), "{row}");
}
