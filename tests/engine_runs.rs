//! How many times the engine runs for one name, by kind of name and by
//! consumer (issue: one facts pass per name). The engine counts its runs
//! only with the `test-support` feature, which every test build has. One
//! test in this binary, so that no other test runs the engine meanwhile.

use idna_inspector::batch::RecordBuf;
use idna_inspector::profiles::compare;
use idna_inspector::spoof::ProtectedList;
use idna_inspector::testing::{convert_text, engine_runs};
use idna_inspector::uts46::{Options, Uts46};

/// The engine runs `work` makes.
fn runs(work: impl FnOnce()) -> usize {
    let before = engine_runs();
    work();
    engine_runs() - before
}

/// Each kind of name, each consumer: the runs it costs, which a change may
/// lower but not raise. The target of one facts pass is one run, plus one
/// for each other mapping table that must answer: the browsers' Unicode
/// 17.0 table where the batch's facts do not serve them, WebKit's older
/// table where a code point may read otherwise there. The profile
/// comparison reads both UTS #46 profiles and the URL host parser off one
/// facts pass, but for domain to Unicode of a host with an error.
#[test]
fn engine_runs_per_name_by_kind_and_consumer() {
    let engine = Uts46::new();
    let options = Options::default();
    let protected = ProtectedList::new(&engine, ["paypal.com"]);
    let none = ProtectedList::default();
    // (kind, name, most runs: batch, batch --spoof, batch --spoof --protected, profile comparison)
    // Before one facts pass, a name with an error cost 4 + k runs with
    // --spoof (k: its A-labels once converted), and the profile comparison 3 or 4.
    let kinds: [(&str, &str, [usize; 4]); 9] = [
        ("valid ASCII", "example.com", [1, 1, 1, 1]),
        ("valid Unicode", "b\u{00FC}cher.de", [1, 1, 1, 1]),
        ("valid, an A-label", "xn--bcher-kva.de", [1, 1, 1, 1]),
        ("an error under the batch's flags", "a_b.b\u{00FC}cher.de", [1, 1, 1, 1]),
        ("an error and one A-label", "a_b.xn--bcher-kva.de", [1, 1, 1, 1]),
        ("an error and two A-labels", "xn--bcher-kva.xn--caf-dma.a_b.de", [1, 1, 1, 1]),
        (
            "an error the URL Standard's flags record too",
            "1\u{05D0}.b\u{00FC}cher.com",
            [1, 2, 2, 2],
        ),
        (
            "an error, the browsers' flags and an A-label",
            "1\u{05D0}.xn--bcher-kva.com",
            [1, 2, 2, 2],
        ),
        ("a code point new in Unicode 16.0", "a\u{1C8A}b.com", [1, 2, 2, 1]),
    ];
    let mut table = Vec::new();
    let mut over = Vec::new();
    for (kind, name, most) in kinds {
        let mut record = RecordBuf::new();
        let counted = [
            runs(|| convert_text(&engine, &options, 1, name, None, &mut record)),
            runs(|| convert_text(&engine, &options, 1, name, Some(&none), &mut record)),
            runs(|| convert_text(&engine, &options, 1, name, Some(&protected), &mut record)),
            runs(|| {
                compare(&engine, name, &options);
            }),
        ];
        table.push(format!("{kind:<36} {name:<36} {counted:?}"));
        if counted.iter().zip(most).any(|(&runs, most)| runs > most) {
            over.push(format!("{kind}: {counted:?} > {most:?}"));
        }
    }
    eprintln!(
        "runs: batch, --spoof, --spoof --protected, profile comparison\n{}",
        table.join("\n")
    );
    assert!(over.is_empty(), "more runs than before: {over:#?}\n{}", table.join("\n"));
}
