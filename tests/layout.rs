//! The module layout: no import cycles between sibling modules
//! (`scripts/import_cycles.py`, which CI's Python runs).

use idna_inspector::test_needs::Need;
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
        Err(error) => {
            idna_inspector::test_needs::skip(Need::Python, &format!("python3 is not runnable ({error})"));
            return;
        }
    };
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("0 cycle(s) between sibling modules"), "{report}");
}
