//! The module layout: no import cycles between sibling modules
//! (`scripts/import_cycles.py`, which CI's Python runs).

use std::process::Command;

#[test]
fn no_import_cycles_between_sibling_modules() {
    let root = env!("CARGO_MANIFEST_DIR");
    let output = Command::new("python3")
        .arg(format!("{root}/scripts/import_cycles.py"))
        .arg(format!("{root}/src"))
        .output();
    let output = match output {
        Ok(output) => output,
        Err(error) if std::env::var_os("IDNA_INSPECTOR_REQUIRE_PYTHON").is_none() => {
            eprintln!("skipped: python3 not runnable ({error})");
            return;
        }
        Err(error) => panic!("python3 is required (IDNA_INSPECTOR_REQUIRE_PYTHON is set): {error}"),
    };
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("0 cycle(s) between sibling modules"), "{report}");
}
