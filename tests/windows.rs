//! The Windows program under Wine. `scripts/package-windows.sh --shim`
//! builds `idna-inspector.exe` (and, for Wine 8.0 only, the test-only
//! `bcryptprimitives.dll` beside it: tools/wine-shim/). Under Wine the
//! command must give the same output and exit status as this build's Linux
//! command: `explain` (text and `--json`) on valid, invalid and pasted
//! names, `batch` on a file with a line that is not UTF-8 (JSONL, CSV,
//! summary), a usage error and a file that does not exist (exit statuses
//! 0, 1, 2, 3), but for the summary's elapsed time, the program's name and
//! the system's words for an I/O error; and its window must start under Xvfb, drawing with OpenGL
//! (a screenshot is kept: `target/windows/window.png`).
//!
//! Slow tier (`--ignored`): a missing .exe, Wine or Xvfb skips, or fails
//! when `IDNA_INSPECTOR_REQUIRE_WINDOWS` is set.

use idna_inspector::test_needs::{self, Need};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The newest .exe that package-windows.sh built, with the shim beside it.
fn exe() -> Option<PathBuf> {
    let dir = Path::new(ROOT).join("target/windows/x86_64-pc-windows-gnu");
    let newest = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|profile| profile.path().join("idna-inspector.exe"))
        .filter(|exe| exe.is_file() && exe.with_file_name("bcryptprimitives.dll").is_file())
        .max_by_key(|exe| exe.metadata().and_then(|m| m.modified()).ok())?;
    Some(newest)
}

fn wine() -> Option<PathBuf> {
    ["/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine"]
        .into_iter()
        .map(PathBuf::from)
        .find(|path| path.exists())
}

/// Runs the .exe under Wine with `args`, in a prefix of its own.
fn under_wine(wine: &Path, exe: &Path, args: &[&str]) -> Output {
    let prefix = Path::new(ROOT).join("target/windows/wineprefix");
    Command::new(wine)
        .arg(exe)
        .args(args)
        .env("WINEPREFIX", prefix)
        .env("WINEDEBUG", "-all")
        .env("LANG", "C.UTF-8")
        .env_remove("DISPLAY")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A Wine prefix whose processes are ended when this is dropped: its
/// wineserver is killed (`wineserver -k`) and waited for (`-w`).
struct WineSession(PathBuf);

impl Drop for WineSession {
    fn drop(&mut self) {
        for flag in ["-k", "-w"] {
            let _ = Command::new("wineserver")
                .arg(flag)
                .env("WINEPREFIX", &self.0)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

fn on_linux(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// `path` as the Windows program names it: Wine's drive Z: is `/`.
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

#[test]
#[ignore = "slow: runs the Windows build under Wine (scripts/package-windows.sh --shim first)"]
fn the_windows_program_answers_as_the_linux_one_and_its_window_starts() {
    let Some(exe) = exe() else {
        test_needs::skip(
            Need::Windows,
            "no idna-inspector.exe with the Wine shim (scripts/package-windows.sh --shim)",
        );
        return;
    };
    let Some(wine) = wine() else {
        test_needs::skip(Need::Windows, "Wine is not installed (apt-get install wine wine64)");
        return;
    };
    // Whatever the test's end, Wine's processes in the prefix end with it
    // (its wineserver would outlive the test by seconds, still writing
    // into the prefix).
    let _session = WineSession(Path::new(ROOT).join("target/windows/wineprefix"));
    // A fresh prefix makes Wine's first run print its own setup lines on
    // stderr ("wine: created the configuration directory …"): one run
    // whose output is not compared sets the prefix up (CI starts fresh).
    under_wine(&wine, &exe, &["--version"]);
    let dir = Path::new(ROOT).join("target/windows/test");
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("names.txt");
    let mut bytes = "bücher.de\nFASS.DE\n# a comment\n\nxn--abc-.com\nhttps://аррӏе.com/login\n"
        .as_bytes()
        .to_vec();
    bytes.extend_from_slice(b"bad\xFFline.com\n_dmarc.example.com\n\xF0\x9F\xA6\x84.com\n");
    std::fs::write(&list, &bytes).unwrap();
    let (linux_list, windows_list) = (list.display().to_string(), windows_path(&list));
    let missing = dir.join("no-such-file.txt");
    let (linux_missing, windows_missing) = (missing.display().to_string(), windows_path(&missing));
    let cases: Vec<(Vec<&str>, Vec<&str>, Option<i32>)> = vec![
        (vec!["explain", "bücher.de"], vec![], Some(0)),
        (vec!["explain", "--json", "faß.de"], vec![], Some(0)),
        (vec!["explain", "--json", "a..b"], vec![], Some(1)),
        (vec!["explain", "xn--abc-.com"], vec![], Some(1)),
        (vec!["explain", "--json", "https://аррӏе.com/login?x=1"], vec![], None),
        (vec!["explain", "--spoof", "--json", "раураl.com"], vec![], None),
        (vec!["explain", "--runtimes", "ΒΌΛΟΣ.com"], vec![], None),
        (
            vec!["batch", "--format", "jsonl", &linux_list],
            vec!["batch", "--format", "jsonl", &windows_list],
            Some(1),
        ),
        (
            vec!["batch", "--format", "csv", &linux_list],
            vec!["batch", "--format", "csv", &windows_list],
            Some(1),
        ),
        (
            vec!["batch", "--format", "summary", &linux_list],
            vec!["batch", "--format", "summary", &windows_list],
            Some(1),
        ),
        (vec!["explain", "--no-such-flag", "x"], vec![], Some(2)),
        (vec!["batch", &linux_missing], vec!["batch", &windows_missing], Some(3)),
    ];
    let mut differ = Vec::new();
    for (linux_args, windows_args, status) in &cases {
        let windows_args = if windows_args.is_empty() { linux_args } else { windows_args };
        let (linux, windows) = (on_linux(linux_args), under_wine(&wine, &exe, windows_args));
        if let Some(status) = status {
            assert_eq!(linux.status.code(), Some(*status), "{linux_args:?} on Linux: {linux:?}");
        }
        let same = linux.status.code() == windows.status.code()
            && comparable(&linux.stdout) == comparable(&windows.stdout)
            && comparable(&linux.stderr)
                .replace(&linux_missing, "FILE")
                .replace(&linux_list, "LIST")
                == comparable(&windows.stderr)
                    .replace(&windows_missing, "FILE")
                    .replace(&windows_list, "LIST");
        if !same {
            differ.push(format!(
                "{linux_args:?}: Linux {:?} {:?} {:?}; Windows {:?} {:?} {:?}",
                linux.status.code(),
                String::from_utf8_lossy(&linux.stdout),
                String::from_utf8_lossy(&linux.stderr),
                windows.status.code(),
                String::from_utf8_lossy(&windows.stdout),
                String::from_utf8_lossy(&windows.stderr)
            ));
        }
    }
    eprintln!(
        "Windows under Wine: {} of {} commands as on Linux",
        cases.len() - differ.len(),
        cases.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    window_starts(&wine, &exe);
}

/// What may differ between the systems taken out: the summary's elapsed
/// time, the program's name (`idna-inspector.exe` in clap's usage line) and
/// the system's words for an I/O error (`(os error 2)` is kept).
fn comparable(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter(|line| !line.starts_with("elapsed\t"))
        .map(|line| {
            let line = line.replace("idna-inspector.exe", "idna-inspector");
            match (line.rfind(": "), line.find(" (os error ")) {
                (Some(colon), Some(code)) if colon < code => format!("{}:{}", &line[..colon], &line[code..]),
                _ => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Starts the window under Xvfb, waits for it, keeps a screenshot and
/// checks that it is drawn (not one flat colour).
fn window_starts(wine: &Path, exe: &Path) {
    for tool in ["/usr/bin/Xvfb", "/usr/bin/import", "/usr/bin/xdotool"] {
        if !Path::new(tool).exists() {
            test_needs::skip(Need::Windows, &format!("{tool} is not installed (xvfb imagemagick xdotool)"));
            return;
        }
    }
    let display = ":93";
    let mut xvfb = Command::new("/usr/bin/Xvfb")
        .args([display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(1));
    let prefix = Path::new(ROOT).join("target/windows/wineprefix");
    let mut window = Command::new(wine)
        .arg(exe)
        .arg("bücher.de")
        .env("WINEPREFIX", prefix)
        .env("WINEDEBUG", "-all")
        .env("LANG", "C.UTF-8")
        .env("DISPLAY", display)
        // OpenGL through Wine's WGL and Mesa: wgpu's default, Direct3D 12
        // on vkd3d, aborts under Wine 8.0 (real Windows has Direct3D 12).
        .env("WGPU_BACKEND", "gl")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut found = false;
    while started.elapsed() < Duration::from_secs(90) && !found {
        std::thread::sleep(Duration::from_secs(2));
        let search = Command::new("/usr/bin/xdotool")
            .args(["search", "--name", "idna-inspector"])
            .env("DISPLAY", display)
            .output()
            .unwrap();
        found = search.status.success() && !search.stdout.is_empty();
    }
    // Time to draw its first frames.
    std::thread::sleep(Duration::from_secs(8));
    let shot = Path::new(ROOT).join("target/windows/window.png");
    let import = Command::new("/usr/bin/import")
        .args(["-window", "root"])
        .arg(&shot)
        .env("DISPLAY", display)
        .status()
        .unwrap();
    let colours = Command::new("/usr/bin/identify")
        .args(["-format", "%k"])
        .arg(&shot)
        .output()
        .unwrap();
    let _ = window.kill();
    let _ = window.wait();
    let _ = xvfb.kill();
    let _ = xvfb.wait();
    assert!(found, "no window named idna-inspector appeared under Wine within 90 s");
    assert!(import.success(), "the screenshot failed");
    let colours: u64 = String::from_utf8_lossy(&colours.stdout).trim().parse().unwrap_or(0);
    eprintln!("the window under Wine: {colours} colours in {}", shot.display());
    assert!(colours > 50, "the window shows {colours} colours: not drawn");
}
