//! Input as pasted (issue 68): the host `pasted::take_host` finds in a URL
//! is the host the URL Standard's parser finds, as Node's `new URL()` (ada,
//! a URL Standard parser) gives it. Node parses both the pasted URL and
//! `http://HOST/` of the host we took, so the check is of where the host
//! is cut, not of the host parser's Unicode version. A live oracle: the slow
//! tier (`cargo test --all-features -- --ignored`).

use idna_inspector::pasted::{TakenFrom, take_host};
use idna_inspector::test_needs::{Need, skip};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Each name of the committed runtime corpora in the URL forms people paste:
/// schemes, credentials, ports, paths, backslashes, slashes after the
/// colon, wrappers and trailing punctuation, percent-encoded names.
fn forms() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real_runtimes");
    let mut names: Vec<String> = Vec::new();
    for family in ["words", "case", "dots", "symbols", "std3", "xn"] {
        let text = std::fs::read_to_string(root.join(format!("{family}.txt"))).expect("a corpus");
        names.extend(text.lines().filter(|line| !line.is_empty()).take(300).map(str::to_string));
    }
    names.extend(["[::1]", "[2001:db8::1]", "127.0.0.1", "0x7f.1", "bücher.de", "EXAMPLE.COM."].map(String::from));
    let percent = |name: &str| -> String {
        name.bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'.' {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect()
    };
    let shapes = [
        "https://{}/path?x#y",
        "HTTP://user:pw@{}:8080/",
        "https:{}",
        "https:\\\\{}\\x",
        "https:///{}",
        "ftp://a@b@{}",
        "ws://{}:1",
        "http://{}?x",
        "http://{}#f",
        " https://{}/ ",
        "https://{}/,",
        "wss://{}/a/b",
        "file://{}/share",
        "https://user@{}",
    ];
    let mut forms = Vec::new();
    for name in &names {
        forms.extend(shapes.iter().map(|shape| shape.replace("{}", name)));
        if !name.starts_with('[') {
            forms.push(format!("https://{}/", percent(name)));
        }
    }
    forms
}

/// Node's hostname of each line of `lines` (JSON strings), `null` where
/// `new URL` throws; `None` (skipped) without Node.
fn node_hostnames(lines: &[String]) -> Option<Vec<Option<String>>> {
    let script = "const rl=require('readline').createInterface({input:process.stdin});\
                  rl.on('line',l=>{let h=null;try{h=new URL(JSON.parse(l)).hostname}catch(e){}\
                  process.stdout.write(JSON.stringify(h)+'\\n')});";
    let child = Command::new("node")
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            skip(Need::Runtimes, &format!("node for the URL parser: {e}"));
            return None;
        }
    };
    let mut input = String::new();
    for line in lines {
        input.push_str(&serde_json::to_string(line).expect("JSON"));
        input.push('\n');
    }
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("node ran");
    writer.join().expect("writer").expect("written");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    Some(text.lines().map(|line| serde_json::from_str(line).expect("JSON")).collect())
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn the_host_taken_from_a_url_is_the_url_parsers() {
    let forms = forms();
    let Some(theirs) = node_hostnames(&forms) else { return };
    assert_eq!(theirs.len(), forms.len());
    // Our host, written as `http://HOST/` (a file URL's as `file://HOST/`).
    let ours: Vec<String> = forms
        .iter()
        .map(|form| match take_host(form) {
            Ok(pasted) if form.starts_with("file:") => format!("file://{}/", pasted.host),
            Ok(pasted) => format!("http://{}/", pasted.host),
            Err(reason) => format!("no host: {reason:?}"),
        })
        .collect();
    let Some(ours_parsed) = node_hostnames(&ours) else { return };
    let (mut asked, mut differing) = (0, Vec::new());
    for ((form, theirs), ours) in forms.iter().zip(&theirs).zip(&ours_parsed) {
        // Where the URL parser fails, a browser does not open it as a URL.
        let Some(theirs) = theirs else { continue };
        asked += 1;
        let url = take_host(form).map(|p| p.taken_from);
        if ours.as_ref() != Some(theirs) || url != Ok(TakenFrom::Url) {
            differing.push(format!("{form:?}: the URL parser's {theirs:?}, ours {ours:?} ({url:?})"));
        }
    }
    eprintln!(
        "{} URL forms, {asked} of them accepted by the URL parser; {} differ",
        forms.len(),
        differing.len()
    );
    assert!(asked > 5_000, "{asked}");
    assert!(
        differing.is_empty(),
        "{} of {asked} differ:\n{}",
        differing.len(),
        differing[..differing.len().min(20)].join("\n")
    );
}
