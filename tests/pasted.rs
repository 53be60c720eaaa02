//! Input as pasted (issue 68): the host `pasted::take_host` finds in a URL
//! is the host the URL Standard's parser finds, as Node's `new URL()` (ada,
//! a URL Standard parser) and the real browsers' own parsers (Chromium's
//! and Firefox's `new URL()`, in a page) give it. Each parses both the
//! pasted URL and `http://HOST/` of the host we took, so the check is of
//! where the host is cut, not of the host parser's Unicode version. Live
//! oracles: the slow tier (`cargo test --all-features -- --ignored`).

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

/// Chromium's or Firefox's hostname of each of `lines` by its own URL
/// parser (`new URL(line).hostname` in a page it loads), `None` where that
/// throws: the page comes from a server on 127.0.0.1, and the answer comes
/// back in the DOM Chromium dumps or in a request Firefox makes (it dumps
/// none). `None` (skipped) without the browser.
fn browser_hostnames(browser: &str, lines: &[String]) -> Option<Vec<Option<String>>> {
    use std::io::{BufRead, BufReader, Read};
    let path = match browser {
        "chromium" => "/usr/bin/chromium",
        _ => "/usr/bin/firefox-esr",
    };
    if !Path::new(path).exists() {
        skip(Need::Browsers, &format!("{path} is not installed"));
        return None;
    }
    let script = "const R=L.map(l=>{try{return new URL(l).hostname}catch(e){return null}});\
                  const T=JSON.stringify(R);\
                  document.body.insertAdjacentHTML('beforeend','<pre>@@BEGIN'+T.replace(/&/g,'&amp;').replace(/</g,'&lt;')+'@@END</pre>');\
                  fetch('/result',{method:'POST',body:T});";
    let page = format!(
        "<!doctype html><meta charset=utf-8><body><script>const L={};{script}</script>",
        serde_json::to_string(lines).expect("JSON")
    );
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
    let url = format!("http://{}/", listener.local_addr().expect("its address"));
    // Serves the page to every GET; the first POST's body is the answer.
    // Two minutes at most: a browser that never asks ends the wait.
    listener.set_nonblocking(true).expect("a listener that does not block");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let server = std::thread::spawn(move || -> Option<String> {
        loop {
            let mut stream = match listener.accept() {
                Ok((stream, _)) => stream,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock && std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    continue;
                }
                Err(_) => return None,
            };
            stream.set_nonblocking(false).ok()?;
            let mut reader = BufReader::new(stream.try_clone().ok()?);
            let (mut request, mut length) = (String::new(), 0);
            reader.read_line(&mut request).ok()?;
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).ok()? == 0 || header == "\r\n" {
                    break;
                }
                if let Some(value) = header.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = value.trim().parse().unwrap_or(0);
                }
            }
            if request.starts_with("POST") {
                let mut body = vec![0; length];
                reader.read_exact(&mut body).ok()?;
                let _ = stream.write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
                return String::from_utf8(body).ok();
            }
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                page.len()
            );
            let _ = stream
                .write_all(head.as_bytes())
                .and_then(|()| stream.write_all(page.as_bytes()));
        }
    });
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("pasted-{browser}"));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).expect("a profile directory");
    let answer = if browser == "chromium" {
        let output = Command::new("timeout")
            .args(["120", path, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", &url])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stderr(Stdio::null())
            .output()
            .expect("chromium ran");
        let dom = String::from_utf8_lossy(&output.stdout).into_owned();
        // The last markers are the answer's (the script's text holds them too).
        let start = dom.rfind("@@BEGIN").expect("the page's answer in Chromium's DOM") + "@@BEGIN".len();
        let end = dom.rfind("@@END").expect("its end");
        dom[start..end]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
    } else {
        let mut child = Command::new(path)
            .args(["--headless", "--no-remote", "--profile"])
            .arg(&profile)
            .arg(&url)
            .env("HOME", &profile)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("firefox started");
        let answer = server.join().expect("the server");
        let answer = answer.expect("Firefox's answer within two minutes");
        let _ = child.kill();
        let _ = child.wait();
        answer
    };
    Some(serde_json::from_str(&answer).expect("the page's JSON"))
}

/// The hosts `hostnames` (a URL parser) finds in the pasted forms are the
/// hosts it finds in `http://HOST/` of the hosts we took (a file URL's in
/// `file://HOST/`), on every form it accepts.
fn check_parser(parser: &str, hostnames: impl Fn(&[String]) -> Option<Vec<Option<String>>>) {
    let forms = forms();
    let Some(theirs) = hostnames(&forms) else { return };
    assert_eq!(theirs.len(), forms.len());
    let ours: Vec<String> = forms
        .iter()
        .map(|form| match take_host(form) {
            Ok(pasted) if form.starts_with("file:") => format!("file://{}/", pasted.host),
            Ok(pasted) => format!("http://{}/", pasted.host),
            Err(reason) => format!("no host: {reason:?}"),
        })
        .collect();
    let Some(ours_parsed) = hostnames(&ours) else { return };
    let (mut asked, mut differing) = (0, Vec::new());
    for ((form, theirs), ours) in forms.iter().zip(&theirs).zip(&ours_parsed) {
        // Where the URL parser fails, a browser does not open it as a URL.
        let Some(theirs) = theirs else { continue };
        asked += 1;
        let url = take_host(form).map(|p| p.taken_from);
        if ours.as_ref() != Some(theirs) || url != Ok(TakenFrom::Url) {
            differing.push(format!("{form:?}: {parser}'s {theirs:?}, ours {ours:?} ({url:?})"));
        }
    }
    eprintln!(
        "{parser}: {} URL forms, {asked} of them accepted by its URL parser; {} differ",
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

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn the_host_taken_from_a_url_is_the_url_parsers() {
    check_parser("Node's new URL", node_hostnames);
}

/// The real browsers' own URL parsers (`new URL` in a page): the host a
/// browser opens from a pasted URL is the host we take from it.
#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn the_host_taken_from_a_url_is_chromiums_and_firefoxs() {
    check_parser("Chromium", |lines| browser_hostnames("chromium", lines));
    check_parser("Firefox", |lines| browser_hostnames("firefox", lines));
}
